// Every periodic job of the shop, started once per process by createShop() and stopped by its
// close() before the database pool closes (graceful shutdown). Each job's claim keeps a due item
// handled once however many processes run it (decisions/036).
import type { ShopContext } from "#server/context.ts";
import { backInStockJob } from "#server/modules/back-in-stock/sender.ts";
import { guestCartCleanupJob } from "#server/modules/cart/cleanup.ts";
import { emailDispatchJob } from "#server/modules/email/dispatcher.ts";
import { messageDispatchJob } from "#server/modules/messaging/dispatcher.ts";
import { reservationExpiryJob } from "#server/modules/orders/expiry.ts";
import { shipmentRecheckJob } from "#server/modules/orders/shipping-webhook.ts";
import { prescriptionSweepJob } from "#server/modules/prescriptions/sweep.ts";
import { dailyJobsJob } from "#server/modules/stock-alerts/daily-email.ts";
import type { PeriodicJob } from "#server/periodic-job.ts";
import { startJobs, type Scheduler } from "./scheduler.ts";

/** The shop's jobs; `intervalMs` replaces every job's own interval (tests run them every few milliseconds). */
export function shopJobs(context: ShopContext, options: { intervalMs?: number } = {}): PeriodicJob[] {
  const { intervalMs } = options;
  return [
    guestCartCleanupJob(context.db, context.logger, intervalMs),
    reservationExpiryJob(context, intervalMs),
    emailDispatchJob(context, intervalMs),
    messageDispatchJob(context, intervalMs),
    backInStockJob(context, intervalMs),
    dailyJobsJob(context, intervalMs),
    prescriptionSweepJob(context, intervalMs),
    shipmentRecheckJob(context, intervalMs),
  ];
}

export function startShopJobs(context: ShopContext, options: { intervalMs?: number } = {}): Scheduler {
  return startJobs(shopJobs(context, options), context.logger);
}
