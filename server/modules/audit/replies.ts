import { refusal, type Reply } from "#server/replies.ts";
import type { InvalidInput } from "#server/schemas/input.ts";

/** The audit log's reply table (GET /api/admin/audit; the audit page shows the same field messages beside its filters). */
export const auditReply = {
  /** A filter or page its schema refused: an unknown entity, a date that is not one, a range that ends before it starts. */
  list: (result: InvalidInput): Reply => refusal(result, {}),
};
