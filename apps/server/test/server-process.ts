/** Helpers for tests that start the real server (src/main.ts) as a process of its own. */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { withDatabase } from "./global-setup.js";

export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Wait until `condition()` holds, checking every `everyMs` (default 100), for at most `timeoutMs`;
 * answers whether it held (the caller's expect then says what was missing). For loads started by a
 * test on a busy machine, e.g. "the first orders were acknowledged".
 */
export async function waitUntil(
  condition: () => boolean,
  { timeoutMs, everyMs = 100 }: { timeoutMs: number; everyMs?: number },
): Promise<boolean> {
  for (const from = performance.now(); !condition(); await new Promise((r) => setTimeout(r, everyMs))) {
    if (performance.now() - from >= timeoutMs) return false;
  }
  return true;
}

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export type ServerProcess = {
  child: ChildProcess;
  base: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after 10 s; resolves once it has ended. */
  stop: () => Promise<void>;
};

/**
 * Spawn `src/main.ts` (through tsx), or the built `entry` (e.g. dist/main.js), with `env` on a free
 * port. With `waitReady` (the default) it answers once /api/health answers 200, and throws with the
 * output if the process ends first.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { waitReady = true, entry }: { waitReady?: boolean; entry?: string } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, entry ? [entry] : ["--import", "tsx", "src/main.ts"], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: "test", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => {
    stdout += String(d);
  });
  child.stderr!.on("data", (d) => {
    stderr += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server: ServerProcess = {
    child,
    base: `http://127.0.0.1:${port}`,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  if (!waitReady) return server;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${stderr}${stdout}`);
    const ok = await fetch(`${server.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    if (i > 900) throw new Error(`server did not start: ${stderr}${stdout}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The processes whose parent is `pid` (Linux /proc): e.g. the store processes of a WORKERS store. */
export function childPids(pid: number): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1]?.split(" ")[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * The database `name`, created afresh on the PostgreSQL of `adminUrl` (one an earlier run left is
 * dropped first): its URL, and `drop()` for the end of the run.
 */
export async function freshDatabase(adminUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const run = async (sql: string[]) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      for (const statement of sql) await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  const dropSql = `drop database if exists "${name}" with (force)`;
  await run([dropSql, `create database "${name}"`]);
  return { url: withDatabase(adminUrl, name), drop: () => run([dropSql]) };
}
