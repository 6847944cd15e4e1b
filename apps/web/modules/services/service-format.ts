/** Where services live (docs/requirements/services.md: /prestation-conseil-en-image/{slug?}/{id}). */
export const SERVICES_BASE_PATH = '/prestation-conseil-en-image';

/** The canonical page of a service: with its slug, which the route checks. */
export function servicePath(service: { id: number; slug: string }): string {
  return `${SERVICES_BASE_PATH}/${service.slug}/${service.id}`;
}

export type ServiceRoute =
  { kind: 'overview' } | { kind: 'service'; id: number; slug: string | null } | { kind: 'invalid' };

/**
 * Reads the segments after /prestation-conseil-en-image: none is the overview, `[id]` or
 * `[slug, id]` a service; anything else (a non-numeric id, more segments) does not exist.
 */
export function parseServiceRoute(segments: readonly string[] | undefined): ServiceRoute {
  if (!segments || segments.length === 0) return { kind: 'overview' };
  if (segments.length > 2) return { kind: 'invalid' };
  const idSegment = segments[segments.length - 1]!;
  if (!/^[1-9]\d{0,9}$/.test(idSegment)) return { kind: 'invalid' };
  const id = Number(idSegment);
  if (id > 2147483647) return { kind: 'invalid' };
  return { kind: 'service', id, slug: segments.length === 2 ? safeDecode(segments[0]!) : null };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** "120,00 €", or "Sur devis" when the service has no fixed price. */
export function formatServicePrice(priceCents: number | null): string {
  return priceCents === null ? 'Sur devis' : euros.format(priceCents / 100);
}

/** "45 min", "2 h", "1 h 30" (minutes on two digits, as French timetables write them). */
export function formatServiceDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  if (rest === 0) return `${hours} h`;
  return `${hours} h ${String(rest).padStart(2, '0')}`;
}

/** The duration as screen readers and machines should read it: ISO 8601 (PT1H30M). */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}
