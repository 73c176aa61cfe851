/**
 * HAProxy (Debian's package) in front of store processes, for the multi-instance test
 * (cluster/cluster.test.ts) and the benchmark's load-balancer rows (bench/run.ts). The
 * configuration is the one docs/deploy.md describes: round robin, health checks on /api/health, a
 * refused connection tried on another process, never a request that reached one.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";

/** The HAProxy binary (HAPROXY, the PATH, /usr/sbin), or null when it is not installed. */
export function haproxyBinary(): string | null {
  if (process.env.HAPROXY) return process.env.HAPROXY;
  const dirs = (process.env.PATH ?? "").split(":").concat(["/usr/sbin", "/usr/local/sbin"]);
  return dirs.map((dir) => path.join(dir, "haproxy")).find((p) => existsSync(p)) ?? null;
}

/** One frontend: HAProxy listens on 127.0.0.1:`port` and spreads requests over `backends` ("host:port"). */
export type Frontend = { name: string; port: number; backends: string[] };

/**
 * Start HAProxy with `frontends` (its configuration written into `dir`); resolves once every
 * frontend answers /api/health with 200. Each answer names its process in `X-Backend`
 * (`<frontend>-<n>`, n from 0 in the order of `backends`).
 * @throws Error when HAProxy is not installed, exits, or does not answer within 10 s.
 */
export async function startHaproxy(dir: string, frontends: Frontend[]): Promise<{ child: ChildProcess; stop: () => void }> {
  const binary = haproxyBinary();
  if (!binary) throw new Error("HAProxy is not installed: apt-get install -y haproxy (bash .ci/run installs it)");
  const cfg = [
    "global",
    "  maxconn 4096",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 30s",
    "  timeout server 30s",
    // A busy process answers its health check late, not never: only one that misses three in a row
    // (about 3 s) is taken out.
    "  timeout check 5s",
    // A connection refused by a dead process is tried again on another; a request that reached a
    // process is never sent twice (a checkout must not be).
    "  retries 2",
    "  option redispatch",
    "  retry-on conn-failure",
    ...frontends.flatMap((f) => [
      `frontend ${f.name}`,
      `  bind 127.0.0.1:${f.port}`,
      `  default_backend ${f.name}-stores`,
      `backend ${f.name}-stores`,
      "  balance roundrobin",
      "  option httpchk GET /api/health",
      "  http-response set-header X-Backend %s",
      "  default-server inter 1s fall 3 rise 2",
      ...f.backends.map((b, i) => `  server ${f.name}-${i} ${b} check`),
    ]),
    "",
  ].join("\n");
  const file = path.join(dir, "haproxy.cfg");
  await writeFile(file, cfg);
  const child = spawn(binary, ["-f", file, "-db"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => {
    stderr += String(d);
  });
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  const started = Date.now();
  for (const f of frontends) {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${f.port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null || Date.now() - started > 10_000) {
        stop();
        throw new Error(`HAProxy did not start: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { child, stop };
}
