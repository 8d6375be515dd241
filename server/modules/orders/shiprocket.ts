// Shipping an order through Shiprocket in one click (issue 31, decisions/052): create the adhoc
// order (its order_id is the shop's order number), assign the AWB, generate the label, book the
// pickup, then move the order to Shipped through the transition table like the hand-typed path.
// Each step's result is stored as soon as it exists, so a retry after a failure midway continues
// the same Shiprocket order and never creates a second one; two requests at once are kept apart by
// a one-minute claim on the shipment row (the network calls are never made inside a transaction).
import { asc, eq, inArray } from "drizzle-orm";
import { paiseToRupees } from "#common/money.ts";
import { PARCEL_DEFAULTS, SHIPPING_MESSAGES, type Parcel, type SuggestedParcel } from "#common/shipping.ts";
import type { OrderDetailJson } from "#common/orders.ts";
import type { ShopContext } from "#server/context.ts";
import { orderLines, orders, products } from "#server/db/schema.ts";
import type { Executor } from "#server/db/tx.ts";
import type { AuditActor } from "#server/modules/audit/audit.ts";
import { countShipment } from "#server/modules/shipping/counters.ts";
import { claimShipment, releaseShipment, saveShipmentStep, shipmentOfOrder, type ShipmentRow } from "#server/modules/shipping/shipments.ts";
import { ShiprocketError, shiprocketFor, type ShiprocketClient } from "#server/modules/shipping/shiprocket.ts";
import { shipmentParcelSchema } from "#server/schemas/shipping.ts";
import { readInput, type InvalidInput } from "#server/schemas/input.ts";
import { getOrderForViewer, isOrderId, type OrderRow } from "./orders.ts";
import { changeOrderStatus } from "./status.ts";
import { checkTransition } from "./transitions.ts";

/** How long one attempt holds the order against a second one (the four calls take seconds). */
const CLAIM_MS = 60_000;

export type ShipWithShiprocketResult =
  | { ok: true; order: OrderDetailJson }
  | InvalidInput
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-configured" }
  | { ok: false; reason: "already-shipped" }
  | { ok: false; reason: "in-progress" }
  | { ok: false; reason: "not-allowed"; message: string }
  /** Shiprocket refused or could not be reached: its reason; the order is unchanged. */
  | { ok: false; reason: "provider"; message: string };

/** Whether this shop ships through Shiprocket (else the admin types the courier and AWB). */
export function shiprocketConfigured(shop: Pick<ShopContext, "config">): boolean {
  return shop.config.shiprocket !== null;
}

/**
 * What "Ship with Shiprocket" starts from for each order (the admin edits it before sending): the
 * weight is the sum of its units' parcel weights when every product has one, the box the largest
 * (by volume) of its products' boxes; the shop's defaults (PARCEL_DEFAULTS) where the products say
 * nothing. One query for a page of orders.
 */
export async function suggestParcels(db: Executor, orderIds: readonly string[]): Promise<Record<string, SuggestedParcel>> {
  if (orderIds.length === 0) return {};
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      quantity: orderLines.quantity,
      weightG: products.parcelWeightG,
      lengthCm: products.parcelLengthCm,
      breadthCm: products.parcelBreadthCm,
      heightCm: products.parcelHeightCm,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(inArray(orderLines.orderId, [...orderIds]));
  const suggestions: Record<string, SuggestedParcel> = {};
  for (const orderId of orderIds) {
    const lines = rows.filter((row) => row.orderId === orderId);
    const weighed = lines.length > 0 && lines.every((line) => line.weightG !== null);
    const boxes = lines.flatMap((line) => (line.lengthCm !== null && line.breadthCm !== null && line.heightCm !== null ? [{ lengthCm: line.lengthCm, breadthCm: line.breadthCm, heightCm: line.heightCm }] : []));
    const largest = boxes.reduce<(typeof boxes)[number] | undefined>((best, box) => (!best || box.lengthCm * box.breadthCm * box.heightCm > best.lengthCm * best.breadthCm * best.heightCm ? box : best), undefined);
    const grams = lines.reduce((sum, line) => sum + (line.weightG ?? 0) * line.quantity, 0);
    suggestions[orderId] = {
      // Shiprocket takes kilograms; at least 10 g, to two decimals as the form's field.
      weightKg: weighed ? Math.max(0.01, Math.round(grams / 10) / 100) : PARCEL_DEFAULTS.weightKg,
      lengthCm: largest?.lengthCm ?? PARCEL_DEFAULTS.lengthCm,
      breadthCm: largest?.breadthCm ?? PARCEL_DEFAULTS.breadthCm,
      heightCm: largest?.heightCm ?? PARCEL_DEFAULTS.heightCm,
      weightFromProducts: weighed,
      boxFromProducts: largest !== undefined,
    };
  }
  return suggestions;
}

