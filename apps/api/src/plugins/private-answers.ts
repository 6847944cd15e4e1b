import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the answer is built from the caller's session, cart secret or order token. */
    answersPrivately: boolean;
  }
}

/** What a private answer tells every cache: keep nothing (decision 0080). */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * Marks the answer as private: it depends on who asks (their session, or its absence; a cart's
 * secret cookie; an order's token), so neither a browser nor a shared cache may keep it.
 */
export function markPrivateAnswer(request: FastifyRequest): void {
  request.answersPrivately = true;
}

/**
 * Every answer built from a session, a cart secret or an order token leaves with
 * `Cache-Control: private, no-store` (decision 0080), errors included, whatever the route set:
 * the readers of those credentials (readSessionToken, cartCallerOf, orderReaderOf, the login
 * cookies) mark the request, so that no route can forget it. Answers that read none of them
 * (the public reads, cached or not) keep their headers.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.decorateRequest('answersPrivately', false);
  // Runs on every answer and never waits: written with `done`, without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.answersPrivately) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    done(null, payload);
  });
}
