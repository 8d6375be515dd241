// The products list's server side: the list, and Delete (also from the edit page) through the
// admin module's use case and its one reply table (the same as DELETE /api/admin/products/:id).
import type { AppLoadContext } from "react-router";
import { ADMIN_PAGE_SIZE } from "#common/admin.ts";
import { deleteProduct, listAdminProducts, waitingForStock } from "#server/modules/admin/products.ts";
import { adminReply } from "#server/modules/admin/replies.ts";
import { readSettings } from "#server/modules/settings/settings.ts";
import { CATALOGUE_CSV_MESSAGES, MAX_CATALOGUE_IMPORT_BYTES } from "#common/catalogue-csv.ts";
import { istDay } from "#common/dates.ts";
import { catalogueCsv, catalogueTemplateCsv, importCatalogueCsv } from "#server/modules/catalogue-csv/catalogue-csv.ts";
import { catalogueImportReply } from "#server/modules/catalogue-csv/replies.ts";
import type { CsvImportOutcome } from "~/components/admin/csv-upload";
import { pageParam } from "~/components/admin/pager";
import { formText } from "~/lib/form-text";
import { adminAction, changedBy } from "./admin-action.server";

export async function loadProducts(context: AppLoadContext, url: URL) {
  const page = pageParam(url);
  const search = url.searchParams.get("search")?.trim().slice(0, 200) ?? "";
  const waiting = url.searchParams.get("waiting") === "1";
  const [products, settings] = await Promise.all([
    listAdminProducts(context.shop.db, { page, limit: ADMIN_PAGE_SIZE, search: search || undefined, waiting }),
    readSettings(context.shop),
  ]);
  // Each product's "Low" is at its own threshold, else the shop's default (decisions/031).
  const defaultLowStock = settings.lowStockThreshold;
  // Back-in-stock demand: how many shoppers asked to be told about each product.
  const waitingFor = await waitingForStock(context.shop.db, products.items.map((product) => product._id));
  return { products: products.items, total: products.total, hasNext: page * ADMIN_PAGE_SIZE < products.total, page, search, waiting, waitingFor, defaultLowStock };
}

/** "Product deleted", or the note that it was unpublished because orders refer to it. */
export function removeProduct(context: AppLoadContext, form: FormData) {
  const { id } = formText(form, ["id"]);
  return adminAction(context, "Failed to delete product", async () => adminReply.deleteProduct(await deleteProduct(context.shop.db, changedBy(context), id)));
}

function csvResponse(fileName: string, csv: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Every product as CSV (the same file as GET /api/admin/products/export.csv), named by India's day. */
export async function catalogueCsvResponse(context: AppLoadContext): Promise<Response> {
  return csvResponse(`catalogue-${istDay()}.csv`, await catalogueCsv(context.shop.db));
}

/** The header and one example row (GET /api/admin/products/template.csv). */
export function catalogueTemplateResponse(): Response {
  return csvResponse("catalogue-template.csv", catalogueTemplateCsv());
}

/** The import form's file (field `file`): every product created or updated by SKU, or nothing and the rows to fix. */
export async function importCatalogueFromForm(context: AppLoadContext, form: FormData): Promise<{ status: number; outcome: CsvImportOutcome }> {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { status: 400, outcome: { ok: false, message: CATALOGUE_CSV_MESSAGES.noFile, errors: [] } };
  if (file.size > MAX_CATALOGUE_IMPORT_BYTES) return { status: 413, outcome: { ok: false, message: CATALOGUE_CSV_MESSAGES.tooLarge, errors: [] } };
  const result = await importCatalogueCsv(context.shop, changedBy(context), new Uint8Array(await file.arrayBuffer()));
  const reply = catalogueImportReply(result);
  return { status: reply.status, outcome: { ok: result.ok, message: reply.message, errors: reply.rowErrors } };
}
