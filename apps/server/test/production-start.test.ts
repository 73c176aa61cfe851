/**
 * Production is safe by default, and start-up faults say what is wrong:
 * - a production start never creates the demo accounts (their passwords are in the README and the
 *   seed's source), refuses a database where any seeded account still has its seeded password (all
 *   of them named, not only the README's), and prints no demo sign-ins;
 * - the first admin comes from `npm run admin:create`, whose one-time password opens nothing but
 *   the password change;
 * - the embedded PostgreSQL: a taken port is named with its setting; after the store is killed
 *   (`kill -9`) the next start recovers by itself; a second copy on the same data folder is refused;
 *   the banner names the real data folder.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.js";
import { DEMO_ACCOUNTS, SEEDED_ACCOUNTS } from "../src/db/seed/demo.js";
import { createUser } from "../src/db/seed/factories.js";
import { PASSWORD_CHANGE_FIRST } from "../src/plugins/auth.js";
import { PRODUCTION_ENV } from "./fixtures.js";
import { createTestContext, type TestContext } from "./helpers.js";
import { freePort, SERVER_ROOT, type ServerProcess, startServerProcess } from "./server-process.js";

let ctx: TestContext;
let dir: string;
const running: ServerProcess[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  dir = await mkdtemp(path.join(os.tmpdir(), "market-production-"));
  // Run as root, the embedded PostgreSQL runs as the "postgres" user, which must reach the data folders below.
  await chmod(dir, 0o755);
});
afterEach(async () => {
  while (running.length) await running.pop()!.stop();
});
afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>, opts?: { waitReady?: boolean }) {
  const server = await startServerProcess({ WEB_DIST: path.join(dir, "no-web"), DATA_DIR: dir, ...env }, opts);
  running.push(server);
  return server;
}

async function signIn(email: string, password: string) {
  return ctx.request({ method: "POST", url: "/api/signin", payload: { email, password } });
}

describe("production start", () => {
  it("on an empty database creates no account and prints no demo sign-ins", { timeout: 60_000 }, async () => {
    const server = await start({ ...PRODUCTION_ENV, DATABASE_URL: ctx.url });
    const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(row!.n).toBe(0);
    const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
    const res = await fetch(`${server.base}/api/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(res.status).toBe(401);
    expect(server.stdout()).not.toContain("Demo sign-ins");
    expect(server.stdout()).not.toContain(admin.password);
  });

  it("refuses a database that still has a demo account with its published password", { timeout: 60_000 }, async () => {
    const demo = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
    const planted = await createUser(ctx.db, { email: demo.email, password: demo.password, accType: "admin" });
    try {
      const server = await start({ ...PRODUCTION_ENV, DATABASE_URL: ctx.url }, { waitReady: false });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain(demo.email);
      expect(server.stderr()).toMatch(/published passwords/);
    } finally {
      await ctx.db.delete(users).where(sql`${users.id} = ${planted.id}`);
    }
  });

  it("refuses, naming each one, seeded accounts beyond the README's that keep their seeded password", { timeout: 60_000 }, async () => {
    // As after an operator changed the printed demo passwords: the other seeded accounts are left.
    const others = SEEDED_ACCOUNTS.filter((a) => !DEMO_ACCOUNTS.some((d) => d.email === a.email));
    expect(others.map((a) => a.email)).toEqual(
      expect.arrayContaining(["emeka@naijamarket.ng", "zainab@naijamarket.ng", "ngozi@example.ng"]),
    );
    const planted = [];
    for (const a of others) planted.push(await createUser(ctx.db, { email: a.email, password: a.password }));
    for (const d of DEMO_ACCOUNTS) planted.push(await createUser(ctx.db, { email: d.email, password: "Changed-by-the-operator-1" }));
    try {
      const server = await start({ ...PRODUCTION_ENV, DATABASE_URL: ctx.url }, { waitReady: false });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toMatch(/published passwords/);
      for (const a of others) expect(server.stderr()).toContain(a.email);
      for (const d of DEMO_ACCOUNTS) expect(server.stderr()).not.toContain(d.email);
    } finally {
      await ctx.db.delete(users).where(
        inArray(
          users.id,
          planted.map((u) => u.id),
        ),
      );
    }
  });
});

describe("npm run admin:create", () => {
  it("creates an admin whose one-time password opens only the password change", { timeout: 60_000 }, async () => {
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "src/cli/admin-create.ts", "--email", "Boss@Store.ng", "--phone", "0803 555 0101", "--name", "Bola Admin"],
        { cwd: SERVER_ROOT, env: { PATH: process.env.PATH, ...PRODUCTION_ENV, DATABASE_URL: ctx.url } },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => {
        stdout += String(d);
      });
      child.stderr.on("data", (d) => {
        stderr += String(d);
      });
      child.on("exit", (code) => resolve({ code, stdout, stderr }));
    });
    expect(out.code, out.stderr).toBe(0);
    const password = /One-time password: (\S+)/.exec(out.stdout)?.[1];
    expect(password).toBeTruthy();

    const signedIn = await signIn("boss@store.ng", password!);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().accType).toBe("admin");
    const token = signedIn.json().token as string;
    const me = await ctx.request({ method: "GET", url: "/api/me", token });
    expect(me.json().data).toMatchObject({ must_change_password: true, accType: "admin", names: "Bola Admin" });
    const blocked = await ctx.request({ method: "GET", url: "/api/dashboard", token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(PASSWORD_CHANGE_FIRST);

    const newPassword = "Lagoon-Harbour-2026";
    const changed = await ctx.request({
      method: "PUT",
      url: "/api/me",
      token,
      payload: {
        request_type: "changePass",
        _id: me.json().data._id,
        old_password: password,
        password: newPassword,
        confirm_password: newPassword,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await signIn("boss@store.ng", newPassword);
    const dashboard = await ctx.request({ method: "GET", url: "/api/dashboard", token: again.json().token });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect((await ctx.request({ method: "GET", url: "/api/me", token: again.json().token })).json().data.must_change_password).toBe(false);
  });
});

describe("embedded PostgreSQL start-up faults", () => {
  it("a taken port stops the start with a message naming EMBEDDED_PG_PORT", { timeout: 60_000 }, async () => {
    const port = await freePort();
    const blocker: Server = createServer().listen(port, "127.0.0.1");
    try {
      const server = await start(
        { DATA_DIR: path.join(dir, "taken"), EMBEDDED_PG_PORT: String(port), SEED_DEMO: "false" },
        { waitReady: false },
      );
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain(`Port ${port}`);
      expect(server.stderr()).toContain("EMBEDDED_PG_PORT");
      expect(server.stderr()).not.toMatch(/\bundefined\b/);
    } finally {
      blocker.close();
    }
  });

  it("after kill -9 the next start recovers by itself; a second copy on the same folder is refused", { timeout: 120_000 }, async () => {
    const dataDir = path.join(dir, "crash");
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), SEED_DEMO: "false" };
    const first = await start(env);
    expect(first.stdout()).toContain(`embedded PostgreSQL (${path.join(dataDir, "postgres")})`);

    // A second copy of the store on the same data folder, while the first runs.
    const second = await start({ ...env, PORT: String(await freePort()) }, { waitReady: false });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toMatch(/in use by another running copy of the store/);

    // kill -9: the store dies at once and its PostgreSQL outlives it, holding the port and postmaster.pid.
    const postmaster = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    first.child.kill("SIGKILL");
    await first.exited;
    expect(() => process.kill(postmaster, 0)).not.toThrow();

    const restarted = await start(env);
    const health = await fetch(`${restarted.base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ db: "up" });
  });
});