/** POST /api/admin/orders/:id/shipment and the admin order page's "Ship with Shiprocket". */
export async function shipWithShiprocket(shop: ShopContext, by: AuditActor, orderId: string, body: unknown, now = new Date()): Promise<ShipWithShiprocketResult> {
  const client = shiprocketFor(shop.config);
  if (!client || !shop.config.shiprocket) return { ok: false, reason: "not-configured" };
  const read = readInput(shipmentParcelSchema, body);
  if (!read.ok) return read;
  if (!isOrderId(orderId)) return { ok: false, reason: "not-found" };
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false, reason: "not-found" };
  const refusal = shippingRefusal(order);
  if (refusal) return refusal;

  const claimed = await claimShipment(shop.db, orderId, now, new Date(now.getTime() + CLAIM_MS));
  if (!claimed) return { ok: false, reason: "in-progress" };
  try {
    const shipment = await runSteps(shop, client, order, claimed, read.input);
    const changed = await changeOrderStatus(shop, orderId, "Shipped", {
      actor: "admin",
      by,
      note: SHIPPING_MESSAGES.shipped,
      shipment: { courier: shipment.courier!, awb: shipment.awb! },
    });
    if (!changed.ok) {
      // Shipped by hand (or cancelled) while Shiprocket was booking: the parcel is Shiprocket's to cancel.
      shop.logger.warn({ orderId, awb: shipment.awb, reason: changed.reason }, "shiprocket shipment booked for an order that changed meanwhile");
      return changed.reason === "not-found" ? changed : { ok: false, reason: "already-shipped" };
    }
    countShipment("created");
    const json = await getOrderForViewer(shop.db, orderId, { id: by.id ?? "", role: "admin" });
    return { ok: true, order: json! };
  } catch (error) {
    if (!(error instanceof ShiprocketError)) throw error;
    shop.logger.warn({ orderId, err: error.message }, "shiprocket refused a shipment step");
    countShipment("failed");
    return { ok: false, reason: "provider", message: error.message };
  } finally {
    await releaseShipment(shop.db, claimed.id);
  }
}

/** Null when the order may leave now; else why not (the transition table's own guards). */
function shippingRefusal(order: OrderRow): Exclude<ShipWithShiprocketResult, { ok: true } | InvalidInput> | null {
  if (order.status === "Shipped" || order.status === "Delivered") return { ok: false, reason: "already-shipped" };
  const check = checkTransition(order, "Shipped", "admin", { shipment: { courier: "shiprocket", awb: "pending" } });
  return check.ok ? null : { ok: false, reason: "not-allowed", message: check.message };
}

/** The four calls, each skipped when an earlier attempt already stored its result. */
async function runSteps(shop: ShopContext, client: ShiprocketClient, order: OrderRow, start: ShipmentRow, parcel: Parcel): Promise<ShipmentRow> {
  let shipment = start;
  if (!shipment.providerShipmentId && shipment.createSentAt) {
    // An earlier create got no answer (a timeout, a 5xx): Shiprocket may have made the order all the same.
    const found = await client.findOrder(order.orderNumber);
    if (found) shipment = await saveShipmentStep(shop.db, shipment.id, { providerOrderId: found.orderId, providerShipmentId: found.shipmentId });
  }
  if (!shipment.providerShipmentId) {
    shipment = await saveShipmentStep(shop.db, shipment.id, { createSentAt: new Date() });
    const lines = await shop.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.name), asc(orderLines.id));
    const address = order.shippingAddress;
    const created = await client.createAdhocOrder({
      orderNumber: order.orderNumber,
      orderDate: order.createdAt,
      pickupLocation: shop.config.shiprocket!.pickupLocation,
      customer: {
        firstName: address.firstName,
        lastName: address.lastName,
        address: address.address,
        city: address.city,
        pinCode: address.postalCode,
        state: address.state ?? "",
        email: address.email ?? order.customerEmail,
        phone: address.phone,
      },
      lines: lines.map((line) => ({ name: line.name, sku: line.sku, units: line.quantity, sellingPrice: paiseToRupees(line.unitPricePaise), hsn: line.hsnCode })),
      paymentMethod: order.paymentMethod === "cod" ? "COD" : "Prepaid",
      // Shiprocket's total is sub_total + shipping - discount: the order's total, what a COD courier collects.
      subTotal: paiseToRupees(order.itemsPaise),
      shippingCharges: paiseToRupees(order.shippingPaise + order.codFeePaise),
      discount: paiseToRupees(order.discountPaise),
      weightKg: parcel.weightKg,
      lengthCm: parcel.lengthCm,
      breadthCm: parcel.breadthCm,
      heightCm: parcel.heightCm,
    });
    shipment = await saveShipmentStep(shop.db, shipment.id, { providerOrderId: created.orderId, providerShipmentId: created.shipmentId });
  }
  const shipmentId = shipment.providerShipmentId!;
  if (!shipment.awb) {
    const assigned = await client.assignAwb(shipmentId, parcel.courierId);
    shipment = await saveShipmentStep(shop.db, shipment.id, {
      awb: assigned.awb,
      courier: assigned.courierName,
      courierId: assigned.courierId,
      expectedDelivery: assigned.expectedDelivery,
    });
  }
  if (!shipment.labelUrl) {
    const label = await client.generateLabel(shipmentId);
    shipment = await saveShipmentStep(shop.db, shipment.id, { labelUrl: label.labelUrl });
  }
  if (!shipment.pickupBookedAt) {
    await client.generatePickup(shipmentId);
    shipment = await saveShipmentStep(shop.db, shipment.id, { pickupBookedAt: new Date() });
  }
  return shipment;
}

export type ShipmentLabelResult =
  | { ok: true; pdf: Buffer; fileName: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "no-label" }
  | { ok: false; reason: "provider"; message: string };

/** GET /api/admin/orders/:id/shipment/label: the label PDF, fetched from Shiprocket through the adapter. */
export async function shipmentLabel(shop: ShopContext, orderId: string): Promise<ShipmentLabelResult> {
  if (!isOrderId(orderId)) return { ok: false, reason: "not-found" };
  const [order] = await shop.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false, reason: "not-found" };
  const shipment = await shipmentOfOrder(shop.db, orderId);
  const client = shiprocketFor(shop.config);
  if (!shipment?.labelUrl || !client) return { ok: false, reason: "no-label" };
  try {
    return { ok: true, pdf: await client.fetchLabel(shipment.labelUrl), fileName: `label-${order.orderNumber}.pdf` };
  } catch (error) {
    if (!(error instanceof ShiprocketError)) throw error;
    return { ok: false, reason: "provider", message: error.message };
  }
}
