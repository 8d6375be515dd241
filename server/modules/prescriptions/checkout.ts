// Checkout's prescription rule (api-contract.md, "Checkout additions"; decisions/019), run inside
// placeOrder's transaction: Schedule X is never sold; a cart with prescription-only lines needs at
// least one of the caller's own prescriptions that is not rejected; the order keeps them.
import { and, eq, inArray } from "drizzle-orm";
import { asSchedule, prescriptionRequiredFor, soldOnline } from "#common/prescriptions.ts";
import { orderPrescriptions, prescriptions } from "#server/db/schema.ts";
import type { Transaction } from "#server/db/tx.ts";

export type CheckoutPrescriptionRefusal =
  | { ok: false; reason: "prescription-required"; productNames: string[] }
  /** `productNames`: the prescription-only products that need a usable one (empty when the cart has none). */
  | { ok: false; reason: "prescription-not-usable"; productNames: string[] }
  | { ok: false; reason: "not-sold-online"; productName: string };

export type CheckoutPrescriptions =
  | {
      ok: true;
      /** The prescriptions the order is linked with (none without Rx lines). */
      prescriptionIds: string[];
      /** The order's prescription_status: 'pending' with Rx lines, null without. */
      status: "pending" | null;
    }
  | CheckoutPrescriptionRefusal;

/**
 * Decides the prescriptions of an order about to be placed. Every id sent must be one of the
 * caller's prescriptions that is not rejected (someone else's reads as unknown). The rows are
 * locked FOR SHARE, so a pharmacist's rejection cannot slip in between this check and the commit.
 */
export async function checkoutPrescriptions(
  tx: Transaction,
  userId: string,
  lines: { name: string; schedule: string }[],
  prescriptionIds: readonly string[] | undefined,
): Promise<CheckoutPrescriptions> {
  const banned = lines.find((line) => !soldOnline(asSchedule(line.schedule)));
  if (banned) return { ok: false, reason: "not-sold-online", productName: banned.name };

  const rxNames = lines.filter((line) => prescriptionRequiredFor(asSchedule(line.schedule))).map((line) => line.name);
  const wanted = [...new Set(prescriptionIds ?? [])];
  if (wanted.length > 0) {
    const usable = await tx
      .select({ id: prescriptions.id, status: prescriptions.status })
      .from(prescriptions)
      .where(and(inArray(prescriptions.id, wanted), eq(prescriptions.userId, userId)))
      .for("share");
    if (usable.length !== wanted.length || usable.some((row) => row.status === "rejected")) {
      return { ok: false, reason: "prescription-not-usable", productNames: rxNames };
    }
  }

  if (rxNames.length === 0) return { ok: true, prescriptionIds: [], status: null };
  if (wanted.length === 0) return { ok: false, reason: "prescription-required", productNames: rxNames };
  return { ok: true, prescriptionIds: wanted, status: "pending" };
}

/** Links the order with the prescriptions it was placed with (same transaction as the order). */
export async function linkOrderPrescriptions(tx: Transaction, orderId: string, prescriptionIds: readonly string[]): Promise<void> {
  if (prescriptionIds.length === 0) return;
  await tx.insert(orderPrescriptions).values(prescriptionIds.map((prescriptionId) => ({ orderId, prescriptionId })));
}
