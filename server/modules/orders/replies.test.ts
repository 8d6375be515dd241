// The staff's order writes in the orders module's reply table: every outcome has one status and
// one sentence, and the refusals that name a form field carry it.
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "#common/admin.ts";
import { ORDER_REMOVAL_MESSAGES, orderReply } from "./replies.ts";

describe("orderReply: the staff's status changes and removals", () => {
  it("answers invalid input as every reply table does: 400, the first field's message, every field's", () => {
    const invalid = { ok: false, reason: "invalid", errors: { name: "Name is required", email: "Email is required" } } as const;
    expect(orderReply.setOrderStatus(invalid)).toEqual({ status: 400, message: "Name is required", errors: invalid.errors });
  });

  it("orders: the transition table's and the gateway's refusals keep their own sentence", () => {
    const order = {} as never;
    expect(orderReply.setOrderStatus({ ok: true, order, from: "Processing", to: "Shipped", refundedPaise: 0, changed: true })).toEqual({ status: 200, message: "Order marked Shipped" });
    expect(orderReply.setOrderStatus({ ok: false, reason: "not-found" })).toEqual({ status: 404, message: ADMIN_MESSAGES.orderNotFound });
    expect(orderReply.setOrderStatus({ ok: false, reason: "not-allowed", from: "Delivered", to: "Cancelled", message: "No" })).toEqual({ status: 409, message: "No", errors: { status: "No" } });
    expect(orderReply.setOrderStatus({ ok: false, reason: "refund-failed", message: "Refund refused" })).toEqual({ status: 502, message: "Refund refused" });
    expect(orderReply.removeOrder({ ok: true, outcome: "archived" })).toEqual({ status: 200, message: ORDER_REMOVAL_MESSAGES.archived });
    expect(orderReply.removeOrder({ ok: true, outcome: "deleted" })).toEqual({ status: 200, message: ORDER_REMOVAL_MESSAGES.deleted });
    expect(orderReply.removeOrder({ ok: false, reason: "in-progress" })).toEqual({ status: 409, message: ORDER_REMOVAL_MESSAGES.inProgress });
    expect(orderReply.removeOrder({ ok: false, reason: "not-found" })).toEqual({ status: 404, message: ORDER_REMOVAL_MESSAGES.notFound });
  });
});
