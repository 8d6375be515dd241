// The admin's return requests (decisions/032): the list, and Approve / Reject from it and from an order's page.
import type { AppLoadContext } from "react-router";
import { formText } from "#common/forms.ts";
import { returnReply } from "#server/modules/returns/replies.ts";
import { decideReturn, listReturns } from "#server/modules/returns/returns.ts";
import { adminAction, changedBy } from "./admin-action.server";
import { listForPage } from "./admin-list.server";

/** `?status=requested|approved|rejected` (anything else: all, open ones first) and `?page=`, read as GET /api/admin/returns reads them. */
export async function loadReturns(context: AppLoadContext, url: URL) {
  const { items, total, page, limit, query } = await listForPage((asked) => listReturns(context.shop.db, asked), url);
  return { items, total, page, limit, status: query.status ?? "" };
}

/** Approve or Reject (with `reason`), answered from the returns module's reply table. */
export function decideFromPage(context: AppLoadContext, form: FormData) {
  const values = Object.fromEntries(form);
  const body = { decision: formText(values, "decision"), reason: formText(values, "reason") };
  return adminAction(context, "Failed to decide the return", async () =>
    returnReply.decide(await decideReturn(context.shop, changedBy(context), formText(values, "id"), body)),
  );
}
