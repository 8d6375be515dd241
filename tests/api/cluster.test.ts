// Worker processes (WEB_CONCURRENCY, decisions/036) on the built shop: refused on the embedded
// database; on PostgreSQL two workers behind one port and a second server beside them behave as
// one shop (a change made through one is read at once through the other: API, rendered pages),
// a worker that dies is replaced, and SIGTERM to the primary drains every worker.
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatCutoff } from "#common/delivery-policy.ts";
import { MALLOC_ENV } from "#server/malloc-env.mjs";
import { usingPostgres } from "../support/database.ts";
import { openConnection, parseResponse, startSlowPost, waitUntilRefused } from "../support/raw-http.ts";
import { ensureBuild, freePort, startServer, waitUntilReady, withTimeout, type ServerProcess } from "../support/server-process.ts";
import { createTestShop } from "../support/test-shop.ts";
import { createAdmin } from "../support/users.ts";
import { makeProduct } from "./cart-helpers.ts";

const SECRET = "0123456789abcdef".repeat(4);
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function started(server: ServerProcess): ServerProcess {
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await server.exited;
  });
  return server;
}

/** The pids of the processes that logged "Shop ready" (each worker once). */
function readyPids(server: ServerProcess): number[] {
  const pids: number[] = [];
  for (const line of server.output().split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; pid?: number };
      if (entry.msg?.startsWith("Shop ready") && entry.pid) pids.push(entry.pid);
    } catch {
      // Not a log line.
    }
  }
  return pids;
}

