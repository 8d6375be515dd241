import { and, count, desc, eq, gte, ne, sql } from "drizzle-orm";
import { addIstDays, istDay, istDayStart, SHOP_TIME_ZONE } from "#common/dates.ts";
import { paiseToRupees } from "#common/money.ts";
import type { Database } from "#server/db/client.ts";
import { orders, products, user as users } from "#server/db/schema.ts";
import type { OrderJson } from "#common/orders.ts";
import { notAnUnpaidAttempt } from "./attempts.ts";
import { ordersJson } from "./orders.ts";
import { ordersPlaced } from "./placed.ts";

export const RECENT_ORDERS = 5;
export const SALES_DAYS = 30;

export interface SalesDay {
  /** YYYY-MM-DD in India. */
  date: string;
  /** Rupees of that day's orders that are paid (and not cancelled). */
  revenue: number;
  /** Orders placed that day that count (paid, or cash on delivery not cancelled before dispatch). */
  orders: number;
}

export interface AdminStats {
  /** Rupees: paid orders (cash on delivery once the cash is collected), less those cancelled (and so refunded). */
  totalRevenue: number;
  /** Paid orders, and cash-on-delivery orders not cancelled before dispatch; never unpaid attempts (decisions/024). */
  totalOrders: number;
  /** Published or not. */
  totalProducts: number;
  totalUsers: number;
  recentOrders: OrderJson[];
  /** The last 30 days, oldest first, today last; days without orders are zeros. */
  salesByDay: SalesDay[];
}

/**
 * Figures count real orders only (`ordersPlaced`): an unpaid checkout attempt, live or expired, is
 * in none of them, and the recent orders leave out the expired ones (decisions/024).
 * A paid order counts as revenue until it is cancelled (a cancelled paid order is refunded).
 * Archived orders count like any other (decisions/014); extra payments never do (only the order's total).
 */
const earning = and(eq(orders.isPaid, true), ne(orders.status, "Cancelled"));

/** The dashboard's figures. `now` is for tests. */
export async function adminStats(db: Database, now: Date = new Date()): Promise<AdminStats> {
  const days = lastDays(now, SALES_DAYS);
  // Days of the sales chart are Indian days (decisions/030).
  const firstDayStart = istDayStart(days[0]!);
  const day = sql<string>`to_char(${orders.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

  const [[orderTotals], [productTotal], [userTotal], recentRows, dayRows] = await Promise.all([
    db
      .select({
        orders: ordersPlaced(),
        revenuePaise: sql<number>`coalesce(sum(${orders.totalPaise}) filter (where ${earning}), 0)`.mapWith(Number),
      })
      .from(orders),
    db.select({ total: count() }).from(products),
    db.select({ total: count() }).from(users),
    db.select().from(orders).where(notAnUnpaidAttempt).orderBy(desc(orders.createdAt), desc(orders.id)).limit(RECENT_ORDERS),
    db
      .select({
        day,
        orders: ordersPlaced(),
        revenuePaise: sql<number>`coalesce(sum(${orders.totalPaise}) filter (where ${earning}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(gte(orders.createdAt, firstDayStart))
      .groupBy(day),
  ]);

  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  return {
    totalRevenue: paiseToRupees(orderTotals?.revenuePaise ?? 0),
    totalOrders: orderTotals?.orders ?? 0,
    totalProducts: productTotal?.total ?? 0,
    totalUsers: userTotal?.total ?? 0,
    recentOrders: await ordersJson(db, recentRows),
    salesByDay: days.map((date) => {
      const row = byDay.get(date);
      return { date, revenue: paiseToRupees(row?.revenuePaise ?? 0), orders: row?.orders ?? 0 };
    }),
  };
}

/** The Indian calendar dates of the last `count` days up to and including `now`'s. */
export function lastDays(now: Date, count: number): string[] {
  const today = istDay(now);
  return Array.from({ length: count }, (_, index) => addIstDays(today, index - (count - 1)));
}
