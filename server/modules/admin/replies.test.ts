// The admin module's reply table: every outcome of every admin write has one status and one
// sentence, and the refusals that name a form field carry it (the API and the pages show both).
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, REVIEW_MODERATION_MESSAGES } from "#common/admin.ts";
import { adminReply, ORDER_REMOVAL_MESSAGES } from "./replies.ts";

const invalid = { ok: false, reason: "invalid", errors: { name: "Name is required", email: "Email is required" } } as const;

describe("adminReply", () => {
  it("answers invalid input alike for every use case: 400, the first field's message, every field's", () => {
    const expected = { status: 400, message: "Name is required", errors: invalid.errors };
    expect(adminReply.writeProduct(invalid, "update")).toEqual(expected);
    expect(adminReply.setOrderStatus(invalid)).toEqual(expected);
    expect(adminReply.moderateReview(invalid)).toEqual(expected);
  });

  it("products: created 201, saved 200, deleted or unpublished, SKU and price refusals on their fields", () => {
    const product = { _id: "p1" } as never;
    expect(adminReply.writeProduct({ ok: true, product }, "create")).toEqual({ status: 201, message: ADMIN_MESSAGES.productCreated });
    expect(adminReply.writeProduct({ ok: true, product }, "update")).toEqual({ status: 200, message: "Product saved" });
    expect(adminReply.writeProduct({ ok: false, reason: "sku-taken" }, "create")).toEqual({ status: 409, message: ADMIN_MESSAGES.skuTaken, errors: { sku: ADMIN_MESSAGES.skuTaken } });
    expect(adminReply.writeProduct({ ok: false, reason: "price-above-mrp" }, "update")).toMatchObject({ status: 400, errors: { price: ADMIN_MESSAGES.priceAboveMrp } });
    expect(adminReply.writeProduct({ ok: false, reason: "not-found" }, "update")).toEqual({ status: 404, message: ADMIN_MESSAGES.productNotFound });
    expect(adminReply.deleteProduct({ ok: true, outcome: "deleted" })).toEqual({ status: 200, message: ADMIN_MESSAGES.productDeleted });
    expect(adminReply.deleteProduct({ ok: true, outcome: "unpublished" })).toEqual({ status: 200, message: ADMIN_MESSAGES.productUnpublished });
    expect(adminReply.deleteProduct({ ok: false, reason: "not-found" })).toEqual({ status: 404, message: ADMIN_MESSAGES.productNotFound });
  });

  it("orders: the transition table's and the gateway's refusals keep their own sentence", () => {
    const order = {} as never;
    expect(adminReply.setOrderStatus({ ok: true, order, from: "Processing", to: "Shipped", refundedPaise: 0, changed: true })).toEqual({ status: 200, message: "Order marked Shipped" });
    expect(adminReply.setOrderStatus({ ok: false, reason: "not-found" })).toEqual({ status: 404, message: ADMIN_MESSAGES.orderNotFound });
    expect(adminReply.setOrderStatus({ ok: false, reason: "not-allowed", from: "Delivered", to: "Cancelled", message: "No" })).toEqual({ status: 409, message: "No", errors: { status: "No" } });
    expect(adminReply.setOrderStatus({ ok: false, reason: "refund-failed", message: "Refund refused" })).toEqual({ status: 502, message: "Refund refused" });
    expect(adminReply.removeOrder({ ok: true, outcome: "archived" })).toEqual({ status: 200, message: ORDER_REMOVAL_MESSAGES.archived });
    expect(adminReply.removeOrder({ ok: true, outcome: "deleted" })).toEqual({ status: 200, message: ORDER_REMOVAL_MESSAGES.deleted });
    expect(adminReply.removeOrder({ ok: false, reason: "in-progress" })).toEqual({ status: 409, message: ORDER_REMOVAL_MESSAGES.inProgress });
    expect(adminReply.removeOrder({ ok: false, reason: "not-found" })).toEqual({ status: 404, message: ORDER_REMOVAL_MESSAGES.notFound });
  });

  it("reviews", () => {
    expect(adminReply.moderateReview({ ok: true, outcome: "deleted" })).toEqual({ status: 200, message: REVIEW_MODERATION_MESSAGES.reviewDeleted });
    expect(adminReply.moderateReview({ ok: false, reason: "not-found" })).toEqual({ status: 404, message: REVIEW_MODERATION_MESSAGES.reviewNotFound });
  });
});
