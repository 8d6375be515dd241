// The shop's record of Shiprocket shipments (issue 31, decisions/052): one row per order, its
// courier scans once each, and the shipment as the order pages and the API show it.
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { shipmentLabelPath, shiprocketTrackingUrl, type ShipmentEventJson, type ShiprocketShipmentJson } from "#common/shipping.ts";
import type { Executor } from "#server/db/tx.ts";
import { shipmentEvents, shipments } from "#server/db/schema.ts";

export type ShipmentRow = typeof shipments.$inferSelect;

/** The order's Shiprocket shipment once it has its AWB (events newest first), or undefined. `labelUrl` only for admins. */
export async function shiprocketShipmentJson(db: Executor, orderId: string, viewer: { admin: boolean }): Promise<ShiprocketShipmentJson | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
  if (!row?.awb || !row.courier) return undefined;
  const events = await db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, row.id))
    .orderBy(desc(shipmentEvents.at), desc(shipmentEvents.createdAt));
  return {
    provider: "shiprocket",
    courier: row.courier,
    awb: row.awb,
    trackingUrl: shiprocketTrackingUrl(row.awb),
    labelUrl: viewer.admin && row.labelUrl ? shipmentLabelPath(orderId) : null,
    ...(row.expectedDelivery ? { expectedDelivery: row.expectedDelivery } : {}),
    currentStatus: row.currentStatus,
    ...(viewer.admin && row.returnProblem ? { returnProblem: row.returnProblem } : {}),
    events: events.map((event): ShipmentEventJson => ({ at: event.at.toISOString(), status: event.status, activity: event.activity, location: event.location })),
  };
}

export async function shipmentOfOrder(db: Executor, orderId: string): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
  return row;
}

export async function shipmentByAwb(db: Executor, awb: string): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.awb, awb));
  return row;
}

/** Records what a step of the shipping gave (ids, AWB, label, pickup) as soon as it exists. */
export async function saveShipmentStep(db: Executor, shipmentId: string, values: Partial<Omit<ShipmentRow, "id" | "orderId" | "createdAt">>): Promise<ShipmentRow> {
  const [row] = await db.update(shipments).set({ ...values, updatedAt: new Date() }).where(eq(shipments.id, shipmentId)).returning();
  return row!;
}

/**
 * The order's shipment row, claimed for one shipping attempt until `until` (a lease of a minute:
 * the Shiprocket calls are not made inside a database transaction). Undefined when another attempt
 * holds it.
 */
export async function claimShipment(db: Executor, orderId: string, now: Date, until: Date): Promise<ShipmentRow | undefined> {
  await db.insert(shipments).values({ orderId }).onConflictDoNothing({ target: shipments.orderId });
  const [row] = await db
    .update(shipments)
    .set({ claimedUntil: until, updatedAt: now })
    .where(and(eq(shipments.orderId, orderId), sqlClaimFree(now)))
    .returning();
  return row;
}

function sqlClaimFree(now: Date) {
  return or(isNull(shipments.claimedUntil), lt(shipments.claimedUntil, now))!;
}

export async function releaseShipment(db: Executor, shipmentId: string): Promise<void> {
  await db.update(shipments).set({ claimedUntil: null }).where(eq(shipments.id, shipmentId));
}

/** Adds the scans not recorded yet (unique per shipment, time, status and activity); returns how many were new. */
export async function addShipmentEvents(db: Executor, shipmentId: string, events: ShipmentEventJson[]): Promise<number> {
  if (events.length === 0) return 0;
  const added = await db
    .insert(shipmentEvents)
    .values(events.map((event) => ({ shipmentId, at: new Date(event.at), status: event.status, activity: event.activity, location: event.location })))
    .onConflictDoNothing()
    .returning({ id: shipmentEvents.id });
  return added.length;
}
