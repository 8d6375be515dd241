// The one place periodic background work is started and stopped (decisions/036). Every process
// runs every job: what makes a due item handled once across processes is the job's own claim
// (row locks with SKIP LOCKED, conditional updates, a day's claim row, an advisory lock), never
// which process happens to run it. The scheduler adds what all jobs share: one run at a time per
// job and process, failures logged and counted, and a stop that waits for runs in progress.
import type { Logger } from "pino";
import { onWake, type PeriodicJob } from "#server/periodic-job.ts";

/** What happened to a job in this process (for /metrics and the logs). */
export interface JobCounters {
  runs: number;
  failures: number;
  lastFailureAt: Date | null;
}

const counters = new Map<string, JobCounters>();

/** The counters of every job this process has run, by job name. */
export function jobCounters(): ReadonlyMap<string, Readonly<JobCounters>> {
  return counters;
}

function countersOf(name: string): JobCounters {
  let entry = counters.get(name);
  if (!entry) counters.set(name, (entry = { runs: 0, failures: 0, lastFailureAt: null }));
  return entry;
}

/**
 * Starts `job` every `intervalMs` (an unref'd timer: it never keeps the process alive). A tick
 * while the previous run is still going is skipped. Returns stop(), which ends the timer, aborts
 * the run's signal and waits for it.
 */
export function every(job: PeriodicJob, logger: Pick<Logger, "error">): () => Promise<void> {
  const controller = new AbortController();
  let running: Promise<void> | undefined;
  // A wake (wakeJob) during a run: one more run when this one ends, since it may have missed the new row.
  let runAgain = false;
  const tick = () => {
    if (running || controller.signal.aborted) return;
    const entry = countersOf(job.name);
    running = job
      .run(controller.signal)
      .then(() => {
        entry.runs += 1;
      })
      .catch((error: unknown) => {
        entry.runs += 1;
        entry.failures += 1;
        entry.lastFailureAt = new Date();
        logger.error({ err: error, job: job.name }, `background job ${job.name} failed; it runs again in ${job.intervalMs} ms`);
      })
      .finally(() => {
        running = undefined;
        if (runAgain) {
          runAgain = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, job.intervalMs);
  timer.unref();
  onWake(job.name, () => {
    if (running) runAgain = true;
    else tick();
  });
  if (job.runAtStart) tick();
  return async () => {
    clearInterval(timer);
    onWake(job.name, null);
    controller.abort();
    await running;
  };
}

export interface Scheduler {
  /** Stops every job and waits for the runs in progress (graceful shutdown, before the pool closes). */
  stop(): Promise<void>;
}

/** Starts every job in `jobs`; one stop for all of them. */
export function startJobs(jobs: readonly PeriodicJob[], logger: Pick<Logger, "error">): Scheduler {
  const stops = jobs.map((job) => every(job, logger));
  let stopping: Promise<void> | undefined;
  return {
    stop: () => (stopping ??= Promise.all(stops.map((stop) => stop())).then(() => undefined)),
  };
}
