/**
 * The page's only script (index.html), a few hundred bytes (ADR 0071). It brings the first screen's
 * styles with it and starts the app (main.tsx: React, the router, the page) only once the page has
 * loaded: the server has already drawn the storefront page, so on a slow phone the HTML, the
 * styles and the pictures the shopper sees get the connection first, and the ~150 KB of
 * JavaScript that makes the page interactive follows. Links work as plain links meanwhile.
 *
 * `START_AFTER_MS` caps the wait: a picture stuck on a bad connection does not hold the app back.
 * The page's own route chunks (listed by the server in #route-modules) are preloaded together with
 * the app, not after it.
 */
import "./app/mantine-styles";
import "./app/global.css";

const START_AFTER_MS = 2_500;

let started = false;
function start(): void {
  if (started) return;
  started = true;
  try {
    const listed = JSON.parse(document.getElementById("route-modules")?.textContent ?? "[]") as unknown;
    for (const href of Array.isArray(listed) ? listed : []) {
      if (typeof href !== "string") continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
  } catch {
    // no list: the router fetches the page's chunk itself
  }
  void import("./main");
}

if (document.readyState === "complete") start();
else {
  // After the frame that follows `load`, so the page is painted before any app code runs.
  window.addEventListener("load", () => requestAnimationFrame(() => setTimeout(start, 0)), { once: true });
  setTimeout(start, START_AFTER_MS);
}
