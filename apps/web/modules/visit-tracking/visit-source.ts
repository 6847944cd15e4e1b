import { VISIT_SOURCE_MAX_LENGTH } from '@comptoir/contract/site-visit';

/**
 * Reads the landing URL (docs/requirements/consent-and-analytics.md): the traffic source to log when `from` is present and valid,
 * and the URL to show instead — the same one without its query string (the fragment stays).
 */
export function landingVisit(href: string): { source: string | null; cleanUrl: string } | null {
  const url = new URL(href);
  if (!url.searchParams.has('from')) return null;
  const source = url.searchParams.get('from')?.trim() ?? '';
  return {
    source: source !== '' && source.length <= VISIT_SOURCE_MAX_LENGTH ? source : null,
    cleanUrl: `${url.pathname}${url.hash}`,
  };
}
