// Bundles the server to dist/main.js with esbuild. npm dependencies stay external (installed);
// the workspace contract package (TypeScript source) is bundled in. Migrations are copied beside it.
import { cp, readFile, rm } from "node:fs/promises";
import { build } from "esbuild";

const pkg = JSON.parse(await readFile(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith("@market/"));
const outdir = process.argv[2] ?? "dist";
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: ["src/main.ts", "src/db/seed/cli.ts", "src/cli/admin-create.ts"],
  outdir,
  entryNames: "[name]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`), "pino-pretty"],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: "warning",
});
await cp("src/db/migrations", `${outdir}/migrations`, { recursive: true });
console.log(`server built: ${outdir}/main.js`);
