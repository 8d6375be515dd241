// Orders as the API and the pages see them (api-contract.md, "Checkout, payments and orders"):
// the statuses and the JSON shapes, shared by the server, the browser and the tests.
import type { ShiprocketShipmentJson } from "./shipping.ts";

export const ORDER_STATUSES = ["Pending", "Processing", "Shipped", "Delivered", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How long an unpaid online order holds its stock before it is cancelled (api-contract.md): the checkout sets it, the sweeper (orders/expiry.ts) cancels after it, /shipping and /how-to-order say it. */
export const RESERVATION_MINUTES = 30;

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  /** The first address line. */
  address: string;
  line2?: string;
  landmark?: string;
  city: string;
  /** One of common/india.ts INDIAN_STATES (absent on orders placed before issue 14). */
  state?: string;
  postalCode: string;
  country: string;
  /** Ten digits starting 6 to 9 (common/india.ts normalizeIndianPhone). */
  phone: string;
  email: string;
}

/** How an order is paid: online through the gateway before dispatch, or in cash at the door. */
export const PAYMENT_METHODS = ["razorpay", "cod"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The one label telling cash-on-delivery and prepaid orders apart, in every list, page and email. */
export function paymentMethodLabel(method: string): string {
  return method === "cod" ? "Cash on delivery" : "Online payment";
}

export interface OrderItemJson {
  productId: string;
  name: string;
  image: string;
  /** Rupees, the unit price the order was bought at (GST included). */
  price: number;
  quantity: number;
}

/** An order as the API sends it (api-contract.md, "Checkout, payments and orders"); money in rupees. */
export interface OrderJson {
  _id: string;
  orderNumber: string;
  /** `email` is null for an account made by phone without an email (decisions/050). */
  user: { _id: string | null; name: string; email: string | null };
  orderItems: OrderItemJson[];
  shippingAddress: ShippingAddress;
  paymentMethod: string;
  paymentResult?: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
  itemsPrice: number;
  /** A coupon's discount (0 without one). */
  discountPrice: number;
  /** The coupon the order was placed with (issue 15). */
  coupon: { code: string } | null;
  shippingPrice: number;
  /** The cash-on-delivery fee (0 unless paid by COD). */
  codFee: number;
  /** GST included in itemsPrice. */
  taxPrice: number;
  /** itemsPrice - discountPrice + shippingPrice + codFee. */
  totalPrice: number;
  isPaid: boolean;
  paidAt?: string;
  status: OrderStatus;
  isDelivered: boolean;
  deliveredAt?: string;
  /** Null without prescription-only lines; else the review and the prescriptions attached (issue 13). */
  prescription: OrderPrescriptionJson | null;
  /** The delivery dates promised for the PIN code when the order was placed (YYYY-MM-DD, India). */
  estimatedDelivery?: { from: string; to: string };
  /** Cash on delivery only (decisions/044): confirmed by the shopper or the staff, or cancelled at `confirmBy`. */
  codConfirmation?: CodConfirmationJson;
  createdAt: string;
  updatedAt: string;
}

export interface CodConfirmationJson {
  confirmed: boolean;
  /** While unconfirmed: when the order is cancelled and its stock released. */
  confirmBy?: string;
  confirmedAt?: string;
  confirmedBy?: "customer" | "staff";
}

/**
 * A row of GET /api/orders/my-orders: the order plus, while it awaits payment (Pending, prepaid),
 * the end of its reservation, after which it can no longer be paid; null otherwise.
 */
export type MyOrderJson = OrderJson & { reservationExpiresAt: string | null };

/** An order's prescription review (api-contract.md, "Prescriptions"). */
export interface OrderPrescriptionJson {
  status: "pending" | "approved" | "rejected";
  prescriptionIds: string[];
  reviewedAt?: string;
  /** The reviewing pharmacist. */
  reviewer?: { name: string; registration: string };
  /** Why it was rejected. */
  reason?: string;
}

export interface OrderLineDetail extends OrderItemJson {
  sku: string;
  hsnCode: string | null;
  gstRateBps: number;
  /** Rupees: price × quantity, and the GST included in it (on the value after the line's discount). */
  lineTotal: number;
  tax: number;
  /** Rupees: this line's share of the coupon's discount (0 without one). */
  discount: number;
  /** Rupees: the printed MRP per unit. */
  mrp: number;
}

export interface OrderPaymentInfo {
  provider: string;
  providerOrderId: string;
  providerPaymentId: string | null;
  signature: string | null;
  method: string | null;
  /** created, authorized, captured, failed or refunded. */
  status: string;
  /** Rupees. */
  amount: number;
  currency: string;
  refundId: string | null;
  refunded: number;
  failureReason: string | null;
}

/** What the order page and the confirmation page show: the contract's order plus its story. */
export interface OrderDetailJson extends OrderJson {
  lines: OrderLineDetail[];
  statusHistory: { status: OrderStatus; note: string | null; at: string }[];
  payment: OrderPaymentInfo | null;
  invoiceSerial: string | null;
  reservationExpiresAt: string | null;
  cancelledAt: string | null;
  /** The owner may cancel now (Pending or Processing). */
  cancellable: boolean;
  /** Shipped through Shiprocket (issue 31): courier, AWB, tracking and its events, newest first. */
  shipment?: ShiprocketShipmentJson;
}

export interface CheckoutSummaryLine {
  productId: string;
  name: string;
  image: string;
  quantity: number;
  /** Paise, GST included. */
  unitPaise: number;
  linePaise: number;
  /** A prescription-only product (its schedule is H, H1 or X). */
  prescriptionRequired: boolean;
}

/** What the checkout page shows beside the form (server/modules/orders/checkout-summary.ts); every amount in paise. */
export interface CheckoutSummary {
  lines: CheckoutSummaryLine[];
  /** The lines at today's prices (GST included). */
  subtotalPaise: number;
  shippingPaise: number;
  /** The GST contained in the subtotal. */
  gstPaise: number;
  totalPaise: number;
  /** The cart's coupon (issue 15): its code, what it takes off (0 and `message` when it no longer applies). */
  coupon?: { code: string; discount: number; message?: string } | null;
  discountPaise?: number;
  /** Saved against MRP, the coupon included ("You save ₹X on MRP"). */
  savingsPaise?: number;
}

/** Where an order stands for people, prescription review included (issue 13). */
export type OrderStateLabel =
  | OrderStatus
  | "Prescription under review"
  | "Prescription approved"
  | "Prescription rejected";

/**
 * The one wording of an order's state on every page and email (confirmation, My Orders, the
 * order page, the admin lists, emails): an order with prescription-only lines says where its
 * review stands until it ships ("Prescription under review", "Prescription approved"), and a
 * rejected one says "Prescription rejected" rather than a bare "Cancelled". Otherwise the status.
 * An unpaid order (Pending) stays "Pending": the review follows the payment.
 */
export function orderStateLabel(order: {
  status: OrderStatus;
  prescription?: { status: "pending" | "approved" | "rejected" } | null;
}): OrderStateLabel {
  const review = order.prescription?.status;
  if (review === "rejected") return "Prescription rejected";
  if (order.status !== "Processing" || !review) return order.status;
  return review === "approved" ? "Prescription approved" : "Prescription under review";
}

/** POST /api/checkout/quote (api-contract.md, "Details pinned for the second release"): every fee before confirming; rupees. */
export interface CheckoutQuote {
  itemsPrice: number;
  discountPrice: number;
  shippingPrice: number;
  codFee: number;
  /** The GST contained in the total. */
  taxPrice: number;
  totalPrice: number;
  /** Whether cash on delivery may be chosen for this address and cart, and if not why. */
  cod: { allowed: boolean; reason?: string };
  /** Calendar dates in India ("YYYY-MM-DD"). */
  estimatedDelivery?: { from: string; to: string };
  /** The prescription-only products still waiting for a prescription to be chosen (the checkout refuses until then). */
  prescriptionsNeeded?: string[];
}

/** The provider order a checkout (or "Complete payment") answers, paid through Razorpay's checkout.js or the shop's offline test gateway. */
export interface CheckoutPayment {
  provider: "razorpay" | "test";
  keyId: string;
  /** The provider's order id. */
  orderId: string;
  /** Paise. */
  amount: number;
  currency: "INR";
}

/** What POST /api/checkout answers: `payment` is null for cash on delivery (nothing is paid now). */
export interface CheckoutPlaced {
  order: OrderJson;
  payment: CheckoutPayment | null;
}

/** An address's lines after the name, as every page, email and invoice prints them. */
export function addressLines(address: ShippingAddress, landmarkLabel = "Landmark"): string[] {
  return [
    address.address,
    ...(address.line2 ? [address.line2] : []),
    ...(address.landmark ? [`${landmarkLabel}: ${address.landmark}`] : []),
    `${address.city}${address.state ? `, ${address.state}` : ""} ${address.postalCode}`.trim(),
    address.country,
  ];
}
