/**
 * Starts the BUILT server (server/main.js of a build) on a random port with a fresh embedded
 * PostgreSQL in a temporary folder and the demo data, for the measuring scripts (lighthouse.mjs,
 * profile-page.mjs). Resolves once GET /api/health answers 200. Production refuses the demo store
 * (its passwords are public), so it runs as the end-to-end server does: NODE_ENV=test with the
 * public and page caches on, which is production's request path without its start-up rules.
 *
 * @param {{ serverMain: string, webDist: string }} build paths of the server bundle and web dist
 * @returns {Promise<{ base: string, stop: () => Promise<void> }>} base URL without trailing slash;
 *   stop() sends SIGTERM, waits for the exit and deletes the data folder.
 * @throws when the server exits or does not answer within 2 minutes.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { serverDrawnPages } from "./pages.mjs";

/**
 * Paths of a build: `<dir>/server/main.js` and `<dir>/web` (as scripts/e2e-local.sh makes them),
 * or, without `dir`, the repository's own `npm run build` output.
 */
export function buildPaths(root, dir) {
  return dir
    ? { serverMain: path.resolve(dir, "server/main.js"), webDist: path.resolve(dir, "web") }
    : { serverMain: path.join(root, "apps/server/dist/main.js"), webDist: path.join(root, "apps/web/dist") };
}

/** A free TCP port on 127.0.0.1 (asks the OS for port 0). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });

export async function startBuiltServer({ serverMain, webDist }) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "market-measure-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [serverMain], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      PUBLIC_CACHE: "true",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: tmp,
      EMBEDDED_PG_PORT: String(await freePort()),
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      WEB_DIST: webDist,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 1200) throw new Error("the server did not start in 2 minutes");
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop };
}

/**
 * The storefront pages Lighthouse (and profile-page) measure: every server-drawn page a signed-out
 * visitor sees (SERVER_DRAWN_PAGES in packages/contract/src/pages.ts, ADR 0170; a page with
 * `signedOutTo` is the server's redirect for that visitor, so it is left out), at its first path
 * or its `sample`, where `:productId` is the first product of the demo data.
 */
export async function storefrontPages(base) {
  const pages = (await serverDrawnPages()).filter((p) => !p.signedOutTo);
  let productId;
  if (pages.some((p) => p.sample?.includes(":productId"))) {
    const list = await (await fetch(`${base}/api/product?limit=1`)).json();
    productId = list.products?.[0]?._id;
    if (!productId) throw new Error(`no product in the demo data: ${JSON.stringify(list).slice(0, 200)}`);
  }
  return pages.map((p) => ({ name: p.name, path: (p.sample ?? p.paths[0]).replace(":productId", productId) }));
}
