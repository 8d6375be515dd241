// What an approved prescription covers (issue 32, decisions/057): when approving, the pharmacist
// records per product how many units it covers over its life and the last day it may be used
// (`prescription_covers`). Refill orders are placed only within it: every order placed with the
// prescription (not cancelled) counts against the units, and none is placed after `until`.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { asSchedule, prescriptionRequiredFor } from "#common/prescriptions.ts";
import { orderLines, orderPrescriptions, orders, prescriptionCovers } from "#server/db/schema.ts";
import type { Executor } from "#server/db/tx.ts";

export interface CoverLine {
  productId: string;
  name: string;
  schedule: string;
  quantity: number;
}

export interface CoverInput {
  productId: string;
  quantity: number;
  until: string;
}

/** The prescription-only lines that `prescriptionId` does not cover on `day` (an Indian date): nothing left, past `until`, or never recorded. */
export async function linesBeyondCover(tx: Executor, prescriptionId: string, lines: readonly CoverLine[], day: string): Promise<CoverLine[]> {
  const rx = lines.filter((line) => prescriptionRequiredFor(asSchedule(line.schedule)));
  if (rx.length === 0) return [];
  const ids = rx.map((line) => line.productId);
  const [covers, used] = await Promise.all([
    tx
      .select({ productId: prescriptionCovers.productId, quantity: prescriptionCovers.quantity, until: prescriptionCovers.until })
      .from(prescriptionCovers)
      .where(and(eq(prescriptionCovers.prescriptionId, prescriptionId), inArray(prescriptionCovers.productId, ids))),
    tx
      .select({ productId: orderLines.productId, units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number) })
      .from(orderLines)
      .innerJoin(orderPrescriptions, eq(orderPrescriptions.orderId, orderLines.orderId))
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderPrescriptions.prescriptionId, prescriptionId), inArray(orderLines.productId, ids), ne(orders.status, "Cancelled")))
      .groupBy(orderLines.productId),
  ]);
  const coverOf = new Map(covers.map((cover) => [cover.productId, cover]));
  const usedOf = new Map(used.map((row) => [row.productId, row.units]));
  return rx.filter((line) => {
    const cover = coverOf.get(line.productId);
    if (!cover || cover.until < day) return true;
    return (usedOf.get(line.productId) ?? 0) + line.quantity > cover.quantity;
  });
}

/** Records the pharmacist's cover for each prescription the approved order carries (a later approval's record replaces an earlier one). */
export async function recordCover(tx: Executor, prescriptionIds: readonly string[], orderId: string, cover: readonly CoverInput[], now: Date): Promise<void> {
  if (cover.length === 0 || prescriptionIds.length === 0) return;
  const rows = prescriptionIds.flatMap((prescriptionId) => cover.map((entry) => ({ prescriptionId, orderId, createdAt: now, ...entry })));
  await tx
    .insert(prescriptionCovers)
    .values(rows)
    .onConflictDoUpdate({
      target: [prescriptionCovers.prescriptionId, prescriptionCovers.productId],
      set: { quantity: sql`excluded.quantity`, until: sql`excluded.until`, orderId: sql`excluded.order_id`, createdAt: sql`excluded.created_at` },
    });
}
