import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { ProductJson } from "#common/catalog.ts";
import { rupeesToPaise } from "#common/money.ts";
import { asSchedule, prescriptionRequiredFor, soldOnline, type Schedule } from "#common/prescriptions.ts";
import { ADMIN_PAGE_SIZE } from "#common/admin.ts";
import { PARCEL_FIELDS, type AdminProductInput, type AdminProductUpdate } from "#common/admin-product.ts";
import type { ProductParcelJson } from "#common/catalogue-csv.ts";
import { MEDICINE_FIELDS } from "#common/medicine-information.ts";
import type { ProductTranslations } from "#common/language.ts";
import { adminProductQuerySchema, adminProductSchema, adminProductUpdateSchema, type AdminProductQuery } from "#server/schemas/admin.ts";
import type { Database } from "#server/db/client.ts";
import { ID_PATTERN } from "#server/db/ids.ts";
import type { Executor } from "#server/db/tx.ts";
import { orderLines, products, stockNotifications } from "#server/db/schema.ts";
import { recordAudit, type AuditActor } from "#server/modules/audit/audit.ts";
import { toProductJson } from "./products.ts";
import { mergeTranslations } from "./translations.ts";
import { isForeignKeyViolation, isUniqueViolation, likePattern } from "#server/db/errors.ts";
import { readInput, readQuery, type InvalidInput } from "#server/schemas/input.ts";
import type { Page } from "#server/db/page.ts";

/** A product as the admin sees it: the public JSON plus whether shoppers can see it. */
/** `lowStockThreshold`: the product's own (null: the shop's default, decisions/031); `i18n`: its text in Hindi (decisions/063). */
export type AdminProductJson = ProductJson & { published: boolean; lowStockThreshold: number | null; i18n: ProductTranslations } & ProductParcelJson;

type ProductRow = typeof products.$inferSelect;
type ProductValues = Partial<typeof products.$inferInsert>;

const { searchVector: _searchVector, ...productColumns } = getTableColumns(products);

function toAdminProductJson(row: ProductRow): AdminProductJson {
  return {
    ...toProductJson(row),
    published: row.published,
    lowStockThreshold: row.lowStockThreshold,
    parcelWeightG: row.parcelWeightG,
    parcelLengthCm: row.parcelLengthCm,
    parcelBreadthCm: row.parcelBreadthCm,
    parcelHeightCm: row.parcelHeightCm,
    i18n: row.i18n,
  };
}

/** An admin list's answer: the page with the filters it was read with, or the query's refusal. */
export type AdminProductList = ({ ok: true; query: AdminProductQuery } & Page<AdminProductJson>) | InvalidInput;

/**
 * GET /api/admin/products and the products page: every product, published or not, newest first;
 * `search` matches part of the name, SKU or brand. The raw query is read here, so both doors read it alike.
 */
export async function listAdminProducts(db: Database, rawQuery: unknown): Promise<AdminProductList> {
  const read = readQuery(adminProductQuerySchema, rawQuery);
  if (!read.ok) return read;
  const query = read.input;
  const page = query.page ?? 1;
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  const pattern = query.search ? likePattern(query.search) : undefined;
  // `waiting`: only products shoppers asked to be told about, the most asked for first (issue 27 item 8).
  const where: SQL | undefined = and(
    pattern ? or(ilike(products.name, pattern), ilike(products.sku, pattern), ilike(products.brand, pattern)) : undefined,
    query.waiting ? sql`${waitingCount} > 0` : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...(query.waiting ? [desc(waitingCount)] : []), desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    ok: true,
    query,
    items: rows.map((row) => toAdminProductJson(row as ProductRow)),
    total: counted?.total ?? 0,
    page,
    limit,
  };
}

/** Shoppers waiting to be emailed when the product is back in stock ("Notify me", decisions/027). */
const waitingCount = sql<number>`(select count(*) from ${stockNotifications} where ${stockNotifications.productId} = ${products.id} and ${stockNotifications.notifiedAt} is null)`;

/** For each product asked about, how many shoppers wait for it to be back in stock (products not asked about are left out). */
export async function waitingForStock(db: Database, productIds: string[]): Promise<Record<string, number>> {
  if (productIds.length === 0) return {};
  const rows = await db
    .select({ productId: stockNotifications.productId, waiting: count() })
    .from(stockNotifications)
    .where(and(inArray(stockNotifications.productId, productIds), isNull(stockNotifications.notifiedAt)))
    .groupBy(stockNotifications.productId);
  return Object.fromEntries(rows.map((row) => [row.productId, row.waiting]));
}

/** Every product, published or not, by SKU (the catalogue's CSV export, decisions/033). */
export async function allAdminProducts(db: Executor): Promise<AdminProductJson[]> {
  const rows = await db.select(productColumns).from(products).orderBy(asc(products.sku));
  return rows.map((row) => toAdminProductJson(row as ProductRow));
}