async function until<T>(read: () => T | undefined, what: () => string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The environment process `pid` started with (Linux's /proc). */
function environment(pid: number): Record<string, string> {
  const entries = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
  return Object.fromEntries(entries.map((entry) => [entry.slice(0, entry.indexOf("=")), entry.slice(entry.indexOf("=") + 1)]));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("worker processes", () => {
  it("the embedded database refuses WEB_CONCURRENCY above 1 with a sentence, before opening anything", { timeout: 120_000 }, async () => {
    await ensureBuild();
    const dataDir = await tempDir("cluster-pglite-");
    const server = started(startServer(await freePort(), { DATA_DIR: dataDir, WEB_CONCURRENCY: "2" }));
    expect(await withTimeout(server.exited, 90_000, () => `still running:\n${server.output()}`)).toBe(1);
    expect(server.output()).toContain(
      "WEB_CONCURRENCY: 2 worker processes need PostgreSQL (set DATABASE_URL); the embedded database runs in one process",
    );
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
  });

  it.runIf(usingPostgres())(
    "two workers and another server on one PostgreSQL: a change is read at once everywhere, a dead worker is replaced, SIGTERM drains",
    { timeout: 300_000 },
    async () => {
      await ensureBuild();
      const shop = await createTestShop({ BETTER_AUTH_SECRET: SECRET });
      cleanups.push(() => shop.close());
      const product = await makeProduct(shop.context, { name: "Cluster Tonic Original", pricePaise: 10_000, mrpPaise: 12_000, stock: 20 });
      const admin = await createAdmin(shop.context);
      // The admin here has no authenticator (production requires two-factor of staff: tests/api/two-factor.test.ts).
      const env = { DATABASE_URL: shop.config.databaseUrl!, BETTER_AUTH_SECRET: SECRET, LOG_LEVEL: "info", STAFF_TWO_FACTOR: "optional" };
      const a = started(startServer(await freePort(), { ...env, DATA_DIR: await tempDir("cluster-a-"), WEB_CONCURRENCY: "2" }));
      const b = started(startServer(await freePort(), { ...env, DATA_DIR: await tempDir("cluster-b-") }));
      await Promise.all([waitUntilReady(a, 180_000), waitUntilReady(b, 180_000)]);
      const workers = await until(
        () => (new Set(readyPids(a)).size === 2 ? readyPids(a) : undefined),
        () => `the second worker did not start:\n${a.output()}`,
      );
      expect(workers).not.toContain(a.child.pid);
      // Each worker started with glibc's malloc settings (decisions/067), which the primary gave it.
      for (const pid of workers) expect(environment(pid)).toMatchObject(MALLOC_ENV);

      const getJson = async (server: ServerProcess, url: string) => {
        const res = await fetch(`${server.url}${url}`, { headers: { Authorization: `Bearer ${admin.token}` } });
        expect(res.status, url).toBe(200);
        return res.json();
      };
      const page = async (server: ServerProcess) => {
        const res = await fetch(`${server.url}/product/${product.id}`);
        expect(res.status).toBe(200);
        return res.text();
      };
      const search = (server: ServerProcess, words: string) =>
        getJson(server, `/api/products?search=${encodeURIComponent(words)}`).then(
          (body: { _id: string }[]) => body.map((p) => p._id),
        );

      // B has read (and kept whatever it keeps) the product, its page, a search and the settings.
      expect(await getJson(b, `/api/products/${product.id}`)).toMatchObject({ name: "Cluster Tonic Original", price: 100 });
      expect(await page(b)).toContain("Cluster Tonic Original");
      expect(await search(b, "Cluster Tonic Original")).toContain(product.id);
      const before = await getJson(b, "/api/admin/settings");
      const shipping = async (server: ServerProcess) => {
        const res = await fetch(`${server.url}/shipping`);
        expect(res.status).toBe(200);
        return res.text();
      };
      expect(await shipping(b)).toContain(`Orders placed by ${formatCutoff(before.dispatchCutoff)} India time`);

      // The change goes through A (one of its workers)...
      const put = await fetch(`${a.url}/api/products/${product.id}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Cluster Tonic Renamed", price: 95 }),
      });
      expect(put.status).toBe(200);
      const cutoff = before.dispatchCutoff === "11:30" ? "12:45" : "11:30";
      const settings = await fetch(`${a.url}/api/admin/settings`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ dispatchCutoff: cutoff }),
      });
      expect(settings.status).toBe(200);

      // ...and B answers with it at once: API, rendered page, search, settings.
      expect(await getJson(b, `/api/products/${product.id}`)).toMatchObject({ name: "Cluster Tonic Renamed", price: 95 });
      const html = await page(b);
      expect(html).toContain("Cluster Tonic Renamed");
      expect(html).not.toContain("Cluster Tonic Original");
      expect(await search(b, "Cluster Tonic Renamed")).toContain(product.id);
      expect(await getJson(b, "/api/admin/settings")).toMatchObject({ dispatchCutoff: cutoff });
      expect(await shipping(b)).toContain(`Orders placed by ${formatCutoff(cutoff)} India time`);
      // So do both of A's workers (the primary hands connections out in turn).
      for (let i = 0; i < 4; i++) {
        expect(await getJson(a, `/api/products/${product.id}`)).toMatchObject({ name: "Cluster Tonic Renamed" });
        expect(await getJson(a, "/api/admin/settings")).toMatchObject({ dispatchCutoff: cutoff });
      }

      // A worker killed outright is replaced; the shop keeps answering meanwhile.
      process.kill(workers[1]!, "SIGKILL");
      expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
      const replacement = await until(
        () => readyPids(a).find((pid) => !workers.includes(pid)),
        () => `no worker replaced the killed one:\n${a.output()}`,
      );
      expect(a.output()).toMatch(/"msg":"a worker exited; starting another"/);
      expect((await fetch(`${a.url}/healthz`)).status).toBe(200);

      // SIGTERM to the primary: every worker stops accepting and finishes its request in flight.
      const idle = await openConnection(a.url);
      idle.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${new URL(a.url).host}\r\n\r\n`);
      await idle.waitFor(/\r\n\r\n[\s\S]+/);
      const slow = await startSlowPost(a.url, "/api/contact", { name: "Cluster Sender", email: "cluster@example.com", message: "In flight at SIGTERM." });
      a.child.kill("SIGTERM");
      await withTimeout(idle.closed, 10_000, () => `the idle keep-alive connection stayed open:\n${a.output()}`);
      expect(await waitUntilRefused(a.url)).toBe("ECONNREFUSED");
      slow.finish();
      await withTimeout(slow.connection.closed, 15_000, () => `no complete answer: ${slow.connection.received()}\n${a.output()}`);
      const answer = parseResponse(slow.connection.received());
      expect(answer.status).toBe(201);
      expect(answer.headers.connection).toBe("close");
      expect(await withTimeout(a.exited, 30_000, () => `the primary is still running:\n${a.output()}`)).toBe(0);
      expect(a.output()).toMatch(/"clean":true.*"msg":"all workers stopped"/);
      for (const pid of [workers[0]!, replacement]) expect(alive(pid)).toBe(false);

      b.child.kill("SIGTERM");
      expect(await withTimeout(b.exited, 30_000, () => `B is still running:\n${b.output()}`)).toBe(0);
    },
  );
});
