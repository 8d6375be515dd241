import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { keptPerProductsVersion } from "./catalogue-cache.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.release());

const text = (kept: ReturnType<typeof keptPerProductsVersion<string>>, key: string, version: number | undefined) =>
  kept.get(key, version);

describe("values kept per products version", () => {
  it("hold at most their entries and bytes, dropping the least recently used", async () => {
    const kept = keptPerProductsVersion<string>(database.handle, { entries: 3, bytes: 100, sizeOf: (value) => value.length });
    const version = 7;
    kept.keep("a", version, "x".repeat(40));
    kept.keep("b", version, "x".repeat(40));
    expect(kept.bytes()).toBe(80);
    text(kept, "a", version); // a is now the most recently used
    kept.keep("c", version, "x".repeat(40)); // 120 bytes: b goes
    expect([kept.has("a"), kept.has("b"), kept.has("c")]).toEqual([true, false, true]);
    expect(kept.bytes()).toBe(80);
    kept.keep("d", version, "x");
    kept.keep("e", version, "x"); // four entries: a goes
    expect([kept.has("a"), kept.has("c"), kept.has("d"), kept.has("e")]).toEqual([false, true, true, true]);
    expect(kept.bytes()).toBe(42);
    // Replacing a key counts its new size only; a value over the whole budget is not kept at all.
    kept.keep("c", version, "x".repeat(10));
    expect(kept.bytes()).toBe(12);
    kept.keep("f", version, "x".repeat(101));
    expect(kept.has("f")).toBe(false);
    expect(kept.bytes()).toBe(12);
  });

  it("answer a value only at the version it was kept at, and forget older ones", async () => {
    const kept = keptPerProductsVersion<string>(database.handle, { entries: 10, bytes: 1_000, sizeOf: (value) => value.length });
    // The embedded database's version is known once this process listens to its changes.
    let before = await kept.version();
    for (let i = 0; before === undefined && i < 50; i++) before = await new Promise((r) => setTimeout(r, 10)).then(kept.version);
    expect(before).toBeTypeOf("number");
    kept.keep("list", before, "old");
    expect(text(kept, "list", before)).toBe("old");
    await database.handle.db
      .insert(products)
      .values({ name: "Kept", description: "A product", pricePaise: 100, mrpPaise: 100, category: "Women Care", sku: "KEPT-1" });
    const after = await kept.version();
    expect(after).not.toBe(before);
    expect(text(kept, "list", after)).toBeUndefined();
    expect(kept.has("list")).toBe(false);
    expect(kept.bytes()).toBe(0);
  });
});
