import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  SESSION_MAX_AGE_SECONDS,
  SITE_ID_COOKIE,
  TOKEN_COOKIE,
  USER_LANG_COOKIE,
  USER_LANG_COOKIE_MAX_AGE_SECONDS,
} from '@comptoir/contract/auth';
import { markPrivateAnswer } from '../../plugins/private-answers';

export interface CookieSettings {
  /** COOKIE_DOMAIN: the Domain attribute, to share the login between subdomains. */
  domain?: string;
}

/**
 * Secure when the visitor's request was HTTPS. request.protocol reads X-Forwarded-Proto only
 * from trusted peers (TRUST_PROXY: the storefront at 127.0.0.1), so a client cannot fake it.
 */
function baseOptions(request: FastifyRequest, settings: CookieSettings): CookieSerializeOptions {
  return {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    ...(settings.domain ? { domain: settings.domain } : {}),
  };
}

/** Login and registration (docs/requirements/account.md): the session token, the site id and the locale. */
export function setLoginCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  settings: CookieSettings,
): void {
  // The answer hands out the session (its token is in the body too): nobody else's to keep.
  markPrivateAnswer(request);
  const options = baseOptions(request, settings);
  reply.setCookie(TOKEN_COOKIE, token, {
    ...options,
    httpOnly: true,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  reply.setCookie(SITE_ID_COOKIE, String(request.site.id), {
    ...options,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  reply.setCookie(USER_LANG_COOKIE, request.lang, {
    ...options,
    maxAge: USER_LANG_COOKIE_MAX_AGE_SECONDS,
  });
}

/** Logout and account erasure. The locale cookie is a preference, not a login: it stays. */
export function clearLoginCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: CookieSettings,
): void {
  const options = baseOptions(request, settings);
  reply.clearCookie(TOKEN_COOKIE, { ...options, httpOnly: true });
  reply.clearCookie(SITE_ID_COOKIE, options);
}
