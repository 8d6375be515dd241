// The dashboard's figures from the orders module (orders/dashboard.ts), in paise for the page's one rupee formatter.
import type { AppLoadContext } from "react-router";
import { rupeesToPaise } from "#common/money.ts";
import { orderStateLabel, paymentMethodLabel } from "#common/orders.ts";
import { adminStats } from "#server/modules/orders/dashboard.ts";
import { listLowStock, type LowStockList } from "#server/modules/stock-alerts/low-stock.ts";

const LOAD_FAILED = "Failed to load data";

/** The figures, or the page's failure text when they could not be read (logged with the request id). */
export async function loadDashboard(context: AppLoadContext) {
  try {
    const stats = await adminStats(context.shop.db);
    return {
      error: null,
      stats: {
        totalRevenuePaise: rupeesToPaise(stats.totalRevenue),
        totalOrders: stats.totalOrders,
        totalProducts: stats.totalProducts,
        recentOrders: stats.recentOrders.map((order) => ({
          id: order._id,
          orderNumber: order.orderNumber,
          customer: order.user.name || "Guest",
          totalPaise: rupeesToPaise(order.totalPrice),
          payment: paymentMethodLabel(order.paymentMethod),
          /** The one wording of where it stands (prescription review included), as on every other screen. */
          state: orderStateLabel(order),
          createdAt: order.createdAt,
        })),
        salesByDay: stats.salesByDay.map((day) => ({ date: day.date, revenuePaise: rupeesToPaise(day.revenue), orders: day.orders })),
      },
    };
  } catch (error) {
    context.shop.logger.error({ err: error, requestId: context.requestId }, "dashboard figures failed");
    return { error: LOAD_FAILED, stats: null };
  }
}

/** The "Low stock" list (decisions/031): published products at or below their threshold, or null when it could not be read. */
export async function loadLowStock(context: AppLoadContext): Promise<LowStockList | null> {
  try {
    return await listLowStock(context.shop.db, 10);
  } catch (error) {
    context.shop.logger.error({ err: error, requestId: context.requestId }, "low-stock list failed");
    return null;
  }
}
