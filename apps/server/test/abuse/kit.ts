/**
 * Tools of the abuse suite (ADR 0054): the app's own OpenAPI document as the list of routes, a
 * fingerprint of every table (to prove a refused request changed nothing), the error-shape check,
 * and fast-check generators of bad input built from each route's JSON schema.
 *
 * "Bad" here means certainly invalid for the route's schema (a declared field of the wrong JSON
 * type, a required field missing, a query value out of its format/enum/range), plus noise on top
 * (extra and prototype-polluting fields, huge strings, negative and fractional numbers, unknown
 * ids). A certainly-invalid request must be refused with a 4xx in the JSON error shape and must not
 * write anything.
 */

import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../src/db/client.js";
import { createCategory, createPost, createProduct, createUserWithToken } from "../../src/db/seed/factories.js";
import type { TestContext } from "../helpers.js";

/* OpenAPI ------------------------------------------------------------------------------------ */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

type Param = { name: string; in: "query" | "path" | "header"; required?: boolean; schema: JsonSchema };

export type RouteInfo = {
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  /** OpenAPI path, e.g. /api/recover/{request_type}. */
  path: string;
  params: Param[];
  /** JSON body schema, when the route takes a JSON body. */
  body?: JsonSchema;
  /** Other body media types the route declares (e.g. multipart). */
  bodyTypes: string[];
  secured: boolean;
  /** 5xx statuses the route documents (e.g. 503 when no payment or lookup provider answers). */
  declared5xx: number[];
};

/** Every route and method of the app, from GET /api/docs/json. */
export async function listRoutes(ctx: TestContext): Promise<RouteInfo[]> {
  const res = await ctx.request({ method: "GET", url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Param[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
          security?: unknown[];
          responses?: Record<string, unknown>;
        }
      >
    >;
  };
  const routes: RouteInfo[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase() as RouteInfo["method"],
        path,
        params: op.parameters ?? [],
        body: content["application/json"]?.schema,
        bodyTypes: Object.keys(content),
        secured: !!op.security?.length,
        declared5xx: Object.keys(op.responses ?? {})
          .filter((k) => /^5\d\d$/.test(k))
          .map(Number),
      });
    }
  }
  return routes;
}

/* Callers ------------------------------------------------------------------------------------ */

/**
 * The four callers of the input suites (anonymous, a customer, an approved seller, an admin: their
 * tokens by name in `callers`, `callerArb` draws a name) and a little catalog of the seller's (a
 * product with stock 5 and a service, in categories named `label` + " Phones" / " Tailors"), so ids
 * in generated input can hit real rows; `ids` lists every id created.
 */
export async function seedCallers(db: Db, label: string) {
  const customer = await createUserWithToken(db, { accType: "customer" });
  const seller = await createUserWithToken(db, { accType: "business", status: "approved" });
  const admin = await createUserWithToken(db, { accType: "admin" });
  const market = await createCategory(db, { type: "market-place", name: `${label} Phones` });
  const services = await createCategory(db, { type: "services", name: `${label} Tailors` });
  const product = await createProduct(db, { userId: seller.user.id, categoryId: market.id, countInStock: 5 });
  const post = await createPost(db, { userId: seller.user.id, categoryId: services.id });
  const callers = { anonymous: undefined, customer: customer.token, seller: seller.token, admin: admin.token } as const;
  return {
    callers,
    callerArb: fc.constantFrom(...(Object.keys(callers) as Array<keyof typeof callers>)),
    ids: [customer.user.id, seller.user.id, admin.user.id, market.id, services.id, product.id, post.id],
  };
}

/* Database fingerprint ----------------------------------------------------------------------- */

