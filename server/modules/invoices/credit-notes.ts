import { readsAsAdmin } from "#common/pharmacist.ts";
// GST credit notes (issue 17 item 4, decisions/032): issued against an order's tax invoice when the
// order is cancelled (everything not yet credited, shipping and the COD fee included) or a return is
// approved (only the returned units). Their own gap-free series per financial year ("CN/2627/000001"),
// issued inside the caller's transaction like invoices; never changed and never deleted. The invoice
// itself is never changed: its standing (cancelled, refunded) is read from its credit notes.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CreditNoteRef, InvoiceDocument } from "#common/invoices.ts";
import type { SellerDetails } from "#common/seller.ts";
import type { SessionUser } from "#server/auth.ts";
import type { Database } from "#server/db/client.ts";
import { creditNoteLines, creditNotes, invoices, orderLines, orders } from "#server/db/schema.ts";
import { taxDocument, type DocumentLineSource } from "./document.ts";
import { financialYearOf, formatInvoiceSerial, nextInvoiceNumber } from "./numbering.ts";

type Executor = Pick<Database, "select" | "insert">;

/** Half up, in integers: round(numerator / denominator). */
const halfUp = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** The money of an order line a credit note may take a share of. */
export interface CreditableLine {
  unitPricePaise: number;
  quantity: number;
  discountPaise: number;
  taxPaise: number;
}

export interface CreditShare {
  quantity: number;
  /** Unit price × units. */
  amountPaise: number;
  discountPaise: number;
  taxPaise: number;
}

/**
 * What crediting `units` more units of a line is worth after `creditedUnits` were credited before.
 * The line's discount and GST are shared by units cumulatively (the first R units carry
 * round(total × R / quantity), half up), so the shares of any sequence of partial credits add up
 * to the paisa to the line's own figures once every unit is credited, and never exceed them.
 */
export function creditShare(line: CreditableLine, creditedUnits: number, units: number): CreditShare {
  if (!Number.isInteger(units) || units < 1 || !Number.isInteger(creditedUnits) || creditedUnits < 0 || creditedUnits + units > line.quantity) {
    throw new RangeError(`Cannot credit ${units} more of ${line.quantity} units after ${creditedUnits}`);
  }
  const upTo = (r: number) => ({ discount: halfUp(line.discountPaise * r, line.quantity), tax: halfUp(line.taxPaise * r, line.quantity) });
  const before = upTo(creditedUnits);
  const after = upTo(creditedUnits + units);
  return {
    quantity: units,
    amountPaise: line.unitPricePaise * units,
    discountPaise: after.discount - before.discount,
    taxPaise: after.tax - before.tax,
  };
}

export interface IssueCreditNoteInput {
  orderId: string;
  kind: "cancellation" | "return";
  reason: string;
  /** For a return: the order lines and units credited. A cancellation credits everything not yet credited. */
  lines?: { orderLineId: string; quantity: number }[];
  returnId?: string;
  issuedAt?: Date;
}

export interface IssuedCreditNote {
  id: string;
  serial: string;
  totalPaise: number;
  created: boolean;
}

/** Units of each of the order's lines already credited by its credit notes. */
async function creditedUnits(db: Pick<Database, "select">, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ orderLineId: creditNoteLines.orderLineId, units: sql<number>`sum(${creditNoteLines.quantity})::int` })
    .from(creditNoteLines)
    .innerJoin(creditNotes, eq(creditNotes.id, creditNoteLines.creditNoteId))
    .where(eq(creditNotes.orderId, orderId))
    .groupBy(creditNoteLines.orderLineId);
  return new Map(rows.map((row) => [row.orderLineId, Number(row.units)]));
}

/**
 * Issues a credit note inside the caller's transaction (which holds the order's row lock), or
 * returns null when the order has no invoice or nothing is left to credit. A cancellation is
 * issued once (asking again returns it). Asking to credit more units than are left throws: the
 * callers check first (returns/returns.ts), so this is a bug, not a person's mistake.
 */
