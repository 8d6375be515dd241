import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#server/db/client.ts";
import { catalogueState } from "#server/db/schema.ts";

/**
 * Values derived from many products (match counts, facets, the ranking of a search) cost a
 * scan of every matching product, yet change only when products do. They are kept per
 * database and per catalogue version, which a trigger bumps on every change that can alter
 * them (see the migrations), so several server processes on one PostgreSQL never serve each
 * other's stale values. Each kind keeps its most recently used entries up to a bound.
 */
const LIMITS = {
  count: 2_000,
  facets: 100,
  search: 1_000,
  /** A ranking holds up to a few hundred ids (tens of kilobytes). */
  ranking: 300,
  /** The header's suggestions (suggestions.ts), by the typed words. */
  suggestions: 1_000,
} as const;

export type CacheKind = keyof typeof LIMITS;

interface Entry {
  version: number;
  value: unknown;
}

const caches = new WeakMap<Database, Map<CacheKind, Map<string, Entry>>>();

function cacheOf(db: Database, kind: CacheKind): Map<string, Entry> {
  let byKind = caches.get(db);
  if (!byKind) caches.set(db, (byKind = new Map()));
  let cache = byKind.get(kind);
  if (!cache) byKind.set(kind, (cache = new Map()));
  return cache;
}

/** The current catalogue version, as a column to add to a query (saves a round trip). */
export const catalogueVersionColumn =
  sql<number>`(select ${catalogueState.version} from ${catalogueState} where ${catalogueState.id} = 1)`.mapWith(Number);

export async function catalogueVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: catalogueState.version }).from(catalogueState);
  return row?.version ?? 0;
}

/** The value kept for `key` at `version`, or computes and keeps it. Callers must not change it. */
export async function cachedForVersion<T>(
  db: Database,
  kind: CacheKind,
  key: string,
  version: number,
  compute: () => Promise<T>,
): Promise<T> {
  const cache = cacheOf(db, kind);
  const entry = cache.get(key);
  if (entry && entry.version === version) {
    // Re-inserting keeps the Map in least-recently-used order for eviction.
    cache.delete(key);
    cache.set(key, entry);
    return entry.value as T;
  }
  const value = await compute();
  cache.delete(key);
  cache.set(key, { version, value });
  if (cache.size > LIMITS[kind]) cache.delete(cache.keys().next().value!);
  return value;
}

/** Forgets every value kept for a database (benchmarks measuring the uncached cost). */
export function clearCatalogueCache(db: Database): void {
  caches.delete(db);
}

/**
 * Calls `onChange` whenever a change to products commits, when this process can know it
 * without asking: on PGlite, which only this process opens, a trigger's notification arrives
 * with the result of the very statement (or commit) that made the change. Resolves to false
 * where that guarantee does not hold (PostgreSQL, shared by several processes).
 */
export async function watchProductChanges(database: DatabaseHandle, onChange: () => void): Promise<boolean> {
  if (database.kind !== "pglite") return false;
  try {
    await (database.db.$client as unknown as PGlite).listen("products_changed", onChange);
    return true;
  } catch {
    return false;
  }
}

/** Tells the current version of the products, or undefined where nothing can be kept. */
export type ProductsVersion = () => number | undefined | Promise<number | undefined>;

const versionSources = new WeakMap<DatabaseHandle, ProductsVersion>();

/**
 * The version of the products as this process may trust it for a request that arrived now.
 * On PGlite it is a counter of the change notifications this process hears as each change
 * commits (no query). On PostgreSQL, shared by several processes, it is `products_version`
 * (migration 0026), bumped at the commit of every transaction that changes products: a read
 * started after a request arrived sees every change committed before it. Concurrent requests
 * share reads: a request joins the next read to start, never one already running (which may
 * have started before a change it must see), so at most one read runs at a time per process.
 */
export function productsVersionOf(database: DatabaseHandle): ProductsVersion {
  let source = versionSources.get(database);
  if (!source) {
    source = database.kind === "pglite" ? pgliteVersion(database) : postgresVersion(database);
    versionSources.set(database, source);
  }
  return source;
}

function pgliteVersion(database: DatabaseHandle): ProductsVersion {
  let generation = 0;
  let watching = false;
  void watchProductChanges(database, () => {
    generation++;
  }).then((listening) => {
    watching = listening;
  });
  return () => (watching ? generation : undefined);
}

function postgresVersion(database: DatabaseHandle): ProductsVersion {
  const pool = database.db.$client as unknown as {
    query(config: { name: string; text: string }): Promise<{ rows: { v: string }[] }>;
  };
  const read = () =>
    pool
      .query({ name: "products_version", text: "select products_version as v from catalogue_state where id = 1" })
      .then((result) => (result.rows[0] ? Number(result.rows[0].v) : undefined));
  let running: Promise<number | undefined> | undefined;
  let next: Promise<number | undefined> | undefined;
  const start = () => {
    const reading = read().catch(() => undefined);
    running = reading;
    void reading.then(() => {
      if (running === reading) running = undefined;
    });
    return reading;
  };
  return () => {
    if (!running) return start();
    next ??= running.then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}

/** How much a kept set may hold: entries, and bytes as `sizeOf` counts them. */
export interface KeptLimits<T> {
  entries: number;
  bytes: number;
  sizeOf(value: T): number;
}

/**
 * Values kept in memory by key with the products version they were computed at (see
 * productsVersionOf); a value is answered only while that version is current, on PGlite and on
 * PostgreSQL alike. Holds at most `limits.entries` entries and `limits.bytes` bytes, dropping the
 * least recently used: many distinct URLs (a crawler, or someone filling memory on purpose) cost
 * at most the budget.
 */
export function keptPerProductsVersion<T>(database: DatabaseHandle, limits: KeptLimits<T>) {
  const currentVersion = productsVersionOf(database);
  const kept = new Map<string, { version: number; value: T; size: number }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    bytes -= entry.size;
  };
  return {
    /** Whether anything is kept for `key`, current or not (no version needed). */
    has: (key: string): boolean => kept.has(key),
    /** The version to pass to get and keep: read it once per request, before computing. */
    version: async (): Promise<number | undefined> => currentVersion(),
    get(key: string, version: number | undefined): T | undefined {
      const entry = kept.get(key);
      if (!entry || version === undefined) return undefined;
      if (entry.version !== version) {
        // Versions only grow: an older entry is never current again.
        if (entry.version < version) drop(key);
        return undefined;
      }
      kept.delete(key);
      kept.set(key, entry);
      return entry.value;
    },
    keep(key: string, version: number | undefined, value: T): void {
      if (version === undefined) return;
      const entry = kept.get(key);
      if (entry && entry.version > version) return;
      const size = limits.sizeOf(value);
      if (size > limits.bytes) return;
      drop(key);
      kept.set(key, { version, value, size });
      bytes += size;
      while (kept.size > limits.entries || bytes > limits.bytes) drop(kept.keys().next().value!);
    },
    /** The bytes held now (tests, metrics). */
    bytes: (): number => bytes,
  };
}
