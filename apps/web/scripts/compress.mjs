// Writes .br and .gz beside every built asset so the server sends them without compressing per request.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(process.argv[2] ?? "dist");
async function* files(dir) {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (/\.(js|css|html|svg|json|txt|xml)$/.test(e.name)) yield p;
  }
}
let n = 0;
for await (const f of files(root)) {
  const buf = await readFile(f);
  if (buf.length < 1024) continue;
  await writeFile(`${f}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${f}.gz`, gzipSync(buf, { level: 9 }));
  n++;
}
console.log(`compressed ${n} files (br, gz)`);
