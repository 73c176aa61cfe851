/**
 * The notification bell (ADR 0182) of the storefront header, its own chunk. A page the server drew
 * signed in has the bell in its HTML: main.tsx preloads the chunk before hydrating, so the bell takes
 * over with the page (`lazyComponent`, ADR 0073). Behind `lazy` alone it would take over only once its
 * chunk arrived, after `data-app-ready`, and a tap before that is lost (ADR 0072).
 */
import { lazyComponent } from "../../lib/lazy-component";

export const NotificationBell = lazyComponent(() => import("./bell"));
