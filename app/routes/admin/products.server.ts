// The products list's server side: the list, and Delete (also from the edit page) through the
// catalog module's use case and its reply table (the same as DELETE /api/admin/products/:id).
import type { AppLoadContext } from "react-router";
import { deleteProduct, listAdminProducts, waitingForStock } from "#server/modules/catalog/admin-products.ts";
import { catalogReply } from "#server/modules/catalog/replies.ts";
import { readSettings } from "#server/modules/settings/settings.ts";
import { CATALOGUE_CSV_MESSAGES, MAX_CATALOGUE_IMPORT_BYTES } from "#common/catalogue-csv.ts";
import { istDay } from "#common/dates.ts";
import { catalogueCsv, catalogueTemplateCsv, importCatalogueCsv } from "#server/modules/catalogue-csv/catalogue-csv.ts";
import { catalogueImportReply } from "#server/modules/catalogue-csv/replies.ts";
import type { CsvImportOutcome } from "~/components/admin/csv-upload";
import { formText } from "~/lib/form-text";
import { adminAction, changedBy } from "./admin-action.server";
import { hasNextPage, listForPage } from "./admin-list.server";

/** The list as GET /api/admin/products reads it (listForPage: an unreadable filter is left out), with each product's low-stock line and waiting shoppers. */
export async function loadProducts(context: AppLoadContext, url: URL) {
  const [list, settings] = await Promise.all([listForPage((query) => listAdminProducts(context.shop.db, query), url), readSettings(context.shop)]);
  // Each product's "Low" is at its own threshold, else the shop's default (decisions/031).
  const defaultLowStock = settings.lowStockThreshold;
  // Back-in-stock demand: how many shoppers asked to be told about each product.
  const waitingFor = await waitingForStock(context.shop.db, list.items.map((product) => product._id));
  const { search = "", waiting } = list.query;
  return { products: list.items, total: list.total, hasNext: hasNextPage(list), page: list.page, search, waiting, waitingFor, defaultLowStock };
}

/** "Product deleted", or the note that it was unpublished because orders refer to it. */
export function removeProduct(context: AppLoadContext, form: FormData) {
  const { id } = formText(form, ["id"]);
  return adminAction(context, "Failed to delete product", async () => catalogReply.deleteProduct(await deleteProduct(context.shop.db, changedBy(context), id)));
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
