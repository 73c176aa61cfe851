import { createDb } from "../apps/server/src/db/client.js";
import { search, planSearch } from "../apps/server/src/modules/search/search.service.js";
const db = createDb("postgres://postgres@127.0.0.1:5432/search_perf", 2);
const qs = ["samsung charger", "samsng", "phone", "blender lagos", "tecno", "kettle fashion", "oraimo power bank", "cheap wristwatch"];
for (const q of qs) {
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    const plan = await planSearch(db, q, []);
    const t1 = performance.now();
    const r = await search(db, { q, limit: 24 } as never, []);
    const t2 = performance.now();
    if (i) console.log(q.padEnd(20), "plan", (t1 - t0).toFixed(1), "search", (t2 - t1).toFixed(1), "total", r.total, plan.all?.slice(0, 80));
  }
}
await db.$client.end();
