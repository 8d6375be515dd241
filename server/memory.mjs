// How V8 sizes the shop's heap (decisions/039). server.mjs imports this first, so it applies to
// `npm start`, `node server.mjs` and every cluster worker alike; V8 reads these flags as it runs
// (each garbage collection sets the next limit), so setting them before the shop loads is enough.
//
// V8's default is built for throughput. After each full collection it lets the old generation
// grow up to four times what survived before it collects again. The shop keeps about 45 MB of
// live objects, yet under bench/api.mjs's load it held 140–190 MB of heap. Peak resident memory
// was 415–453 MB on PGlite and 265–287 MB on PostgreSQL.
// SHOP_V8_MEMORY picks one of three modes:
// - unset (balanced): the old generation grows by 50% between collections. Peak on PGlite
//   324–336 MB; CPU per cached catalogue read about 10% above V8's default.
// - small: --optimize-for-size, also a young generation of about 1 MB. Peak 256–283 MB on PGlite,
//   134–145 MB on PostgreSQL; about twice the CPU per cached read.
// - speed: V8's defaults.
import v8 from "node:v8";

const MODES = { balanced: "--heap-growing-percent=50", small: "--optimize-for-size", speed: "" };
const mode = process.env.SHOP_V8_MEMORY?.trim() || "balanced";
if (!Object.hasOwn(MODES, mode)) {
  console.error(`\nInvalid configuration:\n  SHOP_V8_MEMORY: must be balanced, small or speed\n`);
  process.exit(1);
}
if (MODES[mode]) v8.setFlagsFromString(MODES[mode]);
