import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    // Page tests type into forms with user-event: on a loaded 2-core machine one can take longer
    // than Vitest's 5 s default without anything being wrong.
    testTimeout: 20_000,
  },
});
