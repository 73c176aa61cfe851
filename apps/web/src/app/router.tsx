/** The browser's data router over the app's routes (routes.tsx); created once, when the app starts. */
import { createBrowserRouter } from "react-router";
import { routes } from "./routes";

export const router = createBrowserRouter(routes);

/** Resolves once the router has loaded the first page's lazy route module (nothing to draw before). */
export function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
