// A page's main-thread work at load, compared between builds on a shared, loaded machine.
// Lighthouse's absolute blocking time means little when other processes take the CPU; this loads
// the same page from every server in turn (A, B, A, B, ...) so each sees the same load, with the
// CPU slowed 4× (as Lighthouse's mobile preset), a phone's viewport and a cold cache, and reports
// medians per server of: blocking time (sum of long tasks' time over 50 ms, from the page's own
// 'longtask' observer), the longest task, and Chromium's task, script and layout durations.
//
// Usage: node bench/main-thread.mjs [--runs 15] [--path /product/:first] <baseUrl> [<baseUrl> ...]
//   --path: the page; ":first" is replaced by the first product of GET /api/products on each
//   server (product ids differ between databases), ":name=Macnurish" by the product of that name.
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [, value] = args.splice(at, 2);
  return value;
};
const runs = Number(option("--runs", 15));
const pagePath = option("--path", "/product/:first");
const settleMs = Number(option("--settle", 3000));
// --throttle 1: no slowdown; the cpu* figures are then the plain CPU time (under throttling they
// include the throttler's own pauses), and cpuBlocking is Lighthouse's simulated ×4.
const throttle = Number(option("--throttle", 4));
const servers = args;
if (servers.length === 0) {
  console.error("usage: node bench/main-thread.mjs [--runs N] [--path /product/:first] <baseUrl> [<baseUrl> ...]");
  process.exit(2);
}

async function resolvePath(baseUrl) {
  if (!pagePath.includes(":")) return pagePath;
  const named = /:name=([^/?#]+)/.exec(pagePath);
  const query = named ? `?keyword=${encodeURIComponent(decodeURIComponent(named[1]))}&limit=20` : "?limit=1";
  const body = await (await fetch(`${baseUrl}/api/products${query}`)).json();
  const list = Array.isArray(body) ? body : body.products;
  const product = named ? list.find((item) => item.name === decodeURIComponent(named[1])) : list[0];
  if (!product) throw new Error(`${baseUrl}: no product for ${pagePath}`);
  return pagePath.replace(/:(first|name=[^/?#]+)/, product._id);
}

const OBSERVE = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
`;

async function measure(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const response = await page.goto(url, { waitUntil: "load" });
  if (!response?.ok()) throw new Error(`${url}: ${response?.status()}`);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(settleMs);
  const tasks = await page.evaluate(() => window.__longTasks);
  const metrics = Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
  const cpu = threadTime(JSON.parse((await browser.stopTracing()).toString("utf8")).traceEvents);
  await context.close();
  return {
    blocking: tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
    longest: tasks.reduce((max, [, duration]) => Math.max(max, duration), 0),
    ...cpu,
    nodes: metrics.Nodes,
  };
}

const TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"];
const SCRIPT = new Set(["EvaluateScript", "v8.evaluateModule", "FunctionCall", "RunMicrotasks", "TimerFire", "EventDispatch", "FireAnimationFrame"]);
const STYLE_LAYOUT = new Set(["UpdateLayoutTree", "Layout", "ScheduleStyleRecalculation", "InvalidateLayout"]);

/**
 * Thread (CPU) time of the renderer's main thread, which the machine's load barely changes
 * (the wall-clock durations above include the time other processes took the CPU): every task,
 * its script and its style and layout; and "cpuBlocking", Lighthouse's estimate made the way its
 * simulation makes it: each task's unthrottled time ×4, less 50 ms, summed.
 */
function threadTime(events) {
  const main = new Set(
    events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const complete = events.filter((e) => e.ph === "X" && typeof e.tdur === "number" && main.has(`${e.pid}:${e.tid}`));
  const tasks = complete.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
  // Top-level only: a task nested in another (RunTask inside ThreadControllerImpl::RunTask) is not counted twice.
  const top = tasks.filter((task) => !tasks.some((other) => other !== task && other.ts <= task.ts && other.ts + other.dur >= task.ts + task.dur && other.dur > task.dur));
  const sumTop = (names) => {
    const chosen = complete.filter((e) => names.has(e.name));
    return chosen
      .filter((e) => !chosen.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur))
      .reduce((sum, e) => sum + e.tdur / 1000, 0);
  };
  return {
    cpuBlocking: top.reduce((sum, task) => sum + Math.max(0, (task.tdur / 1000) * 4 - 50), 0),
    cpuLongest: top.reduce((max, task) => Math.max(max, task.tdur / 1000), 0),
    cpuTasks: top.reduce((sum, task) => sum + task.tdur / 1000, 0),
    cpuScript: sumTop(SCRIPT),
    cpuStyleLayout: sumTop(STYLE_LAYOUT),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const urls = await Promise.all(servers.map(async (base) => `${base}${await resolvePath(base)}`));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const results = servers.map(() => []);
try {
  // One warm-up load per server (the server's own first-render costs), not counted.
  for (const url of urls) await measure(browser, url);
  for (let run = 0; run < runs; run++) {
    // Alternate the order too, so neither server always goes first after the other.
    const order = run % 2 ? [...urls.keys()].reverse() : [...urls.keys()];
    for (const index of order) results[index].push(await measure(browser, urls[index]));
  }
} finally {
  await browser.close();
}

const fields = ["blocking", "longest", "cpuBlocking", "cpuLongest", "cpuTasks", "cpuScript", "cpuStyleLayout", "nodes"];
console.log(`${pagePath}, ${runs} loads each, CPU ×${throttle}, medians (ms; nodes: count; cpu*: main-thread CPU time, cpuBlocking = Σ max(0, 4 × task − 50))`);
console.log(["server", ...fields].join("\t"));
servers.forEach((server, index) => {
  console.log([server, ...fields.map((field) => median(results[index].map((row) => row[field])).toFixed(0))].join("\t"));
});
if (process.env.VERBOSE) console.log(JSON.stringify(results));
