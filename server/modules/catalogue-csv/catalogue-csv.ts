// The catalogue as CSV (api-contract.md, "Operations (second release)"; decisions/033): every
// product exported one row each, and an import that creates or updates products by SKU. The
// import reads the whole file first (its shape, every row through the product form's rules,
// SKUs repeated in the file, images that are not in the upload store) and changes nothing when
// anything is wrong; a good file is written through the catalog module's own createProduct/
// updateProduct (the same rules, price against MRP, Schedule X, taken SKUs, the audit log) in
// short transactions with pauses between them, so other requests are served meanwhile; a
// refusal only the write can see undoes its batch and stops the import there.
import { sql } from "drizzle-orm";
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_CSV_MESSAGES as M,
  columnOfField,
  CSV_LIST_SEPARATOR,
  MAX_CATALOGUE_IMPORT_ROWS,
  MAX_CATALOGUE_ROW_ERRORS,
  type CatalogueColumn,
} from "#common/catalogue-csv.ts";
import type { ShopContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";
import { inTransaction, Rollback } from "#server/db/tx.ts";
import { csvCellText, csvText, decodeCsvBytes, readCsv } from "#server/csv.ts";
import { imageFileExists } from "#server/images.ts";
import { readInput } from "#server/schemas/input.ts";
import { allAdminProducts, createProduct, updateProduct, type ProductWriteResult } from "#server/modules/catalog/admin-products.ts";
import { catalogReply } from "#server/modules/catalog/replies.ts";
import { recordAudit, type AuditActor } from "#server/modules/audit/audit.ts";
import { adminProductSchema, adminProductUpdateSchema } from "#server/schemas/admin.ts";

export interface CatalogueRowError {
  /** The record's number in the file, the header being 1 (the row a spreadsheet shows). */
  row: number;
  field?: string;
  message: string;
}

export type CatalogueImportResult =
  | { ok: true; created: number; updated: number }
  /** The file itself: not text, no header, too many rows (`errors` may point at the header). */
  | { ok: false; reason: "invalid-file"; message: string; errors: CatalogueRowError[] }
  /** Rows to fix: the first MAX_CATALOGUE_ROW_ERRORS of `total`; `written` when rows before them were imported. */
  | { ok: false; reason: "bad-rows"; errors: CatalogueRowError[]; total: number; written?: { created: number; updated: number } };

/** GET /api/admin/products/export.csv: every product, published or not, by SKU. */
export async function catalogueCsv(db: Database): Promise<string> {
  const all = await allAdminProducts(db);
  return csvText([CATALOGUE_COLUMNS.map((column) => column.name), ...all.map((product) => CATALOGUE_COLUMNS.map((column) => column.cell(product)))]);
}

/** The template: the header and one example row. */
export function catalogueTemplateCsv(): string {
  return csvText([CATALOGUE_COLUMNS.map((column) => column.name), CATALOGUE_COLUMNS.map((column) => column.example)]);
}

interface ImportRow {
  row: number;
  sku: string;
  /** The row as the admin product body (field names of common/admin-product.ts). */
  body: Record<string, unknown>;
  /** The stored product with this SKU (any letter case), when there is one. */
  id?: string;
}

const invalidFile = (message: string, errors: CatalogueRowError[] = []): CatalogueImportResult => ({ ok: false, reason: "invalid-file", message, errors });

/** The header's columns, in file order, or the problem with it. */
function readHeader(header: string[]): { columns: CatalogueColumn[] } | { message: string; field?: string } {
  const byName = new Map(CATALOGUE_COLUMNS.map((column) => [column.name.toLowerCase(), column]));
  const names = header.map((cell) => csvCellText(cell.trim()));
  if (names[0]?.toLowerCase() !== "sku") return { message: M.skuFirst };
  const columns: CatalogueColumn[] = [];
  for (const name of names) {
    const column = byName.get(name.toLowerCase());
    if (!column) return { message: M.unknownColumn(name.slice(0, 60)), field: name.slice(0, 60) };
    if (columns.includes(column)) return { message: M.repeatedColumn(column.name), field: column.name };
    columns.push(column);
  }
  const has = (name: string) => columns.some((column) => column.name === name);
  if (has("imageAlt") && !has("images")) return { message: M.altWithoutImages, field: "imageAlt" };
  if (columns.length === 1) return { message: M.noChanges };
  return { columns };
}

/** One record as the admin product body, or its problems. */
function readRow(cells: string[], columns: CatalogueColumn[], row: number): { body: Record<string, unknown>; sku: string } | { errors: CatalogueRowError[] } {
  const errors: CatalogueRowError[] = [];
  if (cells.length > columns.length && cells.slice(columns.length).some((cell) => cell.trim() !== "")) errors.push({ row, message: M.extraCells });
  const body: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    const text = csvCellText(cells[i] ?? "");
    body[column.name] = column.list ? (text.trim() === "" ? [] : text.split(CSV_LIST_SEPARATOR).map((item) => item.trim())) : text;
  });
  if ("images" in body) {
    const urls = body.images as string[];
    const alts = (body.imageAlt as string[] | undefined) ?? [];
    if (alts.length > urls.length) errors.push({ row, field: "imageAlt", message: M.altCount });
    body.images = urls.map((url, i) => ({ url, altText: alts[i] ?? "" }));
  }
  delete body.imageAlt;
  // Hindi columns (`name_hi`) are the admin body's `i18n: { hi: { name } }`; an empty cell removes that text.
  for (const column of columns) {
    if (!column.translation) continue;
    const { language, field } = column.translation;
    const i18n = (body.i18n ??= {}) as Record<string, Record<string, unknown>>;
    (i18n[language] ??= {})[field] = body[column.name];
    delete body[column.name];
  }
  const sku = String(body.sku ?? "").trim();
  if (sku === "") errors.push({ row, field: "sku", message: M.skuRequired });
  return errors.length > 0 ? { errors } : { body, sku };
}

