import { PIN_CODE_MESSAGE } from "#common/india.ts";
import { SERVICEABILITY_MESSAGES } from "#common/serviceability.ts";
import type { Reply } from "#server/replies.ts";
import type { ImportResult, RowError } from "./ranges.ts";

/** GET /api/serviceability/:pin with something other than six digits not starting with 0. */
export const MALFORMED_PIN_REPLY: Reply = { status: 400, message: PIN_CODE_MESSAGE };

/** The serviceability import's outcomes, for the API and the admin page alike. */
export function importReply(result: ImportResult): Reply & { rowErrors?: RowError[] } {
  if (result.ok) return { status: 200, message: SERVICEABILITY_MESSAGES.imported(result.imported) };
  if (result.reason === "invalid-file") return { status: 400, message: result.message };
  return { status: 400, message: SERVICEABILITY_MESSAGES.badRows, rowErrors: result.errors };
}
