import type { JobRunner } from '../lib/jobs';

/**
 * A job runner that schedules nothing: the app's recurring jobs are kept by name, and a test runs
 * one by hand (`await jobs.get('name')!()`) after moving its own clock, instead of waiting for a
 * timer.
 */
export function manualJobRunner(): {
  jobs: Map<string, () => Promise<unknown>>;
  runner: JobRunner;
} {
  const jobs = new Map<string, () => Promise<unknown>>();
  return {
    jobs,
    runner: {
      every(name, _intervalMs, work) {
        jobs.set(name, work);
      },
      async stop() {},
    },
  };
}