/** The stored products' ids by lower-case SKU, for the SKUs given. */
async function idsBySku(db: Database, skus: string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let i = 0; i < skus.length; i += 1000) {
    const chunk = skus.slice(i, i + 1000);
    const rows = await db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(sql`lower(${products.sku}) in (${sql.join(chunk.map((sku) => sql`${sku}`), sql`, `)})`);
    for (const row of rows) ids.set(row.sku.toLowerCase(), row.id);
  }
  return ids;
}

/** A refused create or update as row errors: each field's message, or the reply's sentence. */
function writeErrors(result: Exclude<ProductWriteResult, { ok: true }>, mode: "create" | "update", row: number): CatalogueRowError[] {
  const reply = catalogReply.writeProduct(result, mode);
  const fields = Object.entries(reply.errors ?? {});
  return fields.length > 0
    ? fields.map(([field, message]) => ({ row, ...(field === "_" ? {} : { field: columnOfField(field) }), message }))
    : [{ row, message: reply.message }];
}

function badRows(errors: CatalogueRowError[]): CatalogueImportResult {
  errors.sort((a, b) => a.row - b.row);
  return { ok: false, reason: "bad-rows", errors: errors.slice(0, MAX_CATALOGUE_ROW_ERRORS), total: errors.length };
}

/**
 * POST /api/admin/products/import and the products page's import: creates the products whose SKU
 * is new and updates those whose SKU exists (any letter case), all or nothing.
 */
