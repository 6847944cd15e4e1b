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
