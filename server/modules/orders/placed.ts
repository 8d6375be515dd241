import { sql } from "drizzle-orm";
import { countedOrder } from "./attempts.ts";

/**
 * "Orders placed", counted over `orders` (`count(*) filter ...`): the one definition the
 * dashboard's Total Orders and orders per day and /metrics' `shop_orders_placed_total` share.
 * Paid orders, and cash-on-delivery orders open or dispatched; never unpaid attempts (decisions/024).
 */
export const ordersPlaced = () => sql<number>`count(*) filter (where ${countedOrder})`.mapWith(Number);
