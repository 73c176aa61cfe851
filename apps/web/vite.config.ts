import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** In `npm run dev` the API runs on :3000 and Vite proxies /api and /uploads to it. */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/uploads": "http://localhost:3000",
      "/dev": "http://localhost:3000",
      "/sitemap.xml": "http://localhost:3000",
    },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: false,
  },
});
