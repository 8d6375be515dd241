// Lighthouse 12 (mobile preset, simulated throttling), median of 3 runs per URL, against the built server.
// Usage: npm run build && node bench/lighthouse.mjs [/about /contact ...]   (BASE_URL=... to use a running shop)
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";

const RUNS = Number(process.env.RUNS ?? 3);
const urls = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const paths = urls.length > 0 ? urls : ["/about", "/contact", "/career"];
const root = path.resolve(import.meta.dirname, "..");

async function startServer() {
  if (process.env.BASE_URL) return { baseUrl: process.env.BASE_URL, stop: async () => {} };
  const port = Number(process.env.BENCH_PORT ?? 3590);
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), "shop-bench-")), LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
});
const reportDir = path.join(root, "bench/reports");
mkdirSync(reportDir, { recursive: true });
const rows = [];
try {
  for (const pagePath of paths) {
    const runs = [];
    for (let i = 0, failures = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.baseUrl}${pagePath}`, { port: chrome.port, output: "json", logLevel: "error" });
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError || categories.performance.score === null) {
        console.error(`${pagePath}: run failed (${runtimeError?.code ?? "no performance score"}); retrying`);
        if (++failures > 3) throw new Error(`${pagePath}: Lighthouse failed ${failures} times`);
        i--;
        continue;
      }
      runs.push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        bestPractices: Math.round(categories["best-practices"].score * 100),
        seo: Math.round(categories.seo.score * 100),
        lcpMs: Math.round(audits["largest-contentful-paint"].numericValue),
        tbtMs: Math.round(audits["total-blocking-time"].numericValue),
        cls: Number(audits["cumulative-layout-shift"].numericValue.toFixed(3)),
        bytes: audits["total-byte-weight"].numericValue,
      });
      if (i === 0) writeFileSync(path.join(reportDir, `lighthouse${pagePath.replace(/\W+/g, "-") || "-home"}.json`), result.report);
    }
    const pick = (key) => median(runs.map((run) => run[key]));
    rows.push({
      page: pagePath,
      perf: pick("performance"),
      a11y: pick("accessibility"),
      bp: pick("bestPractices"),
      seo: pick("seo"),
      "LCP ms": pick("lcpMs"),
      "TBT ms": pick("tbtMs"),
      CLS: pick("cls"),
      "KB": Math.round(pick("bytes") / 1024),
    });
  }
} finally {
  await chrome.kill();
  await server.stop();
}
console.log(`Lighthouse ${RUNS} run(s) per page, mobile preset, medians:`);
console.table(rows);
