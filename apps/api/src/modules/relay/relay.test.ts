import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPointSchema, type AccessPoint } from '@comptoir/contract/relay';
import { UNKNOWN_COUNTRY_MESSAGE } from '@comptoir/contract/shipping';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { RelayProvider, RelaySearch } from './relay-provider';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function points(body: Record<string, unknown>, app = testApp.app): Promise<AccessPoint[]> {
  const response = await siteRequest(app, 92, {
    method: 'POST',
    url: '/relay/access-points',
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return accessPointSchema.array().parse(response.json().data);
}

describe('POST /relay/access-points', () => {
  it('lists the points of the postal code first, nearest first, with their fields', async () => {
    const found = await points({
      firstname: 'Claire',
      lastname: 'Morin',
      address: '3 rue Toussaint',
      postalCode: '49000',
      city: 'Angers',
      country: 'FRA',
    });
    expect(found.slice(0, 3).map((point) => point.city)).toEqual(['Angers', 'Angers', 'Angers']);
    expect(found[0]).toMatchObject({
      id: expect.stringMatching(/^RV-49000-/),
      zipCode: '49000',
      country: 'FRA',
      icon: '/icons/relay-point.svg',
      position: { latitude: expect.any(Number), longitude: expect.any(Number) },
    });
    const distances = found.map((point) => point.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // The other towns of Maine-et-Loire follow, farther away.
    expect(found.map((point) => point.city)).toContain('Saumur');
    expect(found.every((point) => point.zipCode.startsWith('49'))).toBe(true);
  });

  it('starts from the customer position when the storefront sends one', async () => {
    // Next to Saumur's castle.
    const found = await points({
      postalCode: '49000',
      country: 'FRA',
      latitude: 47.2565,
      longitude: -0.0735,
    });
    expect(found[0]?.city).toBe('Saumur');
    expect(found[0]!.distance).toBeLessThan(1000);
  });

  it('finds none far from every point, and none abroad', async () => {
    expect(await points({ postalCode: '29200', country: 'FRA' })).toEqual([]);
    expect(await points({ postalCode: '1000', country: 'BEL' })).toEqual([]);
  });

  it('refuses an unknown country and an address without postal code', async () => {
    const unknown = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/relay/access-points',
      payload: { postalCode: '49000', country: 'XYZ' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(UNKNOWN_COUNTRY_MESSAGE);
    const missing = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/relay/access-points',
      payload: { country: 'FRA' },
    });
    expect(missing.statusCode).toBe(422);
  });
});

describe('a carrier relay API behind the provider interface', () => {
  it('answers what the configured provider finds, with the address it was given', async () => {
    const searches: RelaySearch[] = [];
    const provider: RelayProvider = {
      async findAccessPoints(search) {
        searches.push(search);
        return [
          {
            id: 'EXT-1',
            name: 'Point externe',
            addLine1: '1 rue de Belgique',
            zipCode: '1000',
            city: 'Bruxelles',
            country: 'BEL',
            position: { latitude: 50.85, longitude: 4.35 },
            icon: '/icons/relay-point.svg',
            distance: 120,
          },
        ];
      },
    };
    const other = await createTestApp({ relayProvider: provider });
    try {
      const found = await points(
        { postalCode: '1000', city: 'Bruxelles', country: 'bel' },
        other.app,
      );
      expect(found.map((point) => point.id)).toEqual(['EXT-1']);
      expect(searches[0]).toMatchObject({
        postalCode: '1000',
        city: 'Bruxelles',
        country: 'BEL',
        position: null,
        limit: 10,
      });
    } finally {
      await other.close();
    }
  });
});
