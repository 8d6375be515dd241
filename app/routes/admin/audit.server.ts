// The audit page's server side (/admin/audit): the log through the audit module, its filters read
// with the same schema as GET /api/admin/audit (decisions/033).
import type { AppLoadContext } from "react-router";
import { AUDIT_MESSAGES, AUDIT_PAGE_SIZE } from "#common/audit.ts";
import { auditRecordNames, listAuditEntries } from "#server/modules/audit/audit.ts";
import { fieldErrors } from "#server/schemas/field-errors.ts";
import { auditQuerySchema } from "#server/schemas/audit.ts";
import * as z from "zod/mini";
import { pageParam } from "~/components/admin/pager";

const FILTERS = ["entity", "entityId", "actor", "from", "to"] as const;

export async function loadAudit(context: AppLoadContext, url: URL) {
  const page = pageParam(url);
  const given = Object.fromEntries(FILTERS.map((name) => [name, url.searchParams.get(name)?.slice(0, 200) ?? ""])) as Record<(typeof FILTERS)[number], string>;
  const parsed = z.safeParse(auditQuerySchema, { ...given, page: String(page), limit: String(AUDIT_PAGE_SIZE) });
  if (!parsed.success) {
    return { filters: given, errors: fieldErrors(parsed.error), entries: [], names: {}, total: 0, page, hasNext: false, failure: null };
  }
  try {
    const log = await listAuditEntries(context.shop.db, { ...parsed.data, page, limit: AUDIT_PAGE_SIZE });
    // Order numbers and names for the ids the entries hold (issue 27 item 8).
    const names = await auditRecordNames(context.shop.db, log.items);
    return { filters: given, errors: {}, entries: log.items, names, total: log.total, page, hasNext: page * AUDIT_PAGE_SIZE < log.total, failure: null };
  } catch (error) {
    context.shop.logger.error({ err: error, requestId: context.requestId }, AUDIT_MESSAGES.fetchFailed);
    return { filters: given, errors: {}, entries: [], names: {}, total: 0, page, hasNext: false, failure: AUDIT_MESSAGES.fetchFailed };
  }
}
