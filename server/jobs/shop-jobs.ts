// Every periodic job of the shop, started once per process by createShop() and stopped by its
// close() before the database pool closes (graceful shutdown). Each job's claim keeps a due item
// handled once however many processes run it (decisions/036).
import type { ShopContext } from "#server/context.ts";
import { backInStockJob } from "#server/modules/back-in-stock/sender.ts";
import { guestCartCleanupJob } from "#server/modules/cart/cleanup.ts";
import { emailDispatchJob } from "#server/modules/email/dispatcher.ts";
import { reservationExpiryJob } from "#server/modules/orders/expiry.ts";
import { dailyJobsJob } from "#server/modules/stock-alerts/daily-email.ts";
import { startJobs, type PeriodicJob, type Scheduler } from "./scheduler.ts";

export function shopJobs(context: ShopContext): PeriodicJob[] {
  return [
    guestCartCleanupJob(context.db, context.logger),
    reservationExpiryJob(context),
    emailDispatchJob(context),
    backInStockJob(context),
    dailyJobsJob(context),
  ];
}

export function startShopJobs(context: ShopContext): Scheduler {
  return startJobs(shopJobs(context), context.logger);
}
