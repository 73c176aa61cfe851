/**
 * The page's only script (index.html), a few hundred bytes (ADR 0072). It brings the first screen's
 * styles with it and starts the app (main.tsx: React, the router, the page) only once the page has
 * loaded: the server has already drawn the storefront page, so on a slow phone the HTML, the
 * styles and the pictures the shopper sees get the connection first, and the JavaScript that makes
 * the page interactive follows. Links work as plain links meanwhile.
 *
 * `START_AFTER_MS` caps the wait: a picture stuck on a bad connection does not hold the app back.
 * The modules of the first screen (the app's and the page's own chunks, listed by the server in
 * #route-modules) are all requested at once, not one import round trip after the other, and run
 * one by one in separate tasks.
 */
import "./app/mantine-styles";
import "./app/global.css";

const START_AFTER_MS = 2_500;
const PRELOADS_PER_TASK = 3;

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
  // All listed modules are downloaded at once (preloaded into the module map), then
  // run one after the other, dependencies first, each in its own task: a phone stays responsive
  // between them instead of running the whole app in one long task.
  const modules = Array.isArray(listed) ? listed.filter((m): m is string => typeof m === "string") : [];
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  void (async () => {
    // <link rel="modulepreload"> rather than fetch(): a preloaded module sits in the module map, so
    // the imports below run it without another trip through the HTTP cache (ADR 0073).
    // Starting each request costs the main thread a little: a few per task keeps every task short.
    const loaded: Promise<void>[] = [];
    for (let i = 0; i < modules.length; i += PRELOADS_PER_TASK) {
      if (i > 0) await nextTask();
      for (const href of modules.slice(i, i + PRELOADS_PER_TASK)) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        loaded.push(new Promise<void>((resolve) => (link.onload = link.onerror = () => resolve())));
        document.head.append(link);
      }
    }
    await Promise.all(loaded);
    for (const href of modules) {
      await import(/* @vite-ignore */ href).catch(() => undefined);
      await nextTask();
    }
    await import("./main");
  })();
}

// A form sent before the app has started would be sent by the browser itself: a GET to the page's
// own address without the fields (our inputs carry no names), so a shopper who taps Login or Place
// Order on a slow phone would lose what they typed and where they were going. Hold the sending,
// start the app at once, and send the form again through the app once it is ready (the hydrated
// page keeps the same form element).
let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
document.addEventListener(
  "submit",
  (event) => {
    const root = document.documentElement;
    if (root.hasAttribute("data-app-ready") || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    const first = !held;
    // A second tap before the app is ready replaces the first: the form is sent once.
    held = { form: event.target, submitter: event.submitter instanceof HTMLElement ? event.submitter : null };
    if (!first) return;
    const resend = new MutationObserver(() => {
      if (!root.hasAttribute("data-app-ready") || !held) return;
      resend.disconnect();
      const { form, submitter } = held;
      held = null;
      if (!form.isConnected) return;
      try {
        form.requestSubmit(submitter?.isConnected ? submitter : null);
      } catch {
        form.requestSubmit(); // the button was redrawn and is no longer this form's
      }
    });
    resend.observe(root, { attributes: true, attributeFilter: ["data-app-ready"] });
    start();
  },
  true,
);

if (document.readyState === "complete") start();
else {
  // After the frame that follows `load`, so the page is painted before any app code runs.
  window.addEventListener("load", () => requestAnimationFrame(() => setTimeout(start, 0)), { once: true });
  setTimeout(start, START_AFTER_MS);
}
