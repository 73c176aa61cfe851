/**
 * The wording of every check Zod makes without a message of our own: a sentence in plain English
 * that names the field ("Price cannot be negative", "Choose a category"), never Zod's own wording
 * ("Too small: expected number to be >=0", "Invalid UUID"). Installed once for the whole process
 * (Zod's `config`) when the contract loads, so the browser's form checks (lib/form.ts) and the
 * server's 400 answers (plugins/errors.ts) say the same words. Messages given in a schema win.
 */
import { config } from "zod";

/** Field names whose words differ from their key (other keys: "first_name" -> "first name", "x_id" -> "x"). */
const LABELS: Record<string, string> = {
  _id: "item",
  id: "item",
  count_in_stock: "stock",
  image_urls: "images",
  account_no: "account number",
  bank_code: "bank",
  desc: "description",
  names: "name",
  code_email: "e-mail code",
  code_phone: "phone code",
  accType: "account type",
  req_type: "action",
  whatsapp: "WhatsApp number",
  post_id: "service",
  q: "search",
};

/** The field's name in words, lower case: the last named part of the issue's path ("value" when none). */
function fieldWords(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((p): p is string => typeof p === "string");
  if (!key) return "value";
  if (LABELS[key]) return LABELS[key];
  return key
    .replace(/_id$/, "")
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
}

/** `fieldWords` with a capital letter, to start a sentence. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const w = fieldWords(path);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

const count = new Intl.NumberFormat("en-US");
const TYPE_WORDS: Record<string, string> = {
  number: "a number",
  int: "a whole number",
  string: "text",
  boolean: "yes or no",
  array: "a list",
  object: "a set of fields",
  date: "a date",
};

/** Raw issue fields the wording reads (Zod's issue union, loosely: each code has its own). */
type RawIssue = {
  code?: string;
  path?: PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  divisor?: number | bigint;
  keys?: string[];
};

/** A reference to another record ("category_id", "id", "_id"): a choice, not typed text. */
function isReference(path: readonly PropertyKey[] | undefined): boolean {
  const key = [...(path ?? [])].reverse().find((p) => typeof p === "string") as string | undefined;
  return !!key && (key === "id" || key === "_id" || key.endsWith("_id"));
}

/** The sentence for a reference that is missing or not an id. */
function referenceMessage(path: readonly PropertyKey[] | undefined, missing: boolean): string {
  const words = fieldWords(path);
  if (words === "category") return "Choose a category";
  if (words === "item") return missing ? "Say which item" : "This item does not exist";
  return missing ? `${fieldLabel(path)} is required` : `This ${words} does not exist`;
}

/**
 * The plain-English message of one Zod issue (see the file header): Zod's global error map.
 */
function plainIssueMessage(issue: RawIssue): string {
  const label = fieldLabel(issue.path);
  const words = fieldWords(issue.path);
  const missing = issue.input === undefined || issue.input === null;
  switch (issue.code) {
    case "invalid_type":
      if (isReference(issue.path) && (missing || issue.input === "")) return referenceMessage(issue.path, true);
      if (missing) return `${label} is required`;
      return `${label} must be ${TYPE_WORDS[issue.expected ?? ""] ?? "valid"}`;
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string")
        return min <= 1 ? `${label} is required` : `${label} must have at least ${count.format(min)} characters`;
      if (issue.origin === "array" || issue.origin === "set")
        return min <= 1 ? `Choose at least one ${words}` : `Choose at least ${count.format(min)} ${words}`;
      if (min === 0) return issue.inclusive ? `${label} cannot be negative` : `${label} must be more than 0`;
      return issue.inclusive ? `${label} must be at least ${count.format(min)}` : `${label} must be more than ${count.format(min)}`;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return `${label} is too long (at most ${count.format(max)} characters)`;
      if (issue.origin === "array" || issue.origin === "set") return `${label}: at most ${count.format(max)}`;
      return issue.inclusive === false
        ? `${label} must be less than ${count.format(max)}`
        : `${label} must be at most ${count.format(max)}`;
    }
    case "invalid_format":
      if (issue.format === "uuid" || issue.format === "guid") return referenceMessage(issue.path, issue.input === "");
      if (issue.format === "email") return "Please enter a valid e-mail address";
      return `${label} is not valid`;
    case "not_multiple_of":
      return `${label} must be a multiple of ${issue.divisor}`;
    case "invalid_value":
      return missing ? `${label} is required` : `Choose a valid ${words}`;
    case "unrecognized_keys":
      return `These fields are not accepted: ${(issue.keys ?? []).join(", ")}`;
    default:
      return missing ? `${label} is required` : `${label} is not valid`;
  }
}

/**
 * Make `plainIssueMessage` Zod's error map for the whole process (idempotent). Runs when this module
 * loads; the web app also calls it where its forms validate (lib/form.ts), because its build treats
 * `z.*(...)` calls as pure and could drop a bare one (apps/web/vite.config.ts `manualPureFunctions`).
 */
export function installPlainMessages(): void {
  config({ customError: (issue) => plainIssueMessage(issue as RawIssue) });
}

installPlainMessages();
