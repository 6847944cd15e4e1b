import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countrySchema, languageSchema, type Country } from '@comptoir/contract/country';
import { languages } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function countries(query: Record<string, string | string[]> = {}, siteId = 91) {
  const response = await siteRequest(testApp.app, siteId, {
    method: 'GET',
    url: '/countries',
    query,
  });
  expect(response.statusCode).toBe(200);
  return countrySchema.array().parse(response.json().data);
}

const names = (list: Country[]) => list.map((country) => country.name);

describe('GET /countries', () => {
  it('lists every ISO 3166 country with its French name and codes', async () => {
    const list = await countries();
    expect(list).toHaveLength(250);
    expect(list.find((country) => country.alphaTwo === 'FR')).toEqual({
      id: 250,
      alphaTwo: 'FR',
      alphaThree: 'FRA',
      numCode: '250',
      name: 'France',
    });
    expect(list.find((country) => country.alphaTwo === 'DE')?.name).toBe('Allemagne');
  });

  it('sorts the names in French order, accents aside', async () => {
    const list = names(await countries());
    expect(list.slice(0, 2)).toEqual(['Afghanistan', 'Afrique du Sud']);
    const sorted = [...list].sort(new Intl.Collator('fr', { sensitivity: 'base' }).compare);
    expect(list).toEqual(sorted);
    expect(list.indexOf('Égypte')).toBeLessThan(list.indexOf('Espagne'));
  });

  it('is the same list for every site', async () => {
    expect(await countries({}, 92)).toEqual(await countries({}, 91));
  });

  it('filters by code with equality and by name with a like', async () => {
    expect(names(await countries({ alphaThree: 'BEL' }))).toEqual(['Belgique']);
    expect(names(await countries({ alphaTwo: 'ch' }))).toEqual([]);
    expect(names(await countries({ name: 'lk:guinée' }))).toEqual([
      'Guinée',
      'Guinée équatoriale',
      'Guinée-Bissau',
      'Papouasie-Nouvelle-Guinée',
    ]);
  });

  it('filters numeric codes as text ranges', async () => {
    const list = await countries({ numCode: ['gte:004', 'lt:010'] });
    expect(list.map((country) => country.numCode).sort()).toEqual(['004', '008']);
  });

  it('pages through the list', async () => {
    const all = await countries();
    const second = await countries({ page: '2', nbItem: '10' });
    expect(second).toEqual(all.slice(10, 20));
    expect(await countries({ page: '30', nbItem: '10' })).toEqual([]);
  });

  it.each([
    ['page', '0'],
    ['nbItem', '0'],
    ['nbItem', '1001'],
    ['page', 'abc'],
  ])('refuses %s=%s with a 400 envelope', async (key, value) => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/countries',
      query: { [key]: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].key).toBe(key);
  });
});

describe('GET /languages', () => {
  async function languageList(siteId = 91) {
    const response = await siteRequest(testApp.app, siteId, { method: 'GET', url: '/languages' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: null });
    return languageSchema.array().parse(response.json().data);
  }

  it('answers the seeded languages with their code, label, DeepL code, country and validity', async () => {
    const list = await languageList();
    expect(list.find((language) => language.code === 'fr_FR')).toEqual({
      id: expect.any(Number),
      code: 'fr_FR',
      label: 'Français',
      deeplCode: 'FR',
      country: { id: 250, alphaTwo: 'FR', alphaThree: 'FRA', numCode: '250', name: 'France' },
      isValid: true,
    });
    expect(list.find((language) => language.code === 'en_GB')?.country?.alphaThree).toBe('GBR');
  });

  it('is the same list for every site, in id order', async () => {
    const list = await languageList(92);
    expect(list).toEqual(await languageList(91));
    expect(list.map((language) => language.id)).toEqual(
      [...list.map((language) => language.id)].sort((a, b) => a - b),
    );
  });

  it('shows a language no longer offered as not valid, and one without a country with a null country', async () => {
    await testApp.database.db
      .insert(languages)
      .values({ code: 'la_VA', label: 'Latina', deeplCode: null, countryId: null, isValid: false });
    const latin = (await languageList()).find((language) => language.code === 'la_VA');
    expect(latin).toMatchObject({ label: 'Latina', deeplCode: null, country: null, isValid: false });
  });

  it('still needs the site header', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/languages' });
    expect(response.statusCode).toBe(400);
  });
});
