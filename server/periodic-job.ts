// A periodic job as its module declares it (e.g. `orders/expiry.ts reservationExpiryJob`): a plain
// value, so a module never imports the scheduler. The one table of jobs is server/jobs/shop-jobs.ts,
// which hands them to the scheduler (server/jobs/scheduler.ts) that runs them.
export interface PeriodicJob {
  /** Short and stable: it names the job in logs and counters. */
  name: string;
  intervalMs: number;
  /** Run once as soon as the job starts (default: first run after one interval). */
  runAtStart?: boolean;
  /** One run. `signal` is aborted when the scheduler stops: a long run should end at its next item. */
  run(signal: AbortSignal): Promise<void>;
}
