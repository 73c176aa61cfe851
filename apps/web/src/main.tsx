import "./app/mantine-styles";
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The rest of Mantine's component styles (back office, rarely used components) once the first
// page is drawn (ADR 0051).
const whenIdle: (cb: () => void) => void = window.requestIdleCallback ?? ((cb) => setTimeout(cb, 200));
whenIdle(() => void import("./app/mantine-styles-deferred"));
