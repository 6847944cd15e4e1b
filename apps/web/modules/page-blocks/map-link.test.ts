import { describe, expect, it } from 'vitest';
import { addressOneLine, mapSearchHref } from './map-link';

describe('the map link of the contact block', () => {
  it('writes an address on one line, leaving out the parts that are not set', () => {
    expect(
      addressOneLine({
        addressLine1: '12 rue du Bocage',
        addressLine2: null,
        postalCode: '85590',
        city: 'Saint-Malo-du-Bois',
        countryName: 'France',
      }),
    ).toBe('12 rue du Bocage, 85590 Saint-Malo-du-Bois, France');
    expect(
      addressOneLine({
        addressLine1: 'Le Bourg',
        addressLine2: '  ',
        postalCode: '',
        city: '',
        countryName: null,
      }),
    ).toBe('Le Bourg');
  });

  it('searches the address on OpenStreetMap, encoded as one query parameter', () => {
    expect(mapSearchHref('12 rue du Bocage, 85590 Saint-Malo-du-Bois')).toBe(
      'https://www.openstreetmap.org/search?query=12%20rue%20du%20Bocage%2C%2085590%20Saint-Malo-du-Bois',
    );
    expect(mapSearchHref('1 rue A&B #2\n  Nantes')).toBe(
      'https://www.openstreetmap.org/search?query=1%20rue%20A%26B%20%232%20Nantes',
    );
  });

  it('gives no link for an empty address', () => {
    expect(mapSearchHref('   ')).toBeNull();
  });
});
