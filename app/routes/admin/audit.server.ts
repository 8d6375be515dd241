// The audit page's server side (/admin/audit): the log through the audit module, its filters read
// by the same function as GET /api/admin/audit (decisions/033).
import type { AppLoadContext } from "react-router";
import { AUDIT_MESSAGES } from "#common/audit.ts";
import { auditRecordNames, listAuditEntries } from "#server/modules/audit/audit.ts";
import { hasNextPage, listForPage } from "./admin-list.server";

const FILTERS = ["entity", "entityId", "actor", "from", "to"] as const;

/** The filters as typed, shown again in their fields (a refused one with the API's message beside it, and no entries); a page number that is not one lists page 1. */
export async function loadAudit(context: AppLoadContext, url: URL) {
  const filters = Object.fromEntries(FILTERS.map((name) => [name, url.searchParams.get(name)?.slice(0, 200) ?? ""])) as Record<(typeof FILTERS)[number], string>;
  const nothing = { filters, errors: {}, entries: [], names: {}, total: 0, page: 1, hasNext: false, failure: null };
  try {
    const log = await listForPage((query) => listAuditEntries(context.shop.db, query), url);
    const { page: _page, ...errors } = log.leftOut;
    if (Object.keys(errors).length > 0) return { ...nothing, errors };
    // Order numbers and names for the ids the entries hold (issue 27 item 8).
    const names = await auditRecordNames(context.shop.db, log.items);
    return { ...nothing, entries: log.items, names, total: log.total, page: log.page, hasNext: hasNextPage(log) };
  } catch (error) {
    context.shop.logger.error({ err: error, requestId: context.requestId }, AUDIT_MESSAGES.fetchFailed);
    return { ...nothing, failure: AUDIT_MESSAGES.fetchFailed };
  }
}
