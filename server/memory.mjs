// How V8 sizes the shop's heap (decisions/039, 062). server.mjs imports this first, so it applies
// to `npm start`, `node server.mjs` and every cluster worker alike; V8 reads these flags as it
// runs (each garbage collection sets the next limit), so setting them before the shop loads is
// enough.
//
// V8's default is built for throughput. After each full collection it lets the old generation
// grow up to four times what survived before it collects again. The shop keeps about 45 MB of
// live objects, yet under bench/api.mjs's load it held 140–190 MB of heap. Peak resident memory
// was 415–453 MB on PGlite and 265–287 MB on PostgreSQL.
// SHOP_V8_MEMORY picks one of three modes:
// - unset (balanced): the old generation grows by 50% between collections, and the young
//   generation stops at 16 MB (V8's default: 32 MB; see capYoungGeneration). Peak on PGlite
//   under 330 MB (decisions/062).
// - small: --optimize-for-size, also a young generation of about 1 MB. Peak 256–283 MB on PGlite,
//   134–145 MB on PostgreSQL; about twice the CPU per cached read.
// - speed: V8's defaults.
import v8 from "node:v8";
import { PerformanceObserver } from "node:perf_hooks";

const MODES = {
  balanced: { flags: "--heap-growing-percent=50", youngGenerationMb: 16 },
  small: { flags: "--optimize-for-size" },
  speed: { flags: "" },
};
const mode = process.env.SHOP_V8_MEMORY?.trim() || "balanced";
if (!Object.hasOwn(MODES, mode)) {
  console.error(`\nInvalid configuration:\n  SHOP_V8_MEMORY: must be balanced, small or speed\n`);
  process.exit(1);
}
const { flags, youngGenerationMb } = MODES[mode];
if (flags) v8.setFlagsFromString(flags);
if (youngGenerationMb) capYoungGeneration(youngGenerationMb);

/**
 * The young generation is two semi-spaces that V8 doubles, from 1 MB each, while much of what it
 * allocates survives, up to a maximum fixed when the process starts (`--max-semi-space-size`,
 * which has no effect set from here): 16 MB each, 32 MB resident under load. What V8 does read
 * at each growth is the factor it grows by. After every collection the factor is set to 2 while
 * the young generation (both semi-spaces, as V8 reports it) is at most half of `mb`, and to 1
 * (no growth) from then on; when V8 shrinks it after a quiet spell, it may grow back the same way.
 */
function capYoungGeneration(mb) {
  const limit = mb * 1048576;
  let factor;
  const adjust = () => {
    const size = v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;
    const next = size * 2 <= limit ? 2 : 1;
    if (next === factor) return;
    factor = next;
    v8.setFlagsFromString(`--semi-space-growth-factor=${next}`);
  };
  adjust();
  new PerformanceObserver(adjust).observe({ entryTypes: ["gc"] });
}
