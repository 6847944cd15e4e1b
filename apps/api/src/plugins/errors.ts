import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import type { FieldError } from '@comptoir/contract/envelope';
import { errorEnvelope } from '../http/envelope';
import { isDatabaseUnavailable } from '../db/unavailable';
import { EngineUnavailableError, HttpError } from '../http/http-error';
import { DATABASE_UNAVAILABLE_MESSAGE } from './database';
import {
  STORAGE_READ_UNAVAILABLE_MESSAGE,
  STORAGE_SAVE_UNAVAILABLE_MESSAGE,
  StorageUnavailableError,
} from './storage-keys';

const REQUEST_PARTS: Record<string, string> = {
  params: 'path parameters',
  querystring: 'query string',
  headers: 'headers',
};

export const INVALID_BODY_MESSAGE = 'Les informations envoyées ne sont pas valides.';

function fieldErrors(
  validation: readonly FastifySchemaValidationError[],
  context: string | undefined,
): FieldError[] {
  return validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { key: path || context || 'request', error: issue.message ?? 'Invalid value' };
  });
}

/**
 * Every failure leaves as the error envelope with an honest status (docs/architecture.md#conventions): bad path or
 * query → 400, bad body → 422, expected errors (HttpError) with their own status, a file storage
 * or a database that does not answer → 503 in French (decisions 0114, 0116), and anything
 * unexpected → 500 with a generic message; its details go to the log only, with the request id.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    if (error instanceof HttpError) {
      // An engine's outage is logged once by its watcher, not per request (decision 0113).
      if (error.statusCode >= 500 && !(error instanceof EngineUnavailableError)) {
        request.log.error({ err: error.cause ?? error }, error.message);
      }
      return reply.status(error.statusCode).send(errorEnvelope(error.message, error.errors));
    }

    // The storage logged the outage once; each request's 503 is in its own response line.
    if (error instanceof StorageUnavailableError) {
      return reply
        .status(503)
        .headers({ 'retry-after': '30', 'cache-control': 'no-store' })
        .send(
          errorEnvelope(
            error.operation === 'read'
              ? STORAGE_READ_UNAVAILABLE_MESSAGE
              : STORAGE_SAVE_UNAVAILABLE_MESSAGE,
          ),
        );
    }

    // PostgreSQL stopped, restarting or out of reach: the request may be tried again as it is (an
    // order with its Idempotency-Key is placed once). Its watcher logs the outage once.
    if (isDatabaseUnavailable(error)) {
      request.server.databaseOutage.report(error);
      return reply
        .status(503)
        .headers({ 'retry-after': '5', 'cache-control': 'no-store' })
        .send(errorEnvelope(DATABASE_UNAVAILABLE_MESSAGE));
    }

    if ('validation' in error && error.validation) {
      const context = error.validationContext;
      const errors = fieldErrors(error.validation, context);
      if (context === 'body')
        return reply.status(422).send(errorEnvelope(INVALID_BODY_MESSAGE, errors));
      const first = errors[0];
      const part = (context && REQUEST_PARTS[context]) ?? 'request';
      return reply
        .status(400)
        .send(
          errorEnvelope(
            `Invalid ${part}: ${first ? `${first.key}: ${first.error}` : 'see errors'}.`,
            errors,
          ),
        );
    }

    // Fastify's own client errors (malformed JSON, unsupported media type, body too large…)
    // carry a 4xx status and a message meant for the caller.
    const statusCode = 'statusCode' in error ? error.statusCode : undefined;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send(errorEnvelope(error.message));
    }

    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send(errorEnvelope('Internal server error'));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    return reply.status(404).send(errorEnvelope(`Route ${request.method} ${path} not found.`));
  });
}
