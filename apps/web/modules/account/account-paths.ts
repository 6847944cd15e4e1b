/** The account area's routes (French, as the rest of the site). */
export const AUTH_PATH = '/auth';
export const ACCOUNT_PATH = '/mon-compte';
export const ACCOUNT_PASSWORD_PATH = '/mon-compte/mot-de-passe';
export const ACCOUNT_NEWSLETTERS_PATH = '/mon-compte/lettres-d-information';
export const ACCOUNT_UNSUBSCRIBE_PATH = '/mon-compte/desinscription';
export const ACCOUNT_ORDERS_PATH = '/mon-compte/commandes';

export function accountOrderPathOf(orderId: number): string {
  return `${ACCOUNT_ORDERS_PATH}/${orderId}`;
}
export const PASSWORD_RESET_ASK_PATH = '/password/reset/ask';
export const USE_TERMS_PATH = '/use-terms';

const MAX_NEXT_LENGTH = 2000;
/** Any origin will do: the path is resolved against it only to check it stays on it. */
const PROBE_ORIGIN = 'https://site.invalid';

/**
 * Where to go after login: the `next` parameter when it is a path of this site, otherwise the
 * account page. Refused: absolute and protocol-relative URLs (`//evil.example`), backslashes
 * (browsers read `/\evil.example` as `//evil.example`), control characters, and the login page
 * itself (a loop).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > MAX_NEXT_LENGTH) return ACCOUNT_PATH;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return ACCOUNT_PATH;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return ACCOUNT_PATH;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return ACCOUNT_PATH;
  }
  if (url.origin !== PROBE_ORIGIN) return ACCOUNT_PATH;
  if (url.pathname === AUTH_PATH || url.pathname.startsWith(`${AUTH_PATH}/`)) return ACCOUNT_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page, asked to come back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `${AUTH_PATH}?next=${encodeURIComponent(path)}`;
}