export async function issueCreditNote(tx: Executor, input: IssueCreditNoteInput): Promise<IssuedCreditNote | null> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, input.orderId));
  if (!invoice) return null;
  if (input.kind === "cancellation") {
    const [existing] = await tx
      .select()
      .from(creditNotes)
      .where(and(eq(creditNotes.orderId, input.orderId), eq(creditNotes.kind, "cancellation")));
    if (existing) return { id: existing.id, serial: existing.serial, totalPaise: existing.totalPaise, created: false };
  }
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw new Error(`Order ${input.orderId} not found`);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, input.orderId));
  const credited = await creditedUnits(tx, input.orderId);
  const wanted =
    input.kind === "cancellation"
      ? lines.map((line) => ({ orderLineId: line.id, quantity: line.quantity - (credited.get(line.id) ?? 0) })).filter((line) => line.quantity > 0)
      : (input.lines ?? []);
  const shares = wanted.map(({ orderLineId, quantity }) => {
    const line = lines.find((candidate) => candidate.id === orderLineId);
    if (!line) throw new Error(`Order line ${orderLineId} is not on order ${input.orderId}`);
    return { orderLineId, ...creditShare(line, credited.get(line.id) ?? 0, quantity) };
  });
  const shippingPaise = input.kind === "cancellation" ? order.shippingPaise : 0;
  const codFeePaise = input.kind === "cancellation" ? order.codFeePaise : 0;
  if (shares.length === 0 && shippingPaise === 0 && codFeePaise === 0) return null;
  const totalPaise = shares.reduce((sum, share) => sum + share.amountPaise - share.discountPaise, 0) + shippingPaise + codFeePaise;
  const issuedAt = input.issuedAt ?? new Date();
  const financialYear = financialYearOf(issuedAt);
  const serial = formatInvoiceSerial(financialYear, await nextInvoiceNumber(tx, financialYear, "credit-note"), "credit-note");
  const [note] = await tx
    .insert(creditNotes)
    .values({
      orderId: input.orderId,
      invoiceId: invoice.id,
      returnId: input.returnId ?? null,
      serial,
      financialYear,
      kind: input.kind,
      reason: input.reason,
      shippingPaise,
      codFeePaise,
      totalPaise,
      issuedAt,
    })
    .returning();
  if (shares.length > 0) await tx.insert(creditNoteLines).values(shares.map((share) => ({ creditNoteId: note!.id, ...share })));
  return { id: note!.id, serial, totalPaise, created: true };
}

/** The order's credit notes, oldest first: what the invoice and the order pages link to. */
export async function listCreditNotes(db: Pick<Database, "select">, orderId: string): Promise<CreditNoteRef[]> {
  const rows = await db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.issuedAt), asc(creditNotes.serial));
  return rows.map((row) => ({ _id: row.id, serial: row.serial, issuedAt: row.issuedAt.toISOString(), kind: row.kind, totalPaise: row.totalPaise }));
}

/** A credit note with all its figures, in the invoice's shape (so one PDF code draws both). */
export async function loadCreditNote(db: Pick<Database, "select">, creditNoteId: string, seller: SellerDetails): Promise<InvoiceDocument | null> {
  const [row] = await db
    .select({ note: creditNotes, order: orders, invoice: invoices })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.id, creditNoteId));
  if (!row) return null;
  const { note, order, invoice } = row;
  const credited = await db
    .select({ credit: creditNoteLines, line: orderLines })
    .from(creditNoteLines)
    .innerJoin(orderLines, eq(orderLines.id, creditNoteLines.orderLineId))
    .where(eq(creditNoteLines.creditNoteId, note.id))
    .orderBy(asc(orderLines.name), asc(orderLines.id));
  const lines: DocumentLineSource[] = credited.map(({ credit, line }) => ({
    name: line.name,
    sku: line.sku,
    hsnCode: line.hsnCode,
    batchNumber: line.batchNumber,
    expiryDate: line.expiryDate,
    quantity: credit.quantity,
    unitPricePaise: line.unitPricePaise,
    gstRateBps: line.gstRateBps,
    discountPaise: credit.discountPaise,
    taxPaise: credit.taxPaise,
  }));
  return {
    ...taxDocument(order, lines, seller, {
      serial: note.serial,
      financialYear: note.financialYear,
      issuedAt: note.issuedAt,
      shippingPaise: note.shippingPaise,
      codFeePaise: note.codFeePaise,
    }),
    creditNote: { kind: note.kind, reason: note.reason, invoiceSerial: invoice.serial, invoiceIssuedAt: invoice.issuedAt.toISOString() },
  };
}

/** The credit note as `viewer` may see it (the order's owner or an admin); null otherwise, a 404. */
export async function loadCreditNoteFor(
  db: Pick<Database, "select">,
  orderId: string,
  creditNoteId: string,
  viewer: Pick<SessionUser, "id" | "role" | "twoFactorSetupRequired">,
  seller: SellerDetails,
): Promise<InvoiceDocument | null> {
  const [row] = await db
    .select({ userId: orders.userId })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(and(eq(creditNotes.id, creditNoteId), eq(creditNotes.orderId, orderId)));
  if (!row) return null;
  if (!readsAsAdmin(viewer) && row.userId !== viewer.id) return null;
  return loadCreditNote(db, creditNoteId, seller);
}

/** The credit notes of several orders at once (the admin's returns list), by order id. */
export async function creditNotesByReturn(db: Pick<Database, "select">, returnIds: string[]): Promise<Map<string, { _id: string; serial: string }>> {
  if (returnIds.length === 0) return new Map();
  const rows = await db
    .select({ id: creditNotes.id, serial: creditNotes.serial, returnId: creditNotes.returnId })
    .from(creditNotes)
    .where(inArray(creditNotes.returnId, returnIds));
  return new Map(rows.map((row) => [row.returnId!, { _id: row.id, serial: row.serial }]));
}
