/*
 * Background jobs behind one small interface (docs/requirements/scale-out.md: pg-boss does not run on PGlite). The
 * embedded default runs each job in this process on an interval; a scale-out deployment can put
 * pg-boss behind the same interface (decision 0050). A job's run never overlaps its previous run.
 */

export interface JobRunner {
  /** Runs `work` every `intervalMs` (the first run after one interval). */
  every(name: string, intervalMs: number, work: () => Promise<unknown>): void;
  /** Stops scheduling and waits for the runs under way. */
  stop(): Promise<void>;
  /**
   * The queues' backlog for the metrics (decision 0118), where jobs wait in a queue (pg-boss);
   * the in-process runner has none.
   */
  queueFigures?(): Promise<JobQueueFigures[]>;
}

export interface JobQueueFigures {
  queue: string;
  /** Jobs waiting to run (created or to retry) whose start time has come. */
  waiting: number;
  active: number;
  failed: number;
  /** Age of the oldest waiting job, 0 when none waits. */
  oldestWaitingSeconds: number;
}

export function createIntervalJobRunner(
  onError: (name: string, error: unknown) => void,
): JobRunner {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  return {
    every(name, intervalMs, work) {
      let busy = false;
      const timer = setInterval(() => {
        if (busy || stopped) return;
        busy = true;
        const run = work()
          .catch((error: unknown) => onError(name, error))
          .finally(() => {
            busy = false;
            running.delete(run);
          });
        running.add(run);
      }, intervalMs);
      // A job never keeps the process alive on its own.
      timer.unref();
      timers.push(timer);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
