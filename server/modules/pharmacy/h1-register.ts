// The Schedule H1 register (Drugs and Cosmetics Rules, rule 65(3)(b); decisions/020): every
// Schedule H1 line of an approved order, dispensed in a date range, as CSV for pharmacists and
// admins. Kept three years with the orders (docs/operations.md, "Prescriptions").
import { and, asc, eq, gte, inArray, lt, ne } from "drizzle-orm";
import { addIstDays, istDay, istDayStart } from "#common/dates.ts";
import { addressLines } from "#common/orders.ts";
import type { Database } from "#server/db/client.ts";
import { orderLines, orderPrescriptions, orders, prescriptions } from "#server/db/schema.ts";
import { csvText } from "#server/csv.ts";
import { patientOf } from "./review.ts";

export const H1_REGISTER_HEADER = [
  "Date",
  "Order number",
  "Patient",
  "Patient address",
  "Prescriber",
  "Prescriber registration",
  "Drug",
  "Quantity",
  "Batch",
  "Expiry",
  "Pharmacist",
  "Pharmacist registration",
] as const;

/**
 * The register's CSV for the days `from` to `to` (both included, India time), by the day the
 * pharmacist approved the sale; oldest first. Orders cancelled after approval sold nothing and
 * are left out. Every cell is CSV-injection safe (csvCell: a leading = + - @ is quoted away).
 */
export async function h1RegisterCsv(db: Database, range: { from: string; to: string }): Promise<string> {
  const start = istDayStart(range.from);
  const end = istDayStart(addIstDays(range.to, 1));
  const rows = await db
    .select({ order: orders, line: orderLines })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.schedule, "H1"),
        eq(orders.prescriptionStatus, "approved"),
        ne(orders.status, "Cancelled"),
        gte(orders.prescriptionReviewedAt, start),
        lt(orders.prescriptionReviewedAt, end),
      ),
    )
    .orderBy(asc(orders.prescriptionReviewedAt), asc(orders.orderNumber), asc(orderLines.name), asc(orderLines.id));
  const orderIds = [...new Set(rows.map((row) => row.order.id))];
  const links =
    orderIds.length === 0
      ? []
      : await db
          .select({ orderId: orderPrescriptions.orderId, prescription: prescriptions })
          .from(orderPrescriptions)
          .innerJoin(prescriptions, eq(prescriptions.id, orderPrescriptions.prescriptionId))
          .where(inArray(orderPrescriptions.orderId, orderIds));
  const lines: string[][] = [[...H1_REGISTER_HEADER]];
  for (const { order, line } of rows) {
    const attached = links.filter((link) => link.orderId === order.id).map((link) => link.prescription);
    lines.push([
      istDay(order.prescriptionReviewedAt!),
      order.orderNumber,
      patientOf(order, attached),
      // The address the medicine was sent to: the patient's as the shop knows it.
      addressLines(order.shippingAddress).join(", "),
      order.prescriberName ?? "",
      order.prescriberRegistration ?? "",
      line.name,
      String(line.quantity),
      line.batchNumber ?? "",
      line.expiryDate ?? "",
      order.prescriptionReviewerName ?? "",
      order.prescriptionReviewerRegistration ?? "",
    ]);
  }
  return csvText(lines);
}
