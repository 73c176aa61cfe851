/** The app: started by boot.ts once the page has loaded (the first screen's styles came with boot.ts, ADR 0072). */
import { hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { createQueryClient } from "./app/providers";
import { createAppRouter, routerReady } from "./app/router";
import { NotificationBell } from "./components/notifications/bell-loader";
import { dropStoredToken } from "./lib/api";
import { meQuery, noteServerSession } from "./lib/session";

// The server may have drawn the first page already (ADR 0072): start from the data it drew with and
// hydrate its HTML (the same tree from the same data) once the page's route module is loaded; else
// render from scratch. Either is a transition: React yields to the browser every few ms instead of
// blocking a slow phone for the whole first render.
const queryClient = createQueryClient();
const state = document.getElementById("rq-state")?.textContent;
if (state) {
  try {
    hydrate(queryClient, JSON.parse(state));
    noteServerSession(queryClient.getQueryData(meQuery.queryKey));
  } catch {
    // unreadable state: the page asks the API itself
  }
}
// A token an older version kept in localStorage is removed (the session is a cookie now, ADR 0127).
dropStoredToken();
const container = document.getElementById("root")!;
// A task of its own for creating the router (see createAppRouter), then the first page's module.
// (Promises, not a top-level await: that would make the bundler wrap every module of the chunk.)
setTimeout(() => {
  const router = createAppRouter();
  // A page drawn signed in has the header's bell: its chunk too, so it takes over with the page.
  const bell = state && queryClient.getQueryData(meQuery.queryKey) ? NotificationBell.preload().catch(() => undefined) : undefined;
  void Promise.all([routerReady(router), bell]).then(() => {
    const app = (
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>
    );
    startTransition(() => {
      if (state && container.firstElementChild) hydrateRoot(container, app);
      else createRoot(container).render(app);
    });
  });
}, 0);