/** One product, published or not (the edit page), or null. */
export async function getAdminProduct(db: Database, id: string): Promise<AdminProductJson | null> {
  if (!ID_PATTERN.test(id)) return null;
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id));
  return row ? toAdminProductJson(row as ProductRow) : null;
}

/**
 * The API's field names and rupees → the table's columns and paise; absent fields stay absent.
 * Translations are merged into the stored ones (`current`: {} on create).
 */
function productValues(input: AdminProductUpdate, current: ProductTranslations = {}): ProductValues {
  const values: ProductValues = {};
  if (input.i18n !== undefined) values.i18n = mergeTranslations(current, input.i18n);
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description;
  if (input.category !== undefined) values.category = input.category;
  if (input.price !== undefined) values.pricePaise = rupeesToPaise(input.price);
  if (input.mrp !== undefined) values.mrpPaise = rupeesToPaise(input.mrp);
  if (input.form !== undefined) values.form = input.form;
  if (input.subcategory !== undefined) values.subcategory = input.subcategory;
  if (input.brand !== undefined) values.brand = input.brand;
  if (input.sku) values.sku = input.sku;
  if (input.countInStock !== undefined) values.stock = input.countInStock;
  if (input.quantity !== undefined) values.packText = input.quantity;
  if (input.tags !== undefined) values.tags = input.tags;
  if (input.collections !== undefined) values.collections = input.collections;
  const schedule = scheduleFromInput(input);
  if (schedule !== undefined) {
    values.schedule = schedule;
    values.prescriptionRequired = prescriptionRequiredFor(schedule);
  }
  if (input.bestseller !== undefined) values.bestseller = input.bestseller;
  if (input.published !== undefined) values.published = input.published;
  if (input.hsnCode !== undefined) values.hsnCode = input.hsnCode;
  if (input.gstRate !== undefined) values.gstRateBps = Math.round(input.gstRate * 100);
  if (input.batchNumber !== undefined) values.batchNumber = input.batchNumber;
  if (input.expiryDate !== undefined) values.expiryDate = input.expiryDate;
  if (input.lowStockThreshold !== undefined) values.lowStockThreshold = input.lowStockThreshold;
  for (const field of PARCEL_FIELDS) if (input[field] !== undefined) values[field] = input[field];
  for (const field of MEDICINE_FIELDS) if (input[field.name] !== undefined) values[field.name] = input[field.name];
  return values;
}

/**
 * The product's schedule from an admin write, the one place `prescriptionRequired` is decided: the
 * schedule when given; else the older flag (true → Schedule H, or the stored Rx schedule it
 * already has; false → OTC); undefined when neither is given.
 */
function scheduleFromInput(input: AdminProductUpdate, current?: Schedule): Schedule | undefined {
  if (input.schedule !== undefined) return input.schedule;
  if (input.prescriptionRequired === undefined) return undefined;
  if (!input.prescriptionRequired) return "OTC";
  return current && prescriptionRequiredFor(current) ? current : "H";
}

/** Images without alt text are described by the product's name, so no picture is announced as a bare file. */
function describedImages(images: AdminProductInput["images"], name: string) {
  return images?.map((image) => ({ url: image.url, altText: image.altText || name }));
}


/** Whether another product has this SKU in any letter case ("zk-1" and "ZK-1" are one SKU to people). */
async function skuTaken(db: Executor, sku: string, exceptId?: string): Promise<boolean> {
  const sameSku = sql`lower(${products.sku}) = lower(${sku})`;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(exceptId ? and(sameSku, ne(products.id, exceptId)) : sameSku)
    .limit(1);
  return row !== undefined;
}

function generatedSku(): string {
  return `SKU-${crypto.randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase()}`;
}

export type ProductWriteResult =
  | { ok: true; product: AdminProductJson }
  | { ok: false; reason: "not-found" | "sku-taken" | "price-above-mrp" | "nothing-to-update" }
  /** A Schedule X product published (decisions/019: never sold online). */
  | { ok: false; reason: "schedule-x" }
  | InvalidInput;

/**
 * POST /api/admin/products and the Add Product page: a product (published unless said otherwise). The MRP defaults to the price and the SKU
 * is generated when none is given. The catalogue's counts, facets and search vocabulary follow
 * through the products table's triggers (docs/decisions/005).
 */
export async function createProduct(db: Executor, actor: AuditActor, body: unknown): Promise<ProductWriteResult> {
  const read = readInput(adminProductSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  const values = productValues(input);
  values.mrpPaise ??= values.pricePaise;
  values.sku ??= generatedSku();
  if (values.pricePaise! > values.mrpPaise!) return { ok: false, reason: "price-above-mrp" };
  if (values.schedule && !soldOnline(asSchedule(values.schedule)) && values.published !== false) return { ok: false, reason: "schedule-x" };
  if (await skuTaken(db, values.sku)) return { ok: false, reason: "sku-taken" };
  const images = describedImages(input.images, input.name);
  if (images) values.images = images;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values(values as typeof products.$inferInsert)
        .onConflictDoNothing({ target: products.sku })
        .returning(productColumns);
      if (!row) return { ok: false, reason: "sku-taken" } as const;
      const product = toAdminProductJson(row as ProductRow);
      await recordAudit(tx, actor, { action: "product.create", entity: "product", entityId: product._id, after: auditedProduct(product) });
      return { ok: true, product } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "sku-taken" };
    throw error;
  }
}

