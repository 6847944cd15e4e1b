import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parameterSchema, type Parameter } from '@comptoir/contract/parameter';
import { siteParameterCatalogue } from '@comptoir/domain/site-parameters';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function parameters(siteId: number, query: Record<string, string | string[]> = {}) {
  const response = await siteRequest(testApp.app, siteId, {
    method: 'GET',
    url: '/parameter',
    query,
  });
  expect(response.statusCode).toBe(200);
  return parameterSchema.array().parse(response.json().data);
}

function byType(list: Parameter[]) {
  return new Map(list.map((parameter) => [parameter.type, parameter]));
}

describe('GET /parameter', () => {
  it.each([91, 92])(
    'lists every catalogue key for site %i with its kind and label',
    async (siteId) => {
      const list = await parameters(siteId);
      const types = byType(list);
      expect(list).toHaveLength(siteParameterCatalogue.length);
      for (const definition of siteParameterCatalogue) {
        expect(types.get(definition.type)).toMatchObject({
          kind: definition.kind,
          label: definition.label,
        });
      }
    },
  );

  it('types each value by its kind', async () => {
    const types = byType(await parameters(91));
    expect(types.get('LOGO_HEIGHT')?.value).toBe(100);
    expect(types.get('IS_BLOG_ACTIVATED')?.value).toBe(true);
    expect(types.get('HIDE_CONTACT_PAGE')?.value).toBe(false);
    expect(types.get('MONDAY_HOURS')?.value).toBeNull();
    expect(types.get('TUESDAY_HOURS')?.value).toBe('9h00 – 18h00');
    expect(types.get('BOTTLE_MULTIPLE')?.value).toBeNull();
  });

  it("gives each site its own values, never another site's", async () => {
    const salon = byType(await parameters(91));
    const winery = byType(await parameters(92));
    expect(salon.get('COMPANY_NAME')?.value).toBe("L'Atelier de Clémence");
    expect(winery.get('COMPANY_NAME')?.value).toBe('Domaine des Trois Coteaux');
    expect(salon.get('PRIMARY_COLOR')?.value).not.toBe(winery.get('PRIMARY_COLOR')?.value);
    const salonIds = new Set([...salon.values()].map((parameter) => parameter.id));
    expect([...winery.values()].some((parameter) => salonIds.has(parameter.id))).toBe(false);
  });

  it('filters by type with equality', async () => {
    const list = await parameters(91, { type: 'PRIMARY_COLOR' });
    expect(list).toEqual([expect.objectContaining({ type: 'PRIMARY_COLOR', value: '#5b2a4e' })]);
  });

  it('filters by kind, and by a like on the type', async () => {
    const numbers = await parameters(91, { kind: 'NUMBER' });
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((parameter) => parameter.kind === 'NUMBER')).toBe(true);
    const hours = await parameters(91, { type: 'lk:day_hours' });
    expect(hours.map((parameter) => parameter.type).sort()).toEqual(
      ['FRIDAY', 'MONDAY', 'SATURDAY', 'SUNDAY', 'THURSDAY', 'TUESDAY', 'WEDNESDAY'].map(
        (day) => `${day}_HOURS`,
      ),
    );
  });

  it('combines filters and excludes with df', async () => {
    const list = await parameters(91, { kind: ['BOOLEAN'], type: ['lk:HIDE', 'df:HIDE_PRICES'] });
    expect(list.length).toBeGreaterThan(1);
    expect(
      list.every((parameter) => parameter.type.includes('HIDE') && parameter.kind === 'BOOLEAN'),
    ).toBe(true);
    expect(list.some((parameter) => parameter.type === 'HIDE_PRICES')).toBe(false);
  });

  it('ignores empty filter values', async () => {
    expect(await parameters(91, { type: '', kind: '' })).toHaveLength(
      siteParameterCatalogue.length,
    );
  });

  it('answers an empty list for an unknown kind instead of failing', async () => {
    expect(await parameters(91, { kind: 'COLOUR' })).toEqual([]);
  });
});
