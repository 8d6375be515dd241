// The admin's return requests (decisions/032): the list, and Approve / Reject from it and from an order's page.
import type { AppLoadContext } from "react-router";
import { formText } from "#common/forms.ts";
import { RETURN_STATUS_LABELS, type ReturnStatusId } from "#common/returns.ts";
import { returnReply } from "#server/modules/returns/replies.ts";
import { decideReturn, listReturns } from "#server/modules/returns/returns.ts";
import { adminAction, changedBy } from "./admin-action.server";

export const RETURNS_PAGE_SIZE = 20;

/** `?status=requested|approved|rejected` (anything else: all, open ones first) and `?page=`. */
export async function loadReturns(context: AppLoadContext, url: URL) {
  const wanted = url.searchParams.get("status") ?? "";
  const status = wanted in RETURN_STATUS_LABELS ? (wanted as ReturnStatusId) : undefined;
  const pageText = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) > 0 ? Number(pageText) : 1;
  const list = await listReturns(context.shop.db, { status, page, limit: RETURNS_PAGE_SIZE });
  return { ...list, status: status ?? "" };
}

/** Approve or Reject (with `reason`), answered from the returns module's reply table. */
export function decideFromPage(context: AppLoadContext, form: FormData) {
  const values = Object.fromEntries(form);
  const body = { decision: formText(values, "decision"), reason: formText(values, "reason") };
  return adminAction(context, "Failed to decide the return", async () =>
    returnReply.decide(await decideReturn(context.shop, changedBy(context), formText(values, "id"), body)),
  );
}
