// The pharmacists' queue of orders by prescription (decisions/058): the list (the same function as
// GET /api/admin/prescription-orders) and the proposal and decline forms (the same use cases and
// reply table as POST /api/admin/prescription-orders/:id/proposal and /decline).
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "#server/auth.ts";
import { prescriptionOrderReply } from "#server/modules/pharmacy/prescription-order-replies.ts";
import { declinePrescriptionOrder, listPrescriptionOrderQueue, proposePrescriptionOrder } from "#server/modules/pharmacy/prescription-orders.ts";
import { adminAction } from "./admin-action.server";
import { hasNextPage, listForPage } from "./admin-list.server";

/** `?status=` waiting (the default), proposed, declined or all; oldest first. */
export async function loadPrescriptionOrders(context: AppLoadContext, url: URL, staff: SessionUser) {
  const asked = new URL(url);
  if (!asked.searchParams.has("status")) asked.searchParams.set("status", "waiting");
  const list = await listForPage((query) => listPrescriptionOrderQueue(context.shop.db, query), asked);
  return {
    status: list.status ?? "all",
    requests: list.items,
    total: list.total,
    page: list.page,
    hasNext: hasNextPage(list),
    // Only a pharmacist answers; an admin sees the queue read-only.
    canAnswer: staff.role === "pharmacist",
    maxQuantity: context.shop.config.orderLimits.maxUnitsPerProduct,
  };
}

/** The form's fields as the API's body: `productId` and `quantity` repeated, one pair per item. */
function bodyOf(form: FormData) {
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : undefined);
  const productIds = form.getAll("productId").filter((value): value is string => typeof value === "string");
  const quantities = form.getAll("quantity").filter((value): value is string => typeof value === "string");
  return {
    items: productIds.map((productId, index) => ({ productId, quantity: quantities[index] ?? "" })),
    message: text("message"),
    prescriberName: text("prescriberName"),
    prescriberRegistration: text("prescriberRegistration"),
    reason: text("reason"),
  };
}

/** Propose or decline, by the form's `intent`. */
export function answerPrescriptionOrder(context: AppLoadContext, staff: SessionUser, form: FormData) {
  const id = typeof form.get("id") === "string" ? (form.get("id") as string) : "";
  const body = bodyOf(form);
  if (form.get("intent") === "decline") {
    return adminAction(context, "Failed to decline the request", async () =>
      prescriptionOrderReply.decline(await declinePrescriptionOrder(context.shop, staff, id, { reason: body.reason })),
    );
  }
  return adminAction(context, "Failed to send the proposal", async () => prescriptionOrderReply.propose(await proposePrescriptionOrder(context.shop, staff, id, body)));
}