/**
 * PUT /api/admin/products/:id, PUT /api/products/:id and the Edit Product page: the given fields
 * of a product change; the rest stay. Price and MRP are checked together
 * (a new price against the stored MRP and the other way round) under a row lock.
 */
export async function updateProduct(db: Executor, actor: AuditActor, id: string, body: unknown): Promise<ProductWriteResult> {
  const read = readInput(adminProductUpdateSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  if (Object.values(input).every((value) => value === undefined)) return { ok: false, reason: "nothing-to-update" };
  if (!ID_PATTERN.test(id)) return { ok: false, reason: "not-found" };
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select(productColumns).from(products).where(eq(products.id, id)).for("update");
      if (!current) return { ok: false, reason: "not-found" } as const;

      const values = productValues(input, current.i18n);
      const schedule = scheduleFromInput(input, asSchedule(current.schedule));
      if (schedule !== undefined) Object.assign(values, { schedule, prescriptionRequired: prescriptionRequiredFor(schedule) });
      if (!soldOnline(schedule ?? asSchedule(current.schedule)) && (values.published ?? current.published)) {
        return { ok: false, reason: "schedule-x" } as const;
      }
      if ((values.pricePaise ?? current.pricePaise) > (values.mrpPaise ?? current.mrpPaise)) {
        return { ok: false, reason: "price-above-mrp" } as const;
      }
      const images = describedImages(input.images, values.name ?? current.name);
      if (images) values.images = images;
      if (values.sku !== undefined && values.sku !== current.sku && (await skuTaken(tx, values.sku, id))) {
        return { ok: false, reason: "sku-taken" } as const;
      }
      if (Object.keys(values).length === 0) {
        const [row] = await tx.select(productColumns).from(products).where(eq(products.id, id));
        return { ok: true, product: toAdminProductJson(row as ProductRow) } as const;
      }
      const [row] = await tx.update(products).set(values).where(eq(products.id, id)).returning(productColumns);
      const product = toAdminProductJson(row as ProductRow);
      const change = changedFields(auditedProduct(toAdminProductJson(current as ProductRow)), auditedProduct(product));
      if (change) await recordAudit(tx, actor, { action: "product.update", entity: "product", entityId: id, ...change });
      return { ok: true, product } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "sku-taken" };
    throw error;
  }
}

export type DeleteProductResult =
  | { ok: true; outcome: "deleted" | "unpublished" }
  | { ok: false; reason: "not-found" };

/**
 * DELETE /api/admin/products/:id and the products pages' Delete: erases a product, or, when an order has a line for it, unpublishes it instead so the order
 * keeps its line (order_lines refuse the delete, which also covers an order placed meanwhile).
 */
export async function deleteProduct(db: Database, actor: AuditActor, id: string): Promise<DeleteProductResult> {
  if (!ID_PATTERN.test(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx): Promise<DeleteProductResult> => {
    const [current] = await tx.select(productColumns).from(products).where(eq(products.id, id)).for("update");
    if (!current) return { ok: false, reason: "not-found" };
    const before = auditedProduct(toAdminProductJson(current as ProductRow));
    const unpublish = async () => {
      await tx.update(products).set({ published: false }).where(eq(products.id, id));
      await recordAudit(tx, actor, { action: "product.unpublish", entity: "product", entityId: id, before: { published: before.published }, after: { published: false } });
      return { ok: true, outcome: "unpublished" } as const;
    };
    const [ordered] = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.productId, id)).limit(1);
    if (ordered) return unpublish();
    try {
      // A savepoint: a foreign key refusal leaves the transaction usable for the unpublish.
      await tx.transaction(async (inner) => {
        await inner.delete(products).where(eq(products.id, id));
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) return unpublish();
      throw error;
    }
    await recordAudit(tx, actor, { action: "product.delete", entity: "product", entityId: id, before });
    return { ok: true, outcome: "deleted" };
  });
}

/** What the audit log keeps of a product: its fields, without the figures that move by themselves. */
function auditedProduct(product: AdminProductJson): Record<string, unknown> {
  const { _id, rating: _rating, numReviews: _numReviews, createdAt: _createdAt, updatedAt: _updatedAt, prescriptionRequired: _rx, ...fields } = product;
  return fields;
}

/** The fields that differ, before and after; undefined when nothing changed. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length === 0) return undefined;
  return { before: Object.fromEntries(changed.map((key) => [key, before[key]])), after: Object.fromEntries(changed.map((key) => [key, after[key]])) };
}
