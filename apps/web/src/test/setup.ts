import "@testing-library/jest-dom/vitest";
import { notifications } from "@mantine/notifications";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { forgetSession } from "../lib/api";
import { server } from "./msw";

// The one HTTP mock layer (msw.ts): a request to anything but a mocked route fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

// Mantine needs matchMedia and ResizeObserver, which happy-dom lacks or stubs partially.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
afterEach(() => {
  cleanup();
  // The notifications store outlives a test's render: a test's toasts must not take the next
  // test's places (the host shows 3 at a time and queues the rest).
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
  // The test's session cookie (test/session.ts) ends with the test.
  forgetSession();
  server.resetHandlers();
  server.events.removeAllListeners();
});
