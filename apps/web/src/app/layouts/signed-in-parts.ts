/**
 * The header's parts only a signed-in account sees, each its own chunk (ADR 0051, 0182): the
 * notification bell and the avatar menu. The server draws them into a signed-in page, so they are
 * `lazyComponent`s that main.tsx preloads before hydrating such a page (ADR 0224): a part whose code
 * came after hydration stayed the server's inert HTML meanwhile, and a tap on the bell then did nothing.
 */
import { lazyComponent } from "../../lib/lazy-component";

export const NotificationBell = lazyComponent(() => import("../../components/notifications/bell"));
export const HeaderAvatar = lazyComponent(() => import("./header-avatar"));

/** Load both parts (for a page the server drew for a signed-in account); never rejects. */
export function preloadSignedInParts(): Promise<unknown> {
  return Promise.all([NotificationBell.preload(), HeaderAvatar.preload()]).catch(() => undefined);
}
