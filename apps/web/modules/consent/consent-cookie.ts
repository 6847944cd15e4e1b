/**
 * tarteaucitron's consent cookie, read and written the way tarteaucitron does
 * (`tarteaucitron.cookie.read` and `.create`), so that the storefront's own banner and
 * tarteaucitron share the visitor's choices: `tarteaucitron=!gtag=true!matomo=false`, one year
 * (tarteaucitron's `timeExpire`), path `/`, SameSite=Lax, Secure on HTTPS.
 */
export const CONSENT_COOKIE_NAME = 'tarteaucitron';
const ONE_YEAR_MS = 31_536_000_000;

export type ServiceChoice = 'true' | 'false' | 'wait';

/** The cookie's value (after `tarteaucitron=`) in a `document.cookie` string, or ''. */
export function consentCookieValue(cookies: string): string {
  for (const part of cookies.split(';')) {
    const trimmed = part.trimStart();
    if (trimmed.startsWith(`${CONSENT_COOKIE_NAME}=`)) {
      return trimmed.slice(CONSENT_COOKIE_NAME.length + 1);
    }
  }
  return '';
}

/** Each service's recorded choice; a service never answered is absent. */
export function recordedChoices(value: string): Record<string, ServiceChoice> {
  const choices: Record<string, ServiceChoice> = {};
  for (const match of value.matchAll(/!([^=!]+)=(wait|true|false)/g)) {
    choices[match[1]!] = match[2] as ServiceChoice;
  }
  return choices;
}

/**
 * What a page load does with the site's services and the visitor's recorded choices:
 * - `ask`: a service was never answered (or left waiting) and none is allowed: the banner shows;
 * - `run`: at least one service is allowed: tarteaucitron loads and starts it (and asks about
 *   any service left unanswered, with its own banner);
 * - `none`: every service was refused, or there is none: nothing loads.
 */
export function consentAction(
  jobs: readonly string[],
  choices: Readonly<Record<string, ServiceChoice>>,
): 'ask' | 'run' | 'none' {
  if (jobs.some((job) => choices[job] === 'true')) return 'run';
  if (jobs.some((job) => choices[job] !== 'false')) return 'ask';
  return 'none';
}

/**
 * The `document.cookie` assignment that records `status` for every job, as tarteaucitron's
 * `respondAll` does (each service's earlier entry replaced).
 */
export function consentCookie(
  current: string,
  jobs: readonly string[],
  status: 'true' | 'false',
  now: number,
  secure: boolean,
): string {
  let value = current;
  for (const job of jobs) {
    const escaped = job.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    value = `${value.replace(new RegExp(`!${escaped}=(wait|true|false)`, 'g'), '')}!${job}=${status}`;
  }
  const expires = new Date(now + ONE_YEAR_MS).toUTCString();
  return `${CONSENT_COOKIE_NAME}=${value}; expires=${expires}; path=/${secure ? '; Secure' : ''}; samesite=lax`;
}
