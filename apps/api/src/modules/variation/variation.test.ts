import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variationSchema } from '@comptoir/contract/variation';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('GET /variation', () => {
  it("lists the winemaker's variations with their values in order", async () => {
    const response = await siteRequest(testApp.app, 92, { method: 'GET', url: '/variation' });
    expect(response.statusCode).toBe(200);
    const variations = variationSchema.array().parse(response.json().data);
    expect(
      variations.map((variation) => [variation.name, variation.values.map((value) => value.name)]),
    ).toEqual([
      ['Couleur', ['Rouge', 'Blanc', 'Rosé']],
      ['Élevage', ['Cuve', 'Fût de chêne']],
    ]);
    for (const variation of variations) {
      expect(variation.values.every((value) => value.idVariation === variation.id)).toBe(true);
    }
  });

  it('answers an empty list for a site without variations', async () => {
    const response = await siteRequest(testApp.app, 91, { method: 'GET', url: '/variation' });
    expect(response.json()).toEqual({ success: true, data: [], message: null });
  });
});