/** Row count and a hash of the contents of every table of the public schema. */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const r = await db.execute<{ n: number; h: string | null }>(
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h from "${name}" t`),
    );
    out[name] = `${r.rows[0]!.n}:${r.rows[0]!.h}`;
  }
  return out;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

/* Answers ------------------------------------------------------------------------------------ */

/** A refused request answers JSON `{statusCode, message}` with statusCode equal to the HTTP status. */
export function expectErrorShape(res: LightMyRequestResponse, what: string) {
  expect(res.headers["content-type"], `${what}: content-type`).toMatch(/application\/json/);
  let body: { statusCode?: unknown; message?: unknown };
  try {
    body = res.json();
  } catch {
    throw new Error(`${what}: answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`);
  }
  expect(body.statusCode, `${what}: statusCode field`).toBe(res.statusCode);
  expect(typeof body.message, `${what}: message field`).toBe("string");
}

/** No 5xx (except one the route documents, e.g. 503 "provider unavailable"); every error in the error shape. */
export function expectNoServerError(res: LightMyRequestResponse, what: string, declared5xx: number[] = []) {
  if (res.statusCode >= 500 && !declared5xx.includes(res.statusCode))
    throw new Error(`${what}: answered ${res.statusCode} ${res.body.slice(0, 300)}`);
  if (res.statusCode >= 400) expectErrorShape(res, what);
}

/* Generators --------------------------------------------------------------------------------- */

/** JSON types a schema accepts ("any" when unconstrained). */
function acceptedTypes(s: JsonSchema | undefined): Set<string> {
  if (!s) return new Set(["any"]);
  const variants = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
  if (variants.length) return new Set(variants.flatMap((v) => [...acceptedTypes(v)]));
  if (s.const !== undefined) return new Set([jsonType(s.const)]);
  if (s.enum) return new Set(s.enum.map(jsonType));
  if (!s.type) return new Set(["any"]);
  const types = new Set(Array.isArray(s.type) ? s.type : [s.type]);
  if (types.has("integer")) types.add("number");
  if (s.nullable) types.add("null");
  return types;
}

function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

/**
 * Values of a JSON type the schema does not accept, chosen so that coercion cannot rescue them
 * (`z.coerce.number()` turns `true` and `[]` into numbers, so those are not used for numbers).
 */
function wrongValues(s: JsonSchema): unknown[] {
  const ok = acceptedTypes(s);
  if (ok.has("any")) return [];
  const candidates: Array<[string, unknown]> = [
    ["string", "definitely-not-valid-here"],
    ["object", { $gt: "", nested: { deep: [1, 2, 3] } }],
    ["array", ["x", "y"]],
    ["number", 12345],
    ["boolean", true],
    ["null", null],
  ];
  const numeric = ok.has("number");
  return candidates
    .filter(([t]) => !ok.has(t))
    .filter(([t]) => !(numeric && (t === "boolean" || t === "null")))
    .map(([, v]) => v);
}

/** Declared properties of a body schema (over every oneOf/anyOf variant). */
function declaredProperties(s: JsonSchema): Map<string, JsonSchema[]> {
  const out = new Map<string, JsonSchema[]>();
  const walk = (x: JsonSchema) => {
    for (const v of [...(x.anyOf ?? []), ...(x.oneOf ?? []), ...(x.allOf ?? [])]) walk(v);
    for (const [k, v] of Object.entries(x.properties ?? {})) out.set(k, [...(out.get(k) ?? []), v]);
  };
  walk(s);
  return out;
}

/** Properties required by every variant of the body schema. */
function requiredEverywhere(s: JsonSchema): string[] {
  const variants = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  if (!variants.length) return s.required ?? [];
  const sets = variants.map((v) => new Set(requiredEverywhere(v)));
  return [...sets[0]!].filter((k) => sets.every((set) => set.has(k)));
}

const HUGE = "Ω".repeat(300_000);
const UNKNOWN_ID = "3f1d6a3e-9c41-4d6f-8a55-000000000000";

/** Noise added on top of a certainly-invalid body: none of it may turn it into a 5xx. */
const noiseValue = fc.constantFrom<unknown>(
  HUGE,
  -1,
  -0.5,
  1.5,
  1e308,
  -9_007_199_254_740_991,
  UNKNOWN_ID,
  "00000000-0000-0000-0000-000000000000",
  "'; drop table users; --",
  "<script>alert(1)</script>",
  "\u0000\uffff\ud800",
  "../../../etc/passwd",
  { $ne: null },
  [[[[[[[[[["deep"]]]]]]]]]],
  "",
);

/**
 * A body that is certainly invalid for `schema`: one declared property of the wrong type, or a
 * property required everywhere left out; then noise (other properties set to odd values, extra
 * fields). Answers null when the schema declares nothing that can be broken.
 */
export function invalidBody(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> | null {
  const props = declaredProperties(schema);
  const breakable = [...props].flatMap(([name, variants]) => {
    const wrong = variants.map(wrongValues);
    // A value wrong for every variant of this property.
    const common = wrong[0]!.filter((v) => wrong.every((w) => w.some((x) => JSON.stringify(x) === JSON.stringify(v))));
    return common.length ? [{ name, wrong: common }] : [];
  });
  const required = requiredEverywhere(schema);
  const breakers: fc.Arbitrary<{ drop?: string; set?: [string, unknown] }>[] = [];
  if (breakable.length) {
    breakers.push(
      fc.constantFrom(...breakable).chain((b) => fc.constantFrom(...b.wrong).map((v) => ({ set: [b.name, v] as [string, unknown] }))),
    );
  }
  if (required.length) breakers.push(fc.constantFrom(...required).map((name) => ({ drop: name })));
  if (!breakers.length) return null;
  const names = [...props.keys()];
  return fc
    .record({
      breaker: fc.oneof(...breakers),
      noise: fc.dictionary(names.length ? fc.constantFrom(...names) : fc.constant("x"), noiseValue, { maxKeys: 4 }),
      extra: fc.dictionary(
        fc.constantFrom("isAdmin", "accType", "user_id", "status", "listed", "count_in_stock", "price_kobo", "zz"),
        noiseValue,
        {
          maxKeys: 3,
        },
      ),
    })
    .map(({ breaker, noise, extra }) => {
      const body: Record<string, unknown> = { ...extra, ...noise };
      for (const name of required) if (!(name in body)) body[name] = UNKNOWN_ID;
      if (breaker.drop) delete body[breaker.drop];
      if (breaker.set) body[breaker.set[0]] = breaker.set[1];
      return body;
    });
}

/** Query or path values that break a parameter's schema (format, enum, range, length). */
export function invalidParamValues(s: JsonSchema): string[] {
  const variants = s.anyOf ?? s.oneOf ?? [s];
  const bad = ["", "not-a-uuid-or-enum", "1' or '1'='1", "%00", "[object Object]"];
  if (variants.every((v) => v.type === "integer" || v.type === "number")) {
    bad.push("abc", "1e309", "NaN");
    const v = variants[0]!;
    if (v.minimum !== undefined) bad.push(String(v.minimum - 1));
    if (v.maximum !== undefined) bad.push(String(v.maximum + 1));
    if (v.type === "integer") bad.push("1.5");
  }
  const maxLength = Math.max(...variants.map((v) => v.maxLength ?? -1));
  if (maxLength >= 0) bad.push("x".repeat(maxLength + 1));
  // Keep only values no variant accepts.
  return bad.filter((value) => !variants.some((v) => paramAccepts(v, value)));
}

/** Does a string query value satisfy a (simple) JSON schema? */
function paramAccepts(s: JsonSchema, value: string): boolean {
  if (s.enum) return s.enum.map(String).includes(value);
  if (s.const !== undefined) return String(s.const) === value;
  if (s.type === "integer" || s.type === "number") {
    if (value.trim() === "") return false;
    const n = Number(value);
    if (!Number.isFinite(n) || (s.type === "integer" && !Number.isInteger(n))) return false;
    if (s.minimum !== undefined && n < s.minimum) return false;
    if (s.maximum !== undefined && n > s.maximum) return false;
    return true;
  }
  if (s.maxLength !== undefined && value.length > s.maxLength) return false;
  if (s.minLength !== undefined && value.length < s.minLength) return false;
  if (s.pattern && !new RegExp(s.pattern).test(value)) return false;
  if (s.format === "uuid" && !/^[0-9a-f-]{36}$/i.test(value)) return false;
  return true;
}

/** Odd but well-formed values for optional string parameters (noise: must not cause a 5xx). */
export const oddQueryValue = fc.constantFrom(
  "ñ漢字🙂",
  "a".repeat(99),
  "'\"\\;--",
  "%27%22",
  "tecno & charger | !phone",
  "(((",
  ":*",
  "-",
  "WyJuZXdlc3QiLCJ4IiwieSIsMSwxXQ",
  "eyJhIjoxfQ",
  UNKNOWN_ID,
);

/** Replace {name} path parameters. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? "x"));
}

/** A query string from a record (values URL-encoded). */
export function queryString(q: Record<string, string>): string {
  const s = new URLSearchParams(q).toString();
  return s ? `?${s}` : "";
}

/* Well-typed but odd input ------------------------------------------------------------------- */

/** Strings tried against a schema's pattern (account numbers, phones, upload URLs...). */
const PATTERN_CANDIDATES = [
  "0000000000",
  "0123456789",
  "9999999999",
  "000",
  "058",
  "+2348031234567",
  "08031234567",
  "/uploads/unknown.webp",
  "/uploads/abc_DEF-123.webp",
  "a@b.ng",
  "https://example.ng/x",
  "2026-01-01",
  "#000000",
  "abc",
  "",
];

const ODD_STRINGS = [
  "",
  " ",
  "ñ漢字🙂",
  "<img src=x onerror=alert(1)>",
  "'; drop table products; --",
  "\u0000",
  "a@b",
  "+234",
  "0".repeat(10),
];

/**
 * Values of the right JSON type and within the declared bounds, but odd: edge numbers, unknown or
 * other people's ids, empty and hostile strings. These reach the handlers; the answer may be a
 * success or a refusal, never a 5xx.
 */
export function wellTypedValue(s: JsonSchema, ids: string[]): fc.Arbitrary<unknown> {
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => wellTypedValue(v, ids)));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string": {
      if (s.format === "uuid" || s.pattern?.includes("[0-9a-fA-F]{8}"))
        return fc.constantFrom(...ids, "3f1d6a3e-9c41-4d6f-8a55-000000000000");
      const max = s.maxLength ?? 5_000;
      const min = s.minLength ?? 0;
      if (s.pattern) {
        // A pattern: candidates that match it (never an open-ended filter, which could spin forever).
        const re = new RegExp(s.pattern);
        const fits = PATTERN_CANDIDATES.filter((c) => re.test(c));
        if (fits.length) return fc.constantFrom(...fits);
      }
      return fc
        .oneof(fc.constantFrom(...ODD_STRINGS), fc.string({ maxLength: 40 }), fc.constant("Ω".repeat(Math.min(max, 5_000))))
        .map((v) => (v.length > max ? v.slice(0, max) : v.padEnd(min, "x")));
    }
    case "integer":
    case "number": {
      const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
      const hi = s.maximum ?? 1_000_000_000;
      const edges = [lo, hi, Math.min(hi, Math.max(lo, 0)), Math.min(hi, Math.max(lo, 1))];
      if (type === "number") edges.push(Math.min(hi, lo + 0.5));
      return fc.constantFrom(...edges);
    }
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(s.items ? wellTypedValue(s.items, ids) : fc.constant("x"), { maxLength: 3 });
    case "object":
      return wellTypedBody(s, ids);
    default:
      return fc.constantFrom<unknown>("x", 1, true, null);
  }
}

/** Plausible values for fields whose rules the JSON schema cannot show (e-mail, phone...). */
const NAME_HINTS: Record<string, string[]> = {
  email: ["someone@example.ng", "ADA@EXAMPLE.NG"],
  phone: ["+2348031234567", "08031234567"],
  whatsapp: ["+2348031234567"],
  username: ["ada_obi", "seller.one"],
  account_no: ["0123456789"],
  password: ["Password1!"],
  confirm_password: ["Password1!"],
};

/** A body with every required property and some optional ones, each well typed but odd. */
export function wellTypedBody(s: JsonSchema, ids: string[]): fc.Arbitrary<Record<string, unknown>> {
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => wellTypedBody(v, ids)));
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  if (!props.length) return fc.constant({});
  const typed = (k: string, v: JsonSchema) =>
    NAME_HINTS[k] && acceptedTypes(v).has("string")
      ? fc.oneof(fc.constantFrom(...NAME_HINTS[k]), wellTypedValue(v, ids))
      : wellTypedValue(v, ids);
  return fc.record(Object.fromEntries(props.map(([k, v]) => [k, typed(k, v)])), {
    requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
  }) as fc.Arbitrary<Record<string, unknown>>;
}
