/**
 * The notification bell's chunk (ADR 0182), for the storefront header. A page the server drew
 * signed in has the bell in its HTML: main.tsx loads the chunk before hydrating (`preloadBell`), so
 * the bell takes over with the page. Behind `lazy` alone it would take over only once its chunk
 * arrived, after `data-app-ready`, and a tap before that is lost (ADR 0072, 0073).
 */
import { type ComponentType, lazy } from "react";
import type NotificationBellType from "./bell";

type Bell = typeof NotificationBellType;

const load = () => import("./bell");
const LazyBell = lazy(load);
let loaded: Bell | null = null;

/** Load the bell's chunk; once it has loaded, `bellComponent` answers the bell itself. */
export function preloadBell(): Promise<void> {
  return load().then((m) => {
    loaded = m.default;
  });
}

/** The bell: the loaded component once `preloadBell` has finished, else the lazy one (inside a Suspense). */
export function bellComponent(): Bell | ComponentType<Parameters<Bell>[0]> {
  return loaded ?? LazyBell;
}
