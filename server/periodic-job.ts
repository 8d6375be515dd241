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

/** How long after a wake the job runs: time for the caller's transaction to commit what it queued. */
export const WAKE_DELAY_MS = 200;

const wakers = new Map<string, () => void>();
const pendingWakes = new Set<string>();

/**
 * Asks the job named `name` in this process to run shortly, sooner than its next tick: an outbox
 * that has just been written to (an email, an SMS) goes out in a fraction of a second rather than
 * after up to a whole interval. Called inside the transaction that queues the row, so the run
 * waits `WAKE_DELAY_MS`; a run that still finds nothing committed leaves it to the next tick, as
 * before. Several wakes before the run are one run. Nothing happens where the job is not running
 * (tests that deliver by hand, a process without the scheduler).
 */
export function wakeJob(name: string): void {
  if (pendingWakes.has(name) || !wakers.has(name)) return;
  pendingWakes.add(name);
  setTimeout(() => {
    pendingWakes.delete(name);
    wakers.get(name)?.();
  }, WAKE_DELAY_MS).unref();
}

/** The scheduler's side of wakeJob: how to run the job now (null when it stops). */
export function onWake(name: string, wake: (() => void) | null): void {
  if (wake) wakers.set(name, wake);
  else wakers.delete(name);
}
