/**
 * Configuration from the environment, validated once at start-up by one Zod schema. A bad value
 * stops the process with a message naming the variable (design brief; epic-stack style).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root (apps/server/src or apps/server/dist -> ../../..). */
const REPO_ROOT = path.resolve(here, "../../..");

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .transform((v) => v === "true" || v === "1")
  .optional();

/** Paystack's own API address: the default of PAYSTACK_API_URL, which every Paystack call uses. */
export const PAYSTACK_API = "https://api.paystack.co";

/** The demo store's collection account (Wema Bank, 035): the default of STORE_ACCOUNT_NO and the demo transfers' account. */
export const DEMO_STORE_ACCOUNT_NO = "0201186431";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Store processes serving PORT on this machine (node:cluster, ADR 0229): one per core uses every
   * core (each holds its own caches and search index). Above 1 it needs REDIS_URL, so that the
   * processes share their rate limits (ADR 0100).
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** PostgreSQL URL; when unset an embedded PostgreSQL is started with data under DATA_DIR/postgres. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /**
   * PostgreSQL URL of a read replica of DATABASE_URL: the public catalog reads of callers who are
   * not signed in go there (ADR 0106). Unset: every read uses DATABASE_URL.
   */
  DATABASE_READ_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, "data")),
  /**
   * Time-outs of the database pools that serve requests, in ms (ADR 0160): waiting for a connection,
   * one statement, a transaction left idle. Past them the request answers 503, so a frozen
   * PostgreSQL answers as fast as a stopped one. Migrations and seeding are not limited.
   */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_500),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(1_500),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),

  /**
   * How old, in ms, a store process's in-memory search index may be when a search reads it (ADR
   * 0227): older, the search waits for the changes; a sync starts in the background after a quarter
   * of it. A catalog write that reached the process makes the next search wait for a sync anyway.
   */
  SEARCH_FRESH_MS: z.coerce.number().int().min(0).max(1_000).default(1_000),

  /** Port of the embedded PostgreSQL. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Where uploaded images are stored (default DATA_DIR/uploads) when S3_BUCKET is not set. */
  UPLOADS_DIR: z.string().optional(),
  /** S3-compatible bucket for uploaded images instead of the local disk (ADR 0105); needs the AWS_* keys. */
  S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,255}$/, "must be a bucket name (letters, digits, dots, hyphens, underscores)")
    .optional(),
  /** The storage's address for anything but AWS S3 (MinIO, Ceph RGW, R2...); implies path-style addressing. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Address buckets as ENDPOINT/bucket rather than bucket.ENDPOINT (on by itself with S3_ENDPOINT). */
  S3_FORCE_PATH_STYLE: bool,
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, "must be a region name such as eu-west-1")
    .default("us-east-1"),
  /** Built web app to serve (default apps/web/dist). */
  WEB_DIST: z.string().default(path.join(REPO_ROOT, "apps/web/dist")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Load demo data when the database has no users yet (default: on, but off and refused in production). */
  SEED_DEMO: bool,
  /** On SIGTERM/SIGINT, keep serving this long (health answering 503) before closing, in ms. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Session lifetime in days. */
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Most images one account may upload in any 24 hours (product, service and profile pictures; ADR 0084). */
  UPLOADS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Most megabytes of stored images (both sizes) one account may keep (ADR 0084). */
  UPLOADS_MAX_MB_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(1024),
  /** SMTP transport URL for nodemailer; without it mail goes to the outbox only. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Naija Market <no-reply@naijamarket.ng>"),
  /** Dev-only outbox page (/dev/outbox); forced off in production. */
  DEV_OUTBOX: bool,
  /**
   * The public answer cache and the server-drawn page cache (ADR 0052, 0072). On by default, off
   * by default under NODE_ENV=test (the API tests write rows straight into the database, which no
   * hook sees); the end-to-end server turns it on, as production runs.
   */
  PUBLIC_CACHE: bool,
  /**
   * Receiving account of the manual bank-transfer provider. The default is the demo store's: a
   * made-up Wema Bank (035) number whose NUBAN check digit is right (required in production).
   */
  STORE_ACCOUNT_NO: z
    .string()
    .regex(/^\d{10}$/, "must be a 10-digit NUBAN")
    .default(DEMO_STORE_ACCOUNT_NO),
  STORE_BANK: z.string().default("Wema Bank"),
  STORE_ACCOUNT_NAME: z.string().default("Naija Market Ltd"),
  /**
   * Hours an admin has to confirm or reject a submitted bank transfer; after that it is flagged in
   * Transactions, its order's stock goes back on sale and the buyer is told (design brief "store's
   * rules", ADR 0081).
   */
  UNCONFIRMED_TRANSFER_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  /**
   * Most units of one product one buyer may order in 24 hours, counting every order of theirs in
   * that time except cancelled and expired ones (checked at checkout, ADR 0081).
   */
  MAX_UNITS_PER_PRODUCT_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Days after a line is received (by the buyer or the return window) before its seller's share becomes available for payout (ADR 0091, 0194). */
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Days after delivery the buyer has to confirm receipt or report a problem; then the line counts as received (ADR 0193). */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** Days after payment a seller has to ship a line; an unshipped line is then cancelled and refunded (ADR 0193). */
  SHIP_BY_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  /** Days a seller has to answer a buyer's problem; no answer accepts the buyer's request (ADR 0195). */
  SELLER_REPLY_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  /** The smallest payout a seller may request, whole naira (ADR 0092). */
  MIN_PAYOUT_NAIRA: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /** Paystack secret key; enables the Paystack provider, card payment and account-name lookups. */
  PAYSTACK_SECRET_KEY: z.string().optional(),
  /**
   * Paystack's API address, used by every Paystack call of the store (transfers, card payment,
   * payouts, account names); tests point it at a local fake Paystack. Default: Paystack's own.
   */
  PAYSTACK_API_URL: z
    .url({ protocol: /^https?$/ })
    .transform((u) => u.replace(/\/+$/, ""))
    .default(PAYSTACK_API),
  /**
   * Addresses of the proxies whose X-Forwarded-* headers are trusted, comma-separated (IPs, CIDRs, or
   * proxy-addr names such as "loopback"). Unset: none, so a client cannot fake its IP to dodge rate limits.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^[0-9a-fA-F:.,/ a-z]+$/, "must be a comma-separated list of addresses, CIDRs or loopback/linklocal/uniquelocal")
    .optional(),
  /**
   * Redis for state shared by several store processes (ADR 0100): rate-limit counters and the cache
   * invalidation bus. Unset: rate limits in memory and invalidations over PostgreSQL LISTEN/NOTIFY.
   * When set, a Redis that does not answer at start stops the start.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of this store's Redis keys and channel (several stores may share one Redis). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, "must be 1-64 letters, digits or : _ . -")
    .default("market:"),
  /** Public URL of the store, for links in mail, sitemap and Open Graph tags. */
  PUBLIC_URL: z.url().optional(),
});

