// The catalogue import beside other requests on the embedded database (issue 26, item 6): how long
// an import of N new products takes, and how long a shopper's three-query page waits meanwhile.
// Usage: npx tsx bench/catalogue-import.ts [rows]   (default 1,000; the import's limit is 5,000)
//   In process, on a fresh PGlite data directory. Every 100 ms a "page" runs three queries one
//   after the other (a product list, a count, a product by id), as a catalogue page does.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { importCatalogueCsv } from "#server/modules/catalogue-csv/catalogue-csv.ts";
import { csvText } from "#server/csv.ts";
import { SYSTEM_ACTOR } from "#server/modules/audit/audit.ts";

const rows = Number(process.argv[2] ?? 1_000);
const dataDir = await mkdtemp(path.join(tmpdir(), "bench-import-"));
const handle = await openDatabase({ kind: "pglite", dataDir });
await handle.migrate();
const { db } = handle;

const header = ["sku", "name", "description", "category", "price", "mrp", "quantity", "brand"];
const body = Array.from({ length: rows }, (_, i) => [
  `BENCH-${String(i).padStart(5, "0")}`,
  `Bench Multivitamin ${i}`,
  "A daily multivitamin for the import benchmark.",
  "Sports Nutrition",
  "249",
  "299",
  "40",
  "Bench Labs",
]);
const file = new TextEncoder().encode(csvText([header, ...body]));

const waits: number[] = [];
let importing = true;
const pages = (async () => {
  while (importing) {
    const started = performance.now();
    await db.execute(sql`select id, name from products order by created_at desc limit 12`);
    await db.execute(sql`select count(*) from products`);
    await db.execute(sql`select * from products where sku = 'BENCH-00000'`);
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();

const started = performance.now();
const result = await importCatalogueCsv({ db, config: { dataDir } as Config }, SYSTEM_ACTOR, file);
const importMs = performance.now() - started;
importing = false;
await pages;
await handle.close();
await rm(dataDir, { recursive: true, force: true });

waits.sort((a, b) => a - b);
const at = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))]!.toFixed(0);
console.log(JSON.stringify(result.ok ? { created: result.created, updated: result.updated } : result).slice(0, 300));
console.log(`import of ${rows} rows: ${(importMs / 1000).toFixed(1)} s`);
console.log(`page (3 queries) during the import: ${waits.length} pages, median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
