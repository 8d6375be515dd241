// The serviceability page's server side (/admin/serviceability): the ranges, the CSV download and
// the CSV import, through the delivery module's functions and reply (as the REST calls).
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "#server/auth.ts";
import { importRangesCsv, listRanges, MAX_IMPORT_BYTES, rangesCsv } from "#server/modules/delivery/ranges.ts";
import { importReply } from "#server/modules/delivery/replies.ts";
import { SERVICEABILITY_MESSAGES } from "#common/serviceability.ts";
import type { CsvImportOutcome } from "~/components/admin/csv-upload";

export function loadRanges(context: AppLoadContext) {
  return listRanges(context.shop.db);
}

/** The table as a CSV download (the same file as GET /api/admin/serviceability.csv). */
export async function rangesCsvResponse(context: AppLoadContext): Promise<Response> {
  return new Response(await rangesCsv(context.shop.db), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="serviceability.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}

/** The import form's file (field `file`), replacing the table or changing nothing. */
export async function importRangesFromForm(context: AppLoadContext, admin: SessionUser, form: FormData): Promise<{ status: number; outcome: CsvImportOutcome }> {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { status: 400, outcome: { ok: false, message: SERVICEABILITY_MESSAGES.noFile, errors: [] } };
  if (file.size > MAX_IMPORT_BYTES) return { status: 413, outcome: { ok: false, message: SERVICEABILITY_MESSAGES.tooLarge, errors: [] } };
  const result = await importRangesCsv(context.shop.db, { id: admin.id, name: admin.name, role: admin.role }, await file.text());
  const reply = importReply(result);
  return { status: reply.status, outcome: { ok: result.ok, message: reply.message, errors: reply.rowErrors ?? [] } };
}
