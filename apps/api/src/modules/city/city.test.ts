import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citySchema, type City } from '@comptoir/contract/city';
import { UNKNOWN_COUNTRY_MESSAGE } from '@comptoir/contract/shipping';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadCityIndex, normalizeCityName } from './city-index';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
});
afterAll(async () => {
  await testApp?.close();
});

async function cities(search: string, idCountry = 250): Promise<City[]> {
  const response = await siteRequest(testApp.app, 92, {
    method: 'GET',
    url: `/cities/${encodeURIComponent(search)}/${idCountry}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return citySchema.array().parse(response.json().data);
}

describe('GET /cities/:search/:idCountry', () => {
  it('finds a commune by name with its postal codes, the exact name first', async () => {
    const found = await cities('angers');
    expect(found.slice(0, 2)).toEqual([
      { code: '49007', name: 'Angers', postalCode: '49000', departmentCode: '49' },
      { code: '49007', name: 'Angers', postalCode: '49100', departmentCode: '49' },
    ]);
  });

  it('ignores accents, case and hyphens, and reads St as Saint', async () => {
    expect((await cities('SAINT ETIENNE'))[0]?.name).toBe('Saint-Étienne');
    expect((await cities('st-étienne'))[0]?.name).toBe('Saint-Étienne');
    expect((await cities('bellevigne en layon'))[0]).toMatchObject({
      name: 'Bellevigne-en-Layon',
      postalCode: '49380',
    });
  });

  it('ranks prefixes before words inside names, bigger towns first', async () => {
    const found = await cities('layon');
    expect(found.length).toBeGreaterThan(1);
    expect(found.every((city) => normalizeCityName(city.name).includes('layon'))).toBe(true);
    const paris = await cities('pari');
    expect(paris[0]?.name).toBe('Paris');
  });

  it('finds communes by postal code, exact codes first', async () => {
    const found = await cities('49380');
    expect(found.map((city) => city.postalCode)).toEqual(found.map(() => '49380'));
    expect(found.map((city) => city.name)).toContain('Bellevigne-en-Layon');
    const prefix = await cities('4938');
    expect(prefix.every((city) => city.postalCode.startsWith('4938'))).toBe(true);
    expect((await cities('20000'))[0]?.name).toBe('Ajaccio');
  });

  it('answers at most 20 communes, and none for a search that matches nothing', async () => {
    expect(await cities('saint')).toHaveLength(20);
    expect(await cities('zzzzqqq')).toEqual([]);
    expect(await cities('---')).toEqual([]);
  });

  it('answers an empty list for a country without a commune list, 404 for an unknown one', async () => {
    expect(await cities('Bruxelles', 56)).toEqual([]);
    const response = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/cities/paris/999',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(UNKNOWN_COUNTRY_MESSAGE);
  });

  it('refuses a search over 100 characters and a bad country id with 400', async () => {
    for (const url of [`/cities/${'a'.repeat(101)}/250`, '/cities/paris/abc', '/cities/paris/0']) {
      const response = await siteRequest(testApp.app, 92, { method: 'GET', url });
      expect(response.statusCode).toBe(400);
    }
  });

  // How fast a search answers is measured by `npm run bench` (GET /cities beside bare Fastify);
  // a timed test here would fail on a busy machine, not on slow code.
  it('searches from memory: one index for the process, answers without waiting', async () => {
    const index = await loadCityIndex();
    expect(index.size).toBeGreaterThan(35_000);
    expect(await loadCityIndex()).toBe(index);
    for (const search of ['saint', 'angers', '49', 'sur loire', 'lyon', 'marseille', '75011']) {
      const found = index.search(search);
      expect(found).not.toBeInstanceOf(Promise);
      expect(Array.isArray(found) && found.length).toBeGreaterThan(0);
    }
  });
});
