import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { users as usersTable } from '../db/schema';
import { markPrivateAnswer } from './private-answers';

/** A user of the site, as the users table keeps it (the user module's UserRecord). */
type UserRecord = typeof usersTable.$inferSelect;

/** How the session's user is found: the user module's service, from compose.ts. */
export interface SessionUsers {
  findUserByToken(siteId: number, token: string): Promise<UserRecord | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user of this site, or null; looked up on first use, once per request. */
    getUser(): Promise<UserRecord | null>;
  }
}

export const TOKEN_COOKIE = 'token';

/**
 * The session token from `Authorization: Bearer …`, else from the httpOnly `token` cookie. An
 * answer that looks for it depends on the session, or its absence: it is private (decision 0080).
 */
export function readSessionToken(request: FastifyRequest): string | null {
  markPrivateAnswer(request);
  const authorization = request.headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1]) return match[1];
  }
  const cookie = request.cookies?.[TOKEN_COOKIE];
  return cookie ? cookie : null;
}

/** Installs the lazy request.getUser() on the routes of its scope (after site resolution). */
export function registerAuth(app: FastifyInstance, users: SessionUsers): void {
  app.decorateRequest('getUser', async () => null);

  // Nothing is looked up here (an anonymous read never touches the session table): a hook that
  // never waits, written with `done`.
  app.addHook('onRequest', (request, _reply, done) => {
    let lookup: Promise<UserRecord | null> | undefined;
    request.getUser = () => {
      if (!lookup) {
        const token = readSessionToken(request);
        const site = request.routeOptions.config.withoutSite ? null : request.site;
        lookup = token && site ? users.findUserByToken(site.id, token) : Promise.resolve(null);
      }
      return lookup;
    };
    done();
  });
}
