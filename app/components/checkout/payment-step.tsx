import { useState } from "react";
import { SHOP_NAME } from "#common/brand.ts";
import { CHECKOUT_MESSAGES } from "#common/checkout.ts";
import type { CheckoutPayment } from "#common/orders.ts";
import { loadRazorpay, openRazorpay, SDK_FAILED_TO_LOAD, type PaymentResult } from "~/lib/razorpay";
import { failWithTestGateway, payWithTestGateway, verifyPayment, type CheckoutOrder } from "./payment-api";
import { TestPaymentDialog } from "./test-payment-dialog";
import { useOrderApiText } from "~/lib/api-sentences";
import { useTextOr } from "~/lib/api-text";

/** Who pays, for Razorpay's prefill and notes (never shown by the test gateway). */
export interface PaymentPrefill {
  name: string;
  email: string;
  contact: string;
  notes?: Record<string, string>;
}

/** An order and the provider order to pay it through (a checkout's answer with a payment, or "Complete payment"'s). */
export interface PaymentStepStart {
  order: CheckoutOrder;
  payment: CheckoutPayment;
}

/**
 * What happened to one opening of the payment step. `attempt-failed` is not the end (the shopper
 * may try again inside Razorpay's window); the others are.
 */
export type PaymentStepOutcome =
  | { kind: "paid"; orderId: string }
  | { kind: "failed"; message: string }
  | { kind: "attempt-failed"; message: string }
  | { kind: "closed" };

/**
 * The payment step after an order has its provider order (the checkout's first attempt, or
 * "Complete payment" on a Pending order): Razorpay's checkout.js, or the offline test gateway's
 * dialog, then the server's signature check (`verifyPayment`). `start` opens it; `dialog` must be
 * rendered (it is the test gateway's modal, or nothing). `prepare` loads checkout.js before there
 * is an order, so that a script that cannot load leaves no order holding stock.
 */
export function usePaymentStep(onOutcome: (outcome: PaymentStepOutcome) => void) {
  const [current, setCurrent] = useState<PaymentStepStart | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; busy: boolean }>({ open: false, busy: false });
  // Also on My Orders (Complete payment), whose page may not send the orders' texts: English there.
  const text = useTextOr();
  const apiText = useOrderApiText();
  // "Payment failed: <why>" in the page's language (the why from Razorpay or the API, mapped where known).
  const failedBecause = (reason: string) => {
    const why = apiText(reason);
    return text("orders.paymentFailed", `Payment failed: ${why}`, { reason: why });
  };
  const sdkFailed = () => onOutcome({ kind: "failed", message: failedBecause(SDK_FAILED_TO_LOAD) });

  /** Whether the payment step can open with this provider; reports `failed` when checkout.js cannot load. */
  async function prepare(provider: CheckoutPayment["provider"]): Promise<boolean> {
    if (provider === "test" || (await loadRazorpay())) return true;
    sdkFailed();
    return false;
  }

  const finish = async (orderId: string, result: PaymentResult) => {
    const verified = await verifyPayment(orderId, result);
    setDialog({ open: false, busy: false });
    if (!verified.ok) onOutcome({ kind: "failed", message: apiText(verified.message || CHECKOUT_MESSAGES.paymentVerification) });
    else onOutcome({ kind: "paid", orderId });
  };

  async function start(started: PaymentStepStart, prefill: PaymentPrefill) {
    setCurrent(started);
    const { order, payment } = started;
    if (payment.provider === "test") {
      setDialog({ open: true, busy: false });
      return;
    }
    if (!(await prepare(payment.provider))) return;
    const outcome = await openRazorpay(
      {
        key: payment.keyId,
        amount: payment.amount,
        currency: payment.currency,
        order_id: payment.orderId,
        name: SHOP_NAME,
        description: text("orders.orderLabel", `Order ${order.orderNumber}`, { number: order.orderNumber }),
        prefill: { name: prefill.name, email: prefill.email, contact: prefill.contact },
        notes: { orderNumber: order.orderNumber, ...prefill.notes },
        theme: { color: "#127d66" },
      },
      (description) => onOutcome({ kind: "attempt-failed", message: failedBecause(description) }),
    );
    if (outcome.kind === "paid") await finish(order._id, outcome.result);
    else if (outcome.kind === "unavailable") sdkFailed();
    else onOutcome({ kind: "closed" });
  }

  const payTest = async () => {
    if (!current) return;
    setDialog({ open: true, busy: true });
    const paid = await payWithTestGateway(current.order._id);
    if (!paid.ok) {
      setDialog({ open: false, busy: false });
      onOutcome({ kind: "failed", message: failedBecause(paid.message) });
      return;
    }
    await finish(current.order._id, paid.data);
  };

  const failTest = async () => {
    if (!current) return;
    setDialog({ open: true, busy: true });
    const failed = await failWithTestGateway(current.order._id);
    setDialog({ open: false, busy: false });
    const description = failed.ok ? failed.data.error?.description : failed.message;
    onOutcome({ kind: "failed", message: failedBecause(description || text("orders.testDeclined", "The test payment was declined")) });
  };

  const closeTest = () => {
    setDialog({ open: false, busy: false });
    onOutcome({ kind: "closed" });
  };

  const element =
    current && current.payment.provider === "test" ? (
      <TestPaymentDialog
        open={dialog.open}
        busy={dialog.busy}
        orderNumber={current.order.orderNumber}
        amountPaise={current.payment.amount}
        onPay={() => void payTest()}
        onFail={() => void failTest()}
        onClose={closeTest}
      />
    ) : null;

  return { prepare, start, dialog: element };
}
