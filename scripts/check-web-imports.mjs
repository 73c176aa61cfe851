#!/usr/bin/env node
/**
 * `npm run lint` (after Biome): the import directions of apps/web/src (ADR 0171). A feature
 * (features/<name>/) imports neither another feature nor the app shell (app/); lib/ and components/
 * import neither a feature nor the app shell. What several features share lives in lib/ or components/. Biome's
 * noRestrictedImports matches the import's text, not the file it names, and the web imports by
 * relative path, so the rule is checked here on the resolved paths.
 *
 * Usage: node scripts/check-web-imports.mjs. Prints each crossing and exits 1 when there is one.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/src");
/** Static imports and re-exports (`from "x"`, `import "x"`) and dynamic `import("x")`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

/** The top-level area of a file under src: "features/<name>", "app", "lib", "components" or other. */
function area(file) {
  const [top, name] = path.relative(SRC, file).split(path.sep);
  return top === "features" ? `features/${name}` : top;
}

/** Why `from` may not import `to` (areas), or null when it may. */
function crossing(from, to) {
  if (from.startsWith("features/") && to.startsWith("features/") && to !== from) return "a feature imports another feature";
  if (from.startsWith("features/") && to === "app") return "a feature imports the app shell";
  if ((from === "lib" || from === "components") && to.startsWith("features/")) return `${from}/ imports a feature`;
  if ((from === "lib" || from === "components") && to === "app") return `${from}/ imports the app shell`;
  return null;
}

const files = readdirSync(SRC, { recursive: true })
  .map((f) => path.join(SRC, String(f)))
  .filter((f) => /\.(ts|tsx)$/.test(f));
const found = [];
for (const file of files) {
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1];
    if (!spec.startsWith(".")) continue;
    const why = crossing(area(file), area(path.resolve(path.dirname(file), spec)));
    if (why) found.push(`${path.relative(process.cwd(), file)}: ${why}: "${spec}"`);
  }
}
for (const line of found) console.error(line);
if (found.length) {
  console.error(
    `\n${found.length} import(s) across the web's boundaries: move the shared piece to lib/ or components/ (docs/ARCHITECTURE.md).`,
  );
  process.exit(1);
}