/** The bucket for uploaded images (S3_BUCKET and its settings, config.ts). */
export type S3Settings = {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
};

export type Config = Omit<z.infer<typeof EnvSchema>, "SEED_DEMO"> & {
  /** Load the demo store into an empty database: on by default outside production, never in production. */
  SEED_DEMO: boolean;
  uploadsDir: string;
  /** Uploaded images go to this bucket; null: to `uploadsDir`. */
  s3: S3Settings | null;
  devOutbox: boolean;
  publicCache: boolean;
};

/** Settings production must be given: without them a store would show demo payment details or trust the Host header. */
const REQUIRED_IN_PRODUCTION = {
  PUBLIC_URL: "the store's public address (https://...), used for every absolute link instead of the request's Host header",
  STORE_ACCOUNT_NO: "the 10-digit NUBAN shoppers pay into (the default is a demo number)",
  STORE_BANK: "the bank of that account",
  STORE_ACCOUNT_NAME: "the name on that account",
} as const;

/**
 * Production rules (a first-class mode, safe by default): no demo accounts, whose passwords are
 * published in the README, and the settings of REQUIRED_IN_PRODUCTION present. Answers the problems.
 */
function productionProblems(env: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [name, what] of Object.entries(REQUIRED_IN_PRODUCTION))
    if (!env[name]) problems.push(`  ${name}: required in production: ${what}`);
  if (env.SEED_DEMO === "true" || env.SEED_DEMO === "1")
    problems.push(
      "  SEED_DEMO: the demo store is refused in production (its accounts' passwords are public); create the first admin with `npm run admin:create`",
    );
  return problems;
}

/** Settings that only make sense together, in every mode. Answers the problems. */
function combinationProblems(c: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (c.S3_BUCKET) {
    for (const name of ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] as const)
      if (!c[name]) problems.push(`  ${name}: required with S3_BUCKET (the access key of the bucket's account)`);
  } else {
    // Pictures would silently stay on this machine's disk.
    for (const name of ["S3_ENDPOINT", "S3_FORCE_PATH_STYLE"] as const)
      if (c[name] !== undefined) problems.push(`  S3_BUCKET: required with ${name} (without it pictures stay on the local disk)`);
  }
  if (c.DATABASE_READ_URL && !c.DATABASE_URL)
    problems.push("  DATABASE_READ_URL: needs DATABASE_URL (the embedded PostgreSQL has no replica)");
  if (c.WORKERS > 1 && !c.REDIS_URL)
    problems.push(
      `  REDIS_URL: required with WORKERS=${c.WORKERS} (the processes must share their rate limits, ADR 0100); set it, or WORKERS=1`,
    );
  return problems;
}

/**
 * Parse the environment into a `Config`. Throws an Error listing every bad variable.
 * @param env usually `process.env`; tests pass their own object.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset (e.g. `DATABASE_URL= npm start`).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const combined = combinationProblems(c);
  if (combined.length) throw new Error(`Invalid configuration:\n${combined.join("\n")}`);
  if (c.NODE_ENV === "production") {
    const problems = productionProblems(present as Record<string, string>);
    if (problems.length) throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  return {
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? c.NODE_ENV !== "production",
    uploadsDir: c.UPLOADS_DIR ?? path.join(c.DATA_DIR, "uploads"),
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
          region: c.AWS_REGION,
          forcePathStyle: c.S3_FORCE_PATH_STYLE ?? !!c.S3_ENDPOINT,
          accessKeyId: c.AWS_ACCESS_KEY_ID!,
          secretAccessKey: c.AWS_SECRET_ACCESS_KEY!,
        }
      : null,
    devOutbox: c.NODE_ENV !== "production" && (c.DEV_OUTBOX ?? true),
    publicCache: c.PUBLIC_CACHE ?? c.NODE_ENV !== "test",
  };
}

/** `loadConfig()` for the command-line entry points: a bad setting prints its message and exits 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
