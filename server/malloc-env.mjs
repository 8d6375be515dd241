// How glibc's malloc should behave in a shop process (decisions/067). glibc reads these variables
// once, before any JavaScript runs, so they must be in the environment the process starts with:
// `npm start` (scripts/start.mjs) starts the server with them, the cluster's primary gives them to
// every worker, and an operator who runs `node server.mjs` directly sets them in the unit or image
// (docs/operations.md). Elsewhere (macOS, musl) they are ignored.
//
// By default glibc raises its threshold for serving an allocation from mmap (and with it the
// threshold for giving memory back) each time a large block is freed, up to 32 MB, and each of
// V8's and libuv's helper threads allocates from an arena of its own. Under load those arenas grew
// to 25 MB each and kept it, with under 0.5 MB in use (malloc_stats), until the process ended:
// 52 MB of the idle shop's 245 MB was free memory held this way. Fixed thresholds of 128 KB
// (glibc's starting values) hand large blocks back when they are freed and trim the arenas' tops.

/** The malloc settings a shop process starts with. */
export const MALLOC_ENV = Object.freeze({ MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" });

/** The settings of MALLOC_ENV that `env` does not set itself (an operator's own value is kept). */
export function missingMallocEnv(env) {
  return Object.fromEntries(Object.entries(MALLOC_ENV).filter(([name]) => env[name] === undefined));
}
