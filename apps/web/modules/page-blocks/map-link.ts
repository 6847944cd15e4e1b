import type { CompanyAddress } from '@comptoir/contract/contact';

export const OPEN_STREET_MAP = 'https://www.openstreetmap.org/';

/** An address on one line, as a map search understands it: « 12 rue du Bocage, 85590 Saint-Malo-du-Bois, France ». */
export function addressOneLine(
  address: Pick<
    CompanyAddress,
    'addressLine1' | 'addressLine2' | 'postalCode' | 'city' | 'countryName'
  >,
): string {
  return [
    address.addressLine1,
    address.addressLine2,
    `${address.postalCode} ${address.city}`.trim(),
    address.countryName,
  ]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

/**
 * A map search of an address on OpenStreetMap: no account, no tracking script, and it works for
 * any address the site enters (no coordinates to keep up to date).
 */
export function mapSearchHref(address: string): string | null {
  const query = address.replace(/\s+/g, ' ').trim();
  if (!query) return null;
  return `${OPEN_STREET_MAP}search?query=${encodeURIComponent(query)}`;
}
