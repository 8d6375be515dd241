import { desc, eq, inArray, asc, ne, and } from "drizzle-orm";
import type { Language } from "#common/language.ts";
import { paiseToRupees } from "#common/money.ts";
import { asRole, type Role } from "#server/auth.ts";
import type { Database } from "#server/db/client.ts";
import { shownEmail } from "#server/db/no-email.ts";
import { orderLines, orders, user as users } from "#server/db/schema.ts";

export interface ProfileJson {
  _id: string;
  name: string;
  /** Null for an account made by phone that has not added an email (decisions/050). */
  email: string | null;
  role: Role;
  /** 10 digits, or null when none is given (decisions/023). */
  phone: string | null;
  /** Whether `phone` was proved with a one-time code (decisions/050). */
  phoneVerified: boolean;
  emailVerified: boolean;
  /** Order news on WhatsApp asked for (profile or checkout; decisions/055), and since when (ISO) or null. */
  whatsappUpdates: boolean;
  whatsappUpdatesAt: string | null;
  /** The language of the shopper's emails, SMS and WhatsApp messages: the pages they last used (decisions/064). */
  language: Language;
  createdAt: string;
}

export async function getProfile(db: Database, userId: string): Promise<ProfileJson | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      phone: users.phone,
      phoneVerified: users.phoneVerified,
      emailVerified: users.emailVerified,
      whatsappUpdatesAt: users.whatsappUpdatesAt,
      language: users.language,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    _id: row.id,
    name: row.name,
    email: shownEmail(row.email),
    role: asRole(row.role),
    phone: row.phone,
    phoneVerified: row.phoneVerified,
    emailVerified: row.emailVerified,
    whatsappUpdates: row.whatsappUpdatesAt !== null,
    whatsappUpdatesAt: row.whatsappUpdatesAt?.toISOString() ?? null,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The signed-in shopper switched the pages' language (the storefront's /hi switch, decisions/064):
 * their later emails, SMS and WhatsApp messages follow it. Signing in does not call this; the
 * account keeps the language it had. Written only when it changes; true when it did.
 */
export async function rememberLanguage(db: Pick<Database, "update">, userId: string, language: Language): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), ne(users.language, language)))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** One row of My Orders (the spec's sample order shape). */
export interface OrderSummaryJson {
  _id: string;
  orderNumber: string;
  createdAt: string;
  shippingAddress: { city: string; country: string };
  orderItems: { name: string; image: string | null; quantity: number }[];
  /** Rupees. */
  totalPrice: number;
  isPaid: boolean;
}

/** The customer's own orders, newest first, each with its lines' names and images. */
export async function listCustomerOrders(db: Database, userId: string): Promise<OrderSummaryJson[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      shippingAddress: orders.shippingAddress,
      totalPaise: orders.totalPaise,
      isPaid: orders.isPaid,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  if (rows.length === 0) return [];

  const lines = await db
    .select({ orderId: orderLines.orderId, name: orderLines.name, image: orderLines.image, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, rows.map((row) => row.id)))
    .orderBy(asc(orderLines.name));
  const linesByOrder = new Map<string, OrderSummaryJson["orderItems"]>();
  for (const { orderId, ...line } of lines) {
    const list = linesByOrder.get(orderId) ?? [];
    list.push(line);
    linesByOrder.set(orderId, list);
  }

  return rows.map((row) => ({
    _id: row.id,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    shippingAddress: { city: row.shippingAddress.city, country: row.shippingAddress.country },
    orderItems: linesByOrder.get(row.id) ?? [],
    totalPrice: paiseToRupees(row.totalPaise),
    isPaid: row.isPaid,
  }));
}
