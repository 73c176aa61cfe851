/**
 * Entry point of `npm start` / `npm run dev`: load config, open the database (embedded unless
 * DATABASE_URL), migrate, seed the demo on first start, listen, and on SIGINT/SIGTERM close the
 * server (finishing in-flight requests), the pool and the embedded PostgreSQL.
 */
import { buildApp } from "./app.js";
import { loadConfigOrExit } from "./config.js";
import { openDatabase } from "./db/open.js";
import { DEMO_ACCOUNTS, demoAccountsWithPublishedPasswords, hasData, seedDemo } from "./db/seed/demo.js";
import { createUploadStorage } from "./modules/uploads/storage.js";

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
const lines = [
  "",
  `  Naija Market is running at http://localhost:${port}`,
  `  API docs: http://localhost:${port}/api/docs`,
  `  Database: ${database.dataDir ? `embedded PostgreSQL (${database.dataDir})` : "DATABASE_URL"}${database.readDb !== database.db ? ", catalog reads: DATABASE_READ_URL" : ""}${seeded ? ", demo data loaded" : ""}`,
  `  Pictures: ${app.uploads.location}`,
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
console.log(`${lines.join("\n")}\n`);
