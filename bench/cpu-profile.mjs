// Sums up a V8 CPU profile (node --cpu-prof, e.g. from BENCH_CPU_PROF=dir node bench/checkout.mjs):
// the functions with the most self time, and the self time by where the code lives (a package in
// node_modules, the shop's own server/ or common/ files, Node's internals, the garbage collector).
//   node bench/cpu-profile.mjs <file.cpuprofile> [top=25] [last seconds: only the samples of the profile's last N s, e.g. the load]
import { readFileSync } from "node:fs";

const [file, topArg, lastArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/cpu-profile.mjs <file.cpuprofile> [top]");
  process.exit(2);
}
const TOP = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  if (at < from) continue;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const totalUs = [...self.values()].reduce((a, b) => a + b, 0);

function place(url, name) {
  if (name === "(garbage collector)") return "(garbage collector)";
  if (name === "(idle)" || name === "(program)" || name === "(root)") return name;
  if (!url) return "(native / V8)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return "node: internals";
  const shop = url.match(/\/(server|common|bench)\/(.*)$/);
  if (shop) return `${shop[1]}/${shop[2].split("/").slice(0, shop[1] === "server" ? 2 : 1).join("/")}`;
  return url;
}

const byFunction = new Map();
const byPlace = new Map();
for (const [id, us] of self) {
  const node = byId.get(id);
  const { functionName, url, lineNumber } = node.callFrame;
  const where = place(url, functionName);
  const key = `${functionName || "(anonymous)"} ${url ? `${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/(server|common)\//, "$1/")}:${lineNumber + 1}` : ""}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  byPlace.set(where, (byPlace.get(where) ?? 0) + us);
}
const ms = (us) => (us / 1000).toFixed(0).padStart(7);
const pct = (us) => `${((100 * us) / totalUs).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(totalUs / 1000).toFixed(0)} ms sampled`);
console.log("\nSelf time by where the code lives:");
for (const [where, us] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${ms(us)} ms ${pct(us)}  ${where}`);
console.log(`\nTop ${TOP} functions by self time:`);
for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${ms(us)} ms ${pct(us)}  ${key}`);
