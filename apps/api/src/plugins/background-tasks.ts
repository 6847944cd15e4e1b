import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    backgroundTasks: BackgroundTasks;
  }
}

/**
 * Work that must not delay or change a response (sending a mail, preparing a reset link), run
 * after the handler returns. Failures are logged, never shown to the caller. The app waits for
 * the tasks still running when it closes, before the database goes away.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(description: string, task: () => Promise<void>): void {
    const promise = Promise.resolve()
      .then(task)
      .catch((error: unknown) =>
        this.log.error({ err: error }, `Background task failed: ${description}`),
      )
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Resolves once every task started so far, and those they started, has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

export function registerBackgroundTasks(app: FastifyInstance): void {
  app.decorate('backgroundTasks', new BackgroundTasks(app.log));
  app.addHook('onClose', async () => {
    await app.backgroundTasks.idle();
  });
}
