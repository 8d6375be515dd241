// The admin's refills (decisions/057): every refill, next date first, as GET /api/admin/refills lists them.
import type { AppLoadContext } from "react-router";
import { listAdminRefills, upcomingRefills } from "#server/modules/refills/refills.ts";
import { listForPage } from "./admin-list.server";

/** `?status=active|paused|cancelled` and `?page=`; a parameter the list cannot read is left out. */
export async function loadRefills(context: AppLoadContext, url: URL) {
  const { items, total, page, limit, query } = await listForPage((asked) => listAdminRefills(context.shop.db, asked), url);
  return { items, total, page, limit, status: query.status ?? "" };
}

/** The dashboard's card: the next active refills, or null when they could not be read. */
export async function loadUpcomingRefills(context: AppLoadContext) {
  try {
    return await upcomingRefills(context.shop.db, 5);
  } catch (error) {
    context.shop.logger.error({ err: error, requestId: context.requestId }, "upcoming refills failed");
    return null;
  }
}
