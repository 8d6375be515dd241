import { CATALOGUE_CSV_MESSAGES } from "#common/catalogue-csv.ts";
import type { Reply } from "#server/replies.ts";
import type { CatalogueImportResult, CatalogueRowError } from "./catalogue-csv.ts";

/**
 * The catalogue import's one reply table, for POST /api/admin/products/import and the products
 * page alike: 200 with the counts, or 400 with the sentence and the rows to fix.
 */
export function catalogueImportReply(result: CatalogueImportResult): Reply & { rowErrors: CatalogueRowError[] } {
  if (result.ok) return { status: 200, message: CATALOGUE_CSV_MESSAGES.imported(result.created, result.updated), rowErrors: [] };
  if (result.reason === "invalid-file") return { status: 400, message: result.message, rowErrors: result.errors };
  if (result.written) return { status: 400, message: CATALOGUE_CSV_MESSAGES.partlyImported(result.written.created, result.written.updated), rowErrors: result.errors };
  const message =
    result.total > result.errors.length ? CATALOGUE_CSV_MESSAGES.moreErrors(result.errors.length, result.total) : CATALOGUE_CSV_MESSAGES.badRows;
  return { status: 400, message, rowErrors: result.errors };
}
