/** The browser's data router over the app's routes (routes.tsx); created once, when the app starts (main.tsx). */
import { createBrowserRouter } from "react-router";
import { routes } from "./routes";

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router. Creating it is the app's largest single start-up step (most of it React
 * Router's code running for the first time), so main.tsx does it in a task of its own: a phone
 * stays responsive between the start-up's steps (ADR 0072).
 */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}

/** Resolves once the router has loaded the first page's lazy route module (nothing to draw before). */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
