// Checkout after a pharmacist's proposal (api-contract.md, "Order by prescription"; decisions/058):
// an order whose prescription-only lines are all within what a proposal on one of its
// prescriptions covers (same products, quantities within what is left of it) is placed already
// approved by that pharmacist; anything beyond goes to the review as before. Run inside
// placeOrder's transaction, after the cart row lock, which serialises one shopper's checkouts.
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { isPharmacistRegistration } from "#common/pharmacist.ts";
import { asSchedule, prescriptionRequiredFor } from "#common/prescriptions.ts";
import { orderLines, orders, prescriptionOrderOrders, prescriptionOrders, prescriptions, user as users } from "#server/db/schema.ts";
import type { Transaction } from "#server/db/tx.ts";

/** The approval an order gets from a proposal: who proposed it, with the prescriber they recorded. */
export interface ProposalApproval {
  requestId: string;
  pharmacist: { id: string; name: string; registration: string };
  prescriber: { name: string; registration: string };
}

/**
 * The proposal covering every prescription-only line of an order about to be placed, or null.
 * Only a `proposed` request of this shopper on one of the order's prescriptions counts, made by an
 * account that is still a pharmacist with a State Pharmacy Council number and is not the shopper
 * (four eyes, decisions/045). What the proposal's earlier orders (not cancelled) took is used up.
 */
export async function proposalCovering(
  tx: Transaction,
  userId: string,
  prescriptionIds: readonly string[],
  lines: readonly { productId: string; quantity: number; schedule: string }[],
): Promise<ProposalApproval | null> {
  const rxLines = lines.filter((line) => prescriptionRequiredFor(asSchedule(line.schedule)));
  if (rxLines.length === 0 || prescriptionIds.length === 0) return null;
  const candidates = await tx
    .select({ request: prescriptionOrders, pharmacistRole: users.role, registration: users.pharmacistRegistration })
    .from(prescriptionOrders)
    .innerJoin(prescriptions, eq(prescriptions.id, prescriptionOrders.prescriptionId))
    .innerJoin(users, eq(users.id, prescriptionOrders.pharmacistId))
    .where(
      and(
        eq(prescriptionOrders.userId, userId),
        eq(prescriptions.userId, userId),
        inArray(prescriptionOrders.prescriptionId, [...prescriptionIds]),
        eq(prescriptionOrders.status, "proposed"),
        ne(prescriptions.status, "rejected"),
      ),
    )
    .orderBy(desc(prescriptionOrders.decidedAt), desc(prescriptionOrders.id));
  for (const { request, pharmacistRole, registration } of candidates) {
    if (pharmacistRole !== "pharmacist" || !registration || !isPharmacistRegistration(registration) || request.pharmacistId === userId) continue;
    if (!request.prescriberName || !request.prescriberRegistration || !request.pharmacistName) continue;
    const used = await usedOf(tx, request.id);
    const left = new Map((request.items ?? []).map((item) => [item.productId, item.quantity - (used.get(item.productId) ?? 0)]));
    if (rxLines.every((line) => line.quantity <= (left.get(line.productId) ?? 0))) {
      return {
        requestId: request.id,
        pharmacist: { id: request.pharmacistId!, name: request.pharmacistName, registration: request.pharmacistRegistration ?? registration },
        prescriber: { name: request.prescriberName, registration: request.prescriberRegistration },
      };
    }
  }
  return null;
}

/** Units of each product the proposal's orders took (cancelled orders gave theirs back). */
async function usedOf(tx: Transaction, requestId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ productId: orderLines.productId, quantity: sql<number>`cast(sum(${orderLines.quantity}) as integer)` })
    .from(prescriptionOrderOrders)
    .innerJoin(orders, eq(orders.id, prescriptionOrderOrders.orderId))
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(prescriptionOrderOrders.prescriptionOrderId, requestId), ne(orders.status, "Cancelled")))
    .groupBy(orderLines.productId);
  return new Map(rows.map((row) => [row.productId, row.quantity]));
}

/**
 * Records the approval on the order just placed (same transaction): the link that counts what it
 * used, and its prescriptions approved where still pending (the first decision stays, decisions/020).
 */
export async function linkProposalApproval(tx: Transaction, orderId: string, approval: ProposalApproval, prescriptionIds: readonly string[], now: Date): Promise<void> {
  await tx.insert(prescriptionOrderOrders).values({ orderId, prescriptionOrderId: approval.requestId });
  if (prescriptionIds.length === 0) return;
  await tx
    .update(prescriptions)
    .set({ status: "approved", reviewedAt: now, rejectReason: null, updatedAt: now })
    .where(and(inArray(prescriptions.id, [...prescriptionIds]), eq(prescriptions.status, "pending")));
}
