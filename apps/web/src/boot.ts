/**
 * The page's only script (index.html), a few hundred bytes (ADR 0072). It brings the first screen's
 * styles with it and starts the app (main.tsx: React, the router, the page) only once the page has
 * loaded: the server has already drawn the storefront page, so on a slow phone the HTML, the
 * styles and the pictures the shopper sees get the connection first, and the ~150 KB of
 * JavaScript that makes the page interactive follows. Links work as plain links meanwhile.
 *
 * `START_AFTER_MS` caps the wait: a picture stuck on a bad connection does not hold the app back.
 * The modules of the first screen (the app's and the page's own chunks, listed by the server in
 * #route-modules) are all requested at once, not one import round trip after the other.
 */
import "./app/mantine-styles";
import "./app/global.css";

const START_AFTER_MS = 2_500;

let started = false;
function start(): void {
  if (started) return;
  started = true;
  let listed: unknown = [];
  try {
    listed = JSON.parse(document.getElementById("route-modules")?.textContent ?? "[]");
  } catch {
    // no list: the browser finds the app's modules through its imports
  }
  // Every listed module at once, dependencies first: they download in parallel and each runs in
  // its own task as it arrives, instead of the whole app running in one long task at the end.
  const modules = Array.isArray(listed) ? listed.filter((m): m is string => typeof m === "string") : [];
  for (const href of modules.reverse()) void import(/* @vite-ignore */ href).catch(() => undefined);
  void import("./main");
}

if (document.readyState === "complete") start();
else {
  // After the frame that follows `load`, so the page is painted before any app code runs.
  window.addEventListener("load", () => requestAnimationFrame(() => setTimeout(start, 0)), { once: true });
  setTimeout(start, START_AFTER_MS);
}
