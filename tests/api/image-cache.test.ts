// The resized-image cache (server/image-cache.ts, decisions/035): capped by IMAGE_CACHE_MAX_MB,
// the least recently used variants removed first down to 80% of the cap; recency survives a
// restart and is shared by processes through the files' times; the image route stays within the
// cap while it keeps answering.
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, stat, utimes, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { createDiskCache } from "#server/image-cache.ts";
import { storageFor } from "#server/storage/storage.ts";
import { createTestShop } from "../support/test-shop.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), "image-cache-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function filesIn(dir: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found[path.relative(dir, file).split(path.sep).join("/")] = (await stat(file)).size;
  }
  return found;
}

/** A clock ahead of the files' real times, one second per reading. */
function clock() {
  let t = Date.now() + 1_000_000;
  return () => (t += 1000);
}

const KB = 1024;
const bytes = (n: number) => randomBytes(n);

describe("the disk cache", () => {
  it("removes the least recently used files down to 80% of the cap when a write passes it", async () => {
    const dir = await tempDir();
    const cache = createDiskCache({ dir, maxBytes: 10 * KB, now: clock() });
    await cache.write("aa/a.avif", bytes(3 * KB));
    await cache.write("bb/b.avif", bytes(3 * KB));
    await cache.write("cc/c.avif", bytes(3 * KB));
    expect(cache.size()).toBe(9 * KB);
    expect(await cache.read("aa/a.avif")).not.toBeNull(); // a is now the most recently used
    await cache.write("dd/d.avif", bytes(3 * KB)); // 12 KB > 10 KB
    await cache.settled();
    expect(Object.keys(await filesIn(dir)).sort()).toEqual(["aa/a.avif", "dd/d.avif"]);
    expect(cache.size()).toBe(6 * KB);
    expect(await cache.read("bb/b.avif")).toBeNull();
    expect(await cache.read("aa/a.avif")).toHaveLength(3 * KB);
  });

  it("never holds more than the cap after many writes, and a file larger than the cap is not kept", async () => {
    const dir = await tempDir();
    const cache = createDiskCache({ dir, maxBytes: 20 * KB, now: clock() });
    for (let i = 0; i < 40; i++) {
      await cache.write(`${String(i).padStart(2, "0")}/v.webp`, bytes(KB + i * 10));
      await cache.settled();
      const total = Object.values(await filesIn(dir)).reduce((sum, size) => sum + size, 0);
      expect(total).toBeLessThanOrEqual(20 * KB);
    }
    await cache.write("big/v.webp", bytes(25 * KB));
    await cache.settled();
    expect(await filesIn(dir)).toEqual({});
  });

  it("after a restart, and across processes, recency comes from the files' times", async () => {
    const dir = await tempDir();
    // Three files left by an earlier life, b used most recently, then a, then c.
    const base = Date.now() / 1000;
    for (const [name, age] of [["a", 200], ["b", 100], ["c", 300]] as const) {
      await mkdir(path.join(dir, name), { recursive: true });
      await writeFile(path.join(dir, name, "v.avif"), bytes(4 * KB));
      await utimes(path.join(dir, name, "v.avif"), base - age, base - age);
    }
    const cache = createDiskCache({ dir, maxBytes: 15 * KB, rescanIntervalMs: 0 });
    expect(await cache.read("a/v.avif")).toHaveLength(4 * KB); // the first use lists the directory
    expect(cache.size()).toBe(12 * KB);
    // Another process adds a file; with this one's write the directory passes the cap (15.5 KB),
    // though this process wrote only 14.5 KB: c, the least recently used, goes (down to 12 KB).
    await mkdir(path.join(dir, "d"), { recursive: true });
    await writeFile(path.join(dir, "d", "v.avif"), bytes(KB));
    await cache.write("e/v.avif", bytes(2.5 * KB));
    await cache.settled();
    const left = await filesIn(dir);
    expect(Object.keys(left).sort()).toEqual(["a/v.avif", "b/v.avif", "d/v.avif", "e/v.avif"]);

    // A read refreshes the file's time (at most once a minute), so the next process sees it.
    const second = createDiskCache({ dir, maxBytes: 15 * KB, touchIntervalMs: 0 });
    const before = (await stat(path.join(dir, "d", "v.avif"))).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await second.read("d/v.avif");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await stat(path.join(dir, "d", "v.avif"))).mtimeMs).toBeGreaterThan(before);
  });
});

describe("the image route with IMAGE_CACHE_MAX_MB", () => {
  it("keeps the cache within the cap while it renders more variants than fit, and still answers every one", { timeout: 60_000 }, async () => {
    const shop = await createTestShop({ IMAGE_CACHE_MAX_MB: "1" });
    cleanups.push(() => shop.close());
    // Noise does not compress: each large variant is a few hundred kilobytes.
    const noise = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } }).webp({ quality: 95 }).toBuffer();
    const names = ["0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"];
    for (const name of names) {
      await storageFor(shop.config).put(`uploads/${name}.webp`, noise, { contentType: "image/webp", visibility: "public" });
    }
    const cacheDir = path.join(shop.config.dataDir, "image-cache");
    const totalOnDisk = async () => Object.values(await filesIn(cacheDir)).reduce((sum, size) => sum + size, 0);
    let rendered = 0;
    for (const name of names) {
      for (const accept of ["image/avif", "image/webp", "image/png"]) {
        for (const width of [640, 960]) {
          const res = await request(shop.app).get(`/images/uploads/${name}.webp?w=${width}`).set("Accept", accept).expect(200);
          rendered += Number(res.headers["content-length"]);
        }
      }
    }
    expect(rendered).toBeGreaterThan(2 * 1024 * 1024);
    // The eviction runs beside the response: give it a moment.
    const deadline = Date.now() + 5000;
    while ((await totalOnDisk()) > 1024 * 1024 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const total = await totalOnDisk();
    expect(total).toBeLessThanOrEqual(1024 * 1024);
    expect(total).toBeGreaterThan(0);
    // An evicted variant is rendered again.
    await request(shop.app).get(`/images/uploads/${names[0]}.webp?w=640`).set("Accept", "image/png").expect(200);
  });
});
