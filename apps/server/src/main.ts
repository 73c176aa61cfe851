/**
 * Entry point of `npm start` / `npm run dev`: load config, open the database (embedded unless
 * DATABASE_URL), migrate, seed the demo on first start, listen, and on SIGINT/SIGTERM close the
 * server (finishing in-flight requests), the pool and the embedded PostgreSQL.
 * With WORKERS above 1 this process prepares the database, then runs that many store processes
 * (this same file, as node:cluster workers) on the port instead of serving itself (ADR 0229).
 */
import cluster from "node:cluster";
import { buildApp } from "./app.js";
import { loadConfigOrExit } from "./config.js";
import { openDatabase } from "./db/open.js";
import { DEMO_ACCOUNTS, demoAccountsWithPublishedPasswords, hasData, seedDemo } from "./db/seed/demo.js";
import { createUploadStorage } from "./modules/uploads/storage.js";
import { runWorkers } from "./workers.js";

const started = performance.now();
const config = loadConfigOrExit();

// The picture storage must be usable before anything is served (an unreachable bucket would turn
// every upload and picture into a 503): a fault names the setting to change, then stops.
const pictures = createUploadStorage(config);
try {
  await pictures.check();
} catch (err) {
  console.error(`Naija Market could not use its picture storage (${pictures.location}).\n  ${(err as Error).message}`);
  process.exit(1);
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(config);
} catch (err) {
  // Start-up faults (a taken port, a data folder in use, PostgreSQL not answering at DATABASE_URL)
  // say what is wrong and which setting to change, then stop.
  console.error(`Naija Market could not open its database.\n  ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
if (config.NODE_ENV === "production") {
  // A database brought over from a demo or development install may still hold any of the demo
  // store's accounts, whose passwords are all public (README, seed source): every one is checked.
  const open = await demoAccountsWithPublishedPasswords(database.setupDb);
  if (open.length) {
    console.error(
      `Refusing to start in production: these demo accounts still have their published passwords: ${open.join(", ")}.\n` +
        "  Change their passwords or delete them, and create your own admin with `npm run admin:create`.",
    );
    await database.close();
    process.exit(1);
  }
}
let demoAccounts: string[] = [];
let seeded = false;
if (config.SEED_DEMO && !(await hasData(database.setupDb))) {
  console.log("First start: loading the demo store (a few seconds)...");
  await seedDemo(database.setupDb, pictures);
  seeded = true;
}
pictures.close();

/** The start-up banner (the primary's, or the single process's): where the store runs and what it uses. */
async function banner(port: number): Promise<string> {
  const lines = [
    "",
    `  Naija Market is running at http://localhost:${port}`,
    `  API docs: http://localhost:${port}/api/docs`,
    `  Database: ${database.dataDir ? `embedded PostgreSQL (${database.dataDir})` : "DATABASE_URL"}${database.readDb !== database.db ? ", catalog reads: DATABASE_READ_URL" : ""}${seeded ? ", demo data loaded" : ""}`,
    `  Pictures: ${pictures.location}`,
    ...(config.WORKERS > 1 ? [`  Store processes: ${config.WORKERS} (WORKERS)`] : []),
    `  Ready in ${Math.round(performance.now() - started)} ms`,
  ];
  // Only the demo store's accounts have published passwords; production never loads them (config.ts).
  if (config.SEED_DEMO) demoAccounts = await demoAccountsWithPublishedPasswords(database.db, DEMO_ACCOUNTS);
  if (demoAccounts.length) {
    lines.push("", "  Demo sign-ins:");
    for (const a of DEMO_ACCOUNTS.filter((d) => demoAccounts.includes(d.email)))
      lines.push(`    ${a.role.padEnd(20)} ${a.email.padEnd(24)} ${a.password}`);
  }
  if (config.devOutbox) lines.push("", `  Codes sent by e-mail/SMS (no SMTP set): http://localhost:${port}/dev/outbox`);
  return `${lines.join("\n")}\n`;
}

if (cluster.isPrimary && config.WORKERS > 1) {
  // The store processes open their own pools on this database (the embedded one's URL when it is
  // embedded); its migrations are applied and its demo seeded, so they find nothing to do.
  runWorkers({
    count: config.WORKERS,
    env: { DATABASE_URL: database.url },
    stopWithinMs: config.SHUTDOWN_GRACE_MS + 15_000,
    onListening: (port) => void banner(port).then((text) => console.log(text)),
    onEnded: async (code) => {
      await database.close();
      process.exit(code);
    },
    log: (line) => console.error(line),
  });
} else await serve();

/** Serve in this process: build the app, listen, and drain then close on SIGINT/SIGTERM. */
async function serve() {
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config, database.db, { readDb: database.readDb });
  } catch (err) {
    // E.g. REDIS_URL set but Redis not answering (ADR 0100): say which setting, then stop.
    console.error(`Naija Market could not start.\n  ${err instanceof Error ? err.message : String(err)}`);
    await database.close();
    process.exit(1);
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_MS + 15_000);
    force.unref();
    try {
      // Drain first: the health check answers 503 so a load balancer stops routing here, while
      // requests still arriving (or whose bytes are still on the wire) are served normally. Closing at
      // once would reset connections accepted but not yet parsed, which count as idle.
      app.draining = true;
      await new Promise((r) => setTimeout(r, config.SHUTDOWN_GRACE_MS));
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  // A store process of several: the primary says where the store runs.
  if (cluster.isPrimary) console.log(await banner(port));
}
