import type { FieldError } from '@comptoir/contract/envelope';

/**
 * An expected failure with an honest status code (docs/architecture.md#conventions). The error handler turns it into
 * `{ success: false, data: null, message, errors? }`; its message is shown to the caller as is,
 * while a `cause` only goes to the log.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

/**
 * A 503 while an engine (Redis, storage, database) is down: the outage is logged once by what
 * watches that engine, not once per request that meets it (decision 0113), so the error handler
 * does not log it.
 */
export class EngineUnavailableError extends HttpError {
  constructor(message: string) {
    super(503, message);
    this.name = 'EngineUnavailableError';
  }
}
