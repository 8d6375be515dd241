// The shop's settings (issue 17 item 9, decisions/031): one row of `shop_settings` holding the
// default low-stock threshold and the admin's dispatch cut-off (null: the configured
// SHOP_DISPATCH_CUTOFF applies). Read by the delivery promise on every page. On the embedded
// database, which only this process opens, a read is kept for SETTINGS_TTL_MS (a write here
// forgets it at once). On PostgreSQL another process or machine may have just saved a change, so
// every read asks the database (one primary-key row, decisions/036): a saved cut-off is in force
// everywhere from the next request.
import { and, desc, eq, sql } from "drizzle-orm";
import type { ShopSettingsJson, ShopSettingsUpdate } from "#common/settings.ts";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "#common/admin.ts";
import type { Database } from "#server/db/client.ts";
import { auditLog, catalogueState, shopSettings } from "#server/db/schema.ts";
import type { Executor } from "#server/db/tx.ts";
import { prepared } from "#server/db/prepared.ts";
import { recordAudit, type AuditActor } from "#server/modules/audit/audit.ts";
import { readInput, type InvalidInput } from "#server/schemas/input.ts";
import type { DispatchConfig } from "#server/modules/delivery/serviceability.ts";
import { settingsUpdateSchema } from "#server/schemas/settings.ts";

export const SETTINGS_TTL_MS = 15_000;

/** What the shop needs from its context to know the settings in force. */
export interface SettingsShop {
  db: Database;
  database: { kind: "pglite" | "postgres" };
  config: { dispatch: DispatchConfig };
}

interface StoredSettings {
  lowStockThreshold: number;
  dispatchCutoff: string | null;
  updatedAt: Date;
}

const kept = new WeakMap<object, { at: number; settings: StoredSettings }>();

const storedRow = prepared("shop_settings", (db) => db.select().from(shopSettings).where(eq(shopSettings.id, 1)));

async function readStored(db: Executor): Promise<StoredSettings> {
  const [row] = await storedRow(db);
  // The migration inserts the row; a database restored without it still answers with the defaults.
  return row ?? { lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD, dispatchCutoff: null, updatedAt: new Date(0) };
}

async function storedSettings({ db, database }: Pick<SettingsShop, "db" | "database">): Promise<StoredSettings> {
  if (database.kind !== "pglite") return readStored(db);
  const hit = kept.get(db);
  if (hit && Date.now() - hit.at < SETTINGS_TTL_MS) return hit.settings;
  const settings = await readStored(db);
  kept.set(db, { at: Date.now(), settings });
  return settings;
}

function toJson(stored: StoredSettings, config: SettingsShop["config"]): ShopSettingsJson {
  return {
    lowStockThreshold: stored.lowStockThreshold,
    dispatchCutoff: stored.dispatchCutoff ?? config.dispatch.dispatchCutoff,
    dispatchCutoffIsDefault: stored.dispatchCutoff === null,
    defaultDispatchCutoff: config.dispatch.dispatchCutoff,
    updatedAt: stored.updatedAt.toISOString(),
  };
}

/** GET /api/admin/settings and the settings page. */
export async function readSettings(shop: SettingsShop): Promise<ShopSettingsJson> {
  return toJson(await storedSettings(shop), shop.config);
}

/** The dispatch rule in force: the admin's cut-off, else the configured one. Every delivery promise reads it here. */
export async function dispatchConfig(shop: SettingsShop): Promise<DispatchConfig> {
  const stored = await storedSettings(shop);
  return { dispatchCutoff: stored.dispatchCutoff ?? shop.config.dispatch.dispatchCutoff };
}

/** The default low-stock threshold, read inside the caller's transaction (the daily email, the dashboard). */
export async function defaultLowStockThreshold(db: Executor): Promise<number> {
  return (await readStored(db)).lowStockThreshold;
}

export type SettingsWriteResult = { ok: true; settings: ShopSettingsJson } | InvalidInput;

/** PUT /api/admin/settings and the settings page: the change and its audit row in one transaction. */
export async function updateSettings(shop: SettingsShop, actor: AuditActor, body: unknown): Promise<SettingsWriteResult> {
  const read = readInput(settingsUpdateSchema, body);
  if (!read.ok) return read;
  const change: ShopSettingsUpdate = read.input;
  const saved = await shop.db.transaction(async (tx) => {
    // The row is locked so two admins saving at once are recorded one after the other, each with the true "before".
    await tx.insert(shopSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for("update");
    const [after] = await tx
      .update(shopSettings)
      .set({
        ...(change.lowStockThreshold !== undefined ? { lowStockThreshold: change.lowStockThreshold } : {}),
        ...(change.dispatchCutoff !== undefined ? { dispatchCutoff: change.dispatchCutoff } : {}),
        updatedAt: new Date(),
      })
      .where(eq(shopSettings.id, 1))
      .returning();
    await recordAudit(tx, actor, {
      action: "settings.update",
      entity: "settings",
      entityId: "shop",
      before: { lowStockThreshold: before!.lowStockThreshold, dispatchCutoff: before!.dispatchCutoff },
      after: { lowStockThreshold: after!.lowStockThreshold, dispatchCutoff: after!.dispatchCutoff },
    });
    // The cut-off is printed on anonymous pages, which the page cache keeps per products version
    // (catalogue-cache.ts): a saved setting moves that version too, at this commit, in every
    // process — the PostgreSQL row all of them read, and PGlite's change notification.
    await tx.update(catalogueState).set({ productsVersion: sql`${catalogueState.productsVersion} + 1` }).where(eq(catalogueState.id, 1));
    await tx.execute(sql`select pg_notify('products_changed', 'settings')`);
    return after!;
  });
  kept.delete(shop.db);
  return { ok: true, settings: toJson(saved, shop.config) };
}

/** A product the GST reform migration moved (0019), as its audit row recorded it. */
export interface GstReformChange {
  productId: string;
  name: string;
  sku: string;
  fromRate: number;
  toRate: number;
  at: string;
}

/** The GST reform report: every product migration 0019 moved from 12%/28%, to be checked against its HSN code. */
export async function gstReformChanges(db: Database): Promise<GstReformChange[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "product.gst_reform"), eq(auditLog.entity, "product")))
    .orderBy(desc(auditLog.at), auditLog.entityId)
    .limit(500);
  return rows.map((row) => {
    const before = (row.before ?? {}) as { gstRate?: number; name?: string; sku?: string };
    const after = (row.after ?? {}) as { gstRate?: number };
    return {
      productId: row.entityId,
      name: before.name ?? "",
      sku: before.sku ?? "",
      fromRate: Number(before.gstRate),
      toRate: Number(after.gstRate),
      at: row.at.toISOString(),
    };
  });
}
