import { ADMIN_MESSAGES, REVIEW_MODERATION_MESSAGES } from "#common/admin.ts";
import { SHIPMENT_MESSAGES } from "#common/couriers.ts";
import { PRESCRIPTION_MESSAGES } from "#common/prescriptions.ts";
import { ok, refusal, refused, type Refusals, type Reply } from "#server/replies.ts";
import type { RemoveOrderResult, SetOrderStatusResult } from "./orders.ts";
import type { DeleteProductResult, ProductWriteResult } from "./products.ts";
import type { ReviewModerationResult } from "./reviews.ts";

const PRODUCT_REFUSALS: Refusals<ProductWriteResult | DeleteProductResult> = {
  "nothing-to-update": refused(400, ADMIN_MESSAGES.nothingToUpdate),
  "not-found": refused(404, ADMIN_MESSAGES.productNotFound),
  "sku-taken": refused(409, ADMIN_MESSAGES.skuTaken, "sku"),
  "price-above-mrp": refused(400, ADMIN_MESSAGES.priceAboveMrp, "price"),
  "schedule-x": refused(400, PRESCRIPTION_MESSAGES.scheduleX, "schedule"),
};

export const ORDER_REMOVAL_MESSAGES = {
  deleted: "Order deleted",
  archived:
    "This order has an invoice or a payment, so it was archived instead of deleted: it stays in the revenue figures, the customer's orders and its invoice",
  notFound: "Order not found",
  inProgress: "Only cancelled or delivered orders can be deleted or archived; cancel the order first",
} as const;

const ORDER_REMOVAL_REFUSALS: Refusals<RemoveOrderResult> = {
  "not-found": refused(404, ORDER_REMOVAL_MESSAGES.notFound),
  "in-progress": refused(409, ORDER_REMOVAL_MESSAGES.inProgress),
};

const REVIEW_SUCCESS = {
  hidden: ok(REVIEW_MODERATION_MESSAGES.reviewHidden),
  shown: ok(REVIEW_MODERATION_MESSAGES.reviewShown),
  deleted: ok(REVIEW_MODERATION_MESSAGES.reviewDeleted),
} as const;

/**
 * The admin module's one table from each use case's result to its status and sentence. The REST
 * handlers (server/api/admin) send it, adding the changed record on success;
 * the admin pages' actions (app/routes/admin/*.server.ts) show it. Nothing else decides an outcome.
 */
export const adminReply = {
  /** Creating (201, "Product created") and saving (200, "Product saved") share their refusals. */
  writeProduct(result: ProductWriteResult, use: "create" | "update"): Reply {
    if (!result.ok) return refusal(result, PRODUCT_REFUSALS);
    return use === "create" ? ok(ADMIN_MESSAGES.productCreated, 201) : ok("Product saved");
  },
  /** "Product deleted", or the note that it was unpublished because orders refer to it. */
  deleteProduct(result: DeleteProductResult): Reply {
    if (!result.ok) return refusal(result, PRODUCT_REFUSALS);
    return ok(result.outcome === "deleted" ? ADMIN_MESSAGES.productDeleted : ADMIN_MESSAGES.productUnpublished);
  },

  /** The transition table's refusal (409) or the gateway's refused refund (502) names why; the order is unchanged. */
  setOrderStatus(result: SetOrderStatusResult): Reply {
    if (result.ok) return ok(`Order marked ${result.to}`);
    if (result.reason === "not-allowed") return refused(409, result.message, "status");
    // Shipped without its courier and AWB: a request to complete, not a move that is impossible.
    if (result.reason === "incomplete") return { status: 400, message: result.message, errors: { courier: SHIPMENT_MESSAGES.courier, awb: SHIPMENT_MESSAGES.awb } };
    if (result.reason === "refund-failed") return refused(502, result.message);
    return refusal(result, { "not-found": refused(404, ADMIN_MESSAGES.orderNotFound) });
  },
  /** An order with an invoice or a payment is archived, never erased; the message says which. */
  removeOrder(result: RemoveOrderResult): Reply {
    if (!result.ok) return refusal(result, ORDER_REMOVAL_REFUSALS);
    return ok(result.outcome === "archived" ? ORDER_REMOVAL_MESSAGES.archived : ORDER_REMOVAL_MESSAGES.deleted);
  },

  /** Hide, show again and delete (decisions/015). */
  moderateReview: (result: ReviewModerationResult): Reply =>
    result.ok ? REVIEW_SUCCESS[result.outcome] : refusal(result, { "not-found": refused(404, REVIEW_MODERATION_MESSAGES.reviewNotFound) }),
};
