import { readsAsAdmin } from "#common/pharmacist.ts";
import { asc, eq } from "drizzle-orm";
import type { SessionUser } from "#server/auth.ts";
import type { SellerDetails } from "#common/seller.ts";
import type { Database } from "#server/db/client.ts";
import type { InvoiceDocument } from "#common/invoices.ts";
import { invoices, orderLines, orders } from "#server/db/schema.ts";
import { financialYearOf, formatInvoiceSerial, nextInvoiceNumber } from "./numbering.ts";
import { listCreditNotes } from "./credit-notes.ts";
import { taxDocument } from "./document.ts";

type Executor = Pick<Database, "select" | "insert" | "execute">;

export interface IssuedInvoice {
  id: string;
  serial: string;
  financialYear: string;
  issuedAt: Date;
  /** False when the order already had its invoice (issuing is idempotent). */
  created: boolean;
}

/**
 * Issues the order's tax invoice inside the caller's transaction, once: an order that already has
 * one gets it back unchanged. The serial is the next in the financial year of `issuedAt`.
 */
export async function issueInvoice(tx: Executor, orderId: string, issuedAt = new Date()): Promise<IssuedInvoice> {
  const existing = await findInvoice(tx, orderId);
  if (existing) return { ...existing, created: false };
  const financialYear = financialYearOf(issuedAt);
  const serial = formatInvoiceSerial(financialYear, await nextInvoiceNumber(tx, financialYear));
  const [row] = await tx.insert(invoices).values({ orderId, serial, financialYear, issuedAt }).returning();
  return { id: row!.id, serial: row!.serial, financialYear: row!.financialYear, issuedAt: row!.issuedAt, created: true };
}

async function findInvoice(db: Pick<Database, "select">, orderId: string) {
  const [row] = await db
    .select({ id: invoices.id, serial: invoices.serial, financialYear: invoices.financialYear, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  return row;
}

/** The order's invoice with all its figures, or null when the order has none (unpaid or unknown). */
export async function loadInvoice(
  db: Pick<Database, "select">,
  orderId: string,
  seller: SellerDetails,
): Promise<InvoiceDocument | null> {
  const [row] = await db
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.orderId, orderId));
  if (!row) return null;
  const { invoice, order } = row;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name), asc(orderLines.id));
  return {
    ...taxDocument(order, lines, seller, {
      serial: invoice.serial,
      financialYear: invoice.financialYear,
      issuedAt: invoice.issuedAt,
      shippingPaise: order.shippingPaise,
      codFeePaise: order.codFeePaise,
    }),
    creditNotes: await listCreditNotes(db, orderId),
  };
}

/**
 * The invoice as `viewer` may see it: the order's owner or an admin. Anyone else, an unknown
 * order and an order without an invoice all get null (a 404, so others' order ids stay private).
 */
export async function loadInvoiceFor(
  db: Pick<Database, "select">,
  orderId: string,
  viewer: Pick<SessionUser, "id" | "role" | "twoFactorSetupRequired">,
  seller: SellerDetails,
): Promise<InvoiceDocument | null> {
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  if (!readsAsAdmin(viewer) && order.userId !== viewer.id) return null;
  return loadInvoice(db, orderId, seller);
}