export async function importCatalogueCsv(shop: Pick<ShopContext, "db" | "config">, actor: AuditActor, bytes: Uint8Array): Promise<CatalogueImportResult> {
  const text = decodeCsvBytes(bytes);
  if (text === null) return invalidFile(M.notText);
  const parsed = readCsv(text);
  if ("unclosedQuoteRecord" in parsed) return invalidFile(M.unclosedQuote, [{ row: parsed.unclosedQuoteRecord, message: M.unclosedQuote }]);
  const records = parsed.rows;
  const [header, ...body] = records;
  const read = readHeader(header ?? []);
  if ("message" in read) return invalidFile(read.message, [{ row: 1, ...(read.field ? { field: read.field } : {}), message: read.message }]);
  if (body.length === 0) return invalidFile(M.empty);
  if (body.length > MAX_CATALOGUE_IMPORT_ROWS) return invalidFile(M.tooManyRows);

  // 1. Every row read and checked, nothing written.
  const errors: CatalogueRowError[] = [];
  const rows: ImportRow[] = [];
  const firstRowOfSku = new Map<string, number>();
  body.forEach((cells, i) => {
    const row = i + 2;
    const parsed = readRow(cells, read.columns, row);
    if ("errors" in parsed) {
      errors.push(...parsed.errors);
      return;
    }
    const key = parsed.sku.toLowerCase();
    const first = firstRowOfSku.get(key);
    if (first !== undefined) errors.push({ row, field: "sku", message: M.repeatedSku(first) });
    else firstRowOfSku.set(key, row);
    rows.push({ row, sku: parsed.sku, body: parsed.body });
  });
  const ids = await idsBySku(shop.db, [...firstRowOfSku.keys()]);
  const imageChecks = new Map<string, Promise<boolean>>();
  for (const entry of rows) {
    entry.id = ids.get(entry.sku.toLowerCase());
    const checked = readInput(entry.id ? adminProductUpdateSchema : adminProductSchema, entry.body);
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.errors)) {
        errors.push({ row: entry.row, ...(field === "_" ? {} : { field: columnOfField(field) }), message });
      }
      continue;
    }
    for (const image of checked.input.images ?? []) {
      if (!imageChecks.has(image.url)) imageChecks.set(image.url, imageFileExists(shop.config, image.url));
      if (!(await imageChecks.get(image.url))) errors.push({ row: entry.row, field: "images", message: M.imageMissing(image.url) });
    }
  }
  if (errors.length > 0) return badRows(errors);

  // 2. Written in short transactions through the catalog module's own writes, with a pause between
  //    them, so the shop's other requests get the embedded database in turn (issue 26: one
  //    transaction of 5,000 rows held it for over a minute). A refusal there (a SKU taken or an MRP
  //    changed since the check) undoes its batch and stops; the rows before it stay written, and
  //    importing the corrected file again is safe: rows are matched by SKU, so they update.
  let created = 0;
  let updated = 0;
  for (let start = 0; start < rows.length; ) {
    type Batch = { refused: null; written: number; made: number } | { refused: CatalogueRowError[] };
    const batch = await inTransaction(shop.db, async (tx): Promise<Batch> => {
      const began = performance.now();
      let written = 0;
      let made = 0;
      for (const entry of rows.slice(start)) {
        if (written >= IMPORT_BATCH_ROWS || (written > 0 && performance.now() - began >= IMPORT_BATCH_MS)) break;
        const result = entry.id ? await updateProduct(tx, actor, entry.id, entry.body) : await createProduct(tx, actor, entry.body);
        if (!result.ok) throw new Rollback<Batch>({ refused: writeErrors(result, entry.id ? "update" : "create", entry.row) });
        written += 1;
        if (!entry.id) made += 1;
      }
      return { refused: null, written, made };
    });
    if (batch.refused) {
      await recordImport(shop.db, actor, { rows: rows.length, created, updated, stoppedAtRow: batch.refused[0]?.row });
      const refusal = badRows(batch.refused);
      return refusal.ok || refusal.reason !== "bad-rows" ? refusal : { ...refusal, written: { created, updated } };
    }
    created += batch.made;
    updated += batch.written - batch.made;
    start += batch.written;
    if (start < rows.length) await new Promise((resolve) => setTimeout(resolve, IMPORT_PAUSE_MS));
  }
  await recordImport(shop.db, actor, { rows: rows.length, created, updated });
  return { ok: true, created, updated };
}

/** Rows written in one transaction at most, and for how long one goes on; then a pause for other requests. */
const IMPORT_BATCH_ROWS = 100;
const IMPORT_BATCH_MS = 200;
const IMPORT_PAUSE_MS = 20;

function recordImport(db: Database, actor: AuditActor, after: { rows: number; created: number; updated: number; stoppedAtRow?: number }) {
  return recordAudit(db, actor, { action: "catalogue.import", entity: "catalogue", entityId: "products", after });
}
