/**
 * `npm run admin:create -- --email <e-mail> --phone <phone> [--name "<full name>"] [--username <name>]`:
 * create an admin account on the configured database (DATABASE_URL, or the embedded PostgreSQL
 * under DATA_DIR) and print a one-time password. The first sign-in with it can do nothing but
 * change it (users.password_must_change). This is how a production store gets its first admin:
 * production never loads the demo accounts, whose passwords are published (config.ts).
 * Exits 1 with the field messages when an argument is refused (an e-mail or phone already used...).
 */
// The new-password rule refuses common passwords only once their list is loaded (ADR 0083).
import "@market/contract/password-blocklist";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { AdminCreateUserBody } from "@market/contract";
import { loadConfigOrExit } from "../config.js";
import { openDatabase } from "../db/open.js";
import { HttpError } from "../lib/errors.js";
import { createUserByAdmin } from "../modules/admin/users.service.js";

/** A one-time password: 18 random bytes, base64url (24 characters, 144 bits). */
function oneTimePassword(): string {
  return randomBytes(18).toString("base64url");
}

const { values } = parseArgs({
  options: { email: { type: "string" }, phone: { type: "string" }, name: { type: "string" }, username: { type: "string" } },
  strict: true,
});
if (!values.email || !values.phone) {
  console.error('Usage: npm run admin:create -- --email <e-mail> --phone <phone> [--name "<full name>"] [--username <name>]');
  process.exit(1);
}
const password = oneTimePassword();
const input = AdminCreateUserBody.safeParse({
  names: values.name ?? "Store Admin",
  username: values.username ?? `admin_${randomBytes(3).toString("hex")}`,
  email: values.email,
  phone: values.phone,
  password,
  accType: "admin",
});
if (!input.success) {
  for (const issue of input.error.issues) console.error(`  ${issue.path.join(".")}: ${issue.message}`);
  process.exit(1);
}

const config = loadConfigOrExit();
const database = await openDatabase(config);
try {
  const admin = await createUserByAdmin(database.db, input.data, { passwordMustChange: true });
  console.log(
    [
      `Admin created: ${admin.email} (username ${admin.username})`,
      `One-time password: ${password}`,
      "Sign in with it at /signin: the store asks for a new password before anything else.",
    ].join("\n"),
  );
} catch (err) {
  if (err instanceof HttpError) {
    console.error(`Not created: ${err.message}`);
    for (const [field, message] of Object.entries(err.errors ?? {})) console.error(`  ${field}: ${message}`);
    process.exitCode = 1;
  } else throw err;
} finally {
  await database.close();
}
