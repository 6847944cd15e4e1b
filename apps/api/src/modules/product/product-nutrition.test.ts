import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductSchema, type ProductInput } from '@comptoir/contract/admin-catalogue';
import { eLabelSchema, productSchema } from '@comptoir/contract/product';
import { declinations } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * A vintage's nutrition declaration and ingredients (decision 0102): saved from the back office's
 * product editor, read back by the product page, never across sites.
 */

let testApp: TestApp;
let adminToken: string;
let salonAdminToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  adminToken = (await createUserWithSession(db, { siteId: 92, role: 'ADMIN' })).token;
  salonAdminToken = (await createUserWithSession(db, { siteId: 91, role: 'ADMIN' })).token;
}, 240_000);

afterAll(async () => {
  await testApp?.close();
});

const dryWhite = {
  energyKj: 301,
  energyKcal: 72,
  fatCg: 0,
  saturatesCg: 0,
  carbohydrateCg: 60,
  sugarsCg: 20,
  proteinCg: 10,
  saltCg: 1,
};
const ingredients = [
  { role: null, name: 'raisins', allergen: false },
  { role: 'conservateur', name: 'sulfites', allergen: true },
];

type DeclinationInput = ProductInput['declinations'][number];

function declination(overrides: Partial<DeclinationInput> = {}): DeclinationInput {
  return {
    year: 2023,
    capacity: 75,
    capacityUnit: 'CENTILITRE',
    priceCents: 1200,
    fixedPriceCents: null,
    discountType: 'NONE',
    discountAmount: 0,
    stock: 10,
    isStockManaged: true,
    sellByMultipleOf: 1,
    imageUrl: null,
    ...overrides,
  };
}

function wine(declinationsInput: DeclinationInput[], name = 'Chenin des Essais'): ProductInput {
  return {
    type: 'WINE',
    kind: 'WHITE',
    name,
    slug: '',
    summary: null,
    description: null,
    region: 'Loire',
    appellation: 'Anjou',
    alcoholTenths: 125,
    tags: [],
    imageUrl: null,
    isPublished: true,
    isDematerialized: false,
    hasShippingFees: true,
    vatRateBasisPoints: 2000,
    position: 0,
    declinations: declinationsInput,
    features: [],
    awards: [],
    mealIconIds: [],
    decreasingDiscounts: [],
    recommendedProductIds: [],
    customizations: [],
  };
}

function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  siteId: number,
  token?: string,
  payload?: object,
) {
  return siteRequest(testApp.app, siteId, {
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? bearer(token) : {},
  });
}

describe('a vintage’s nutrition declaration and ingredients', () => {
  it('are read on the vintage’s public e-label, never for a bare vintage, a draft or another site', async () => {
    const created = await send(
      'POST',
      '/admin/product',
      92,
      adminToken,
      wine(
        [
          declination({ year: 2023, nutrition: dryWhite, ingredients }),
          declination({ year: 2022 }),
        ],
        'Chenin de l’étiquette',
      ),
    );
    const product = adminProductSchema.parse(created.json().data);
    const [labelled, bare] = product.declinations;
    const label = await send('GET', `/e-label/${labelled!.id}`, 92);
    expect(label.statusCode, label.body).toBe(200);
    expect(eLabelSchema.parse(label.json().data)).toEqual({
      declinationId: labelled!.id,
      productId: product.id,
      name: 'Chenin de l’étiquette',
      kind: 'WHITE',
      appellation: 'Anjou',
      region: 'Loire',
      alcoholTenths: 125,
      year: 2023,
      capacity: 75,
      capacityUnit: 'CENTILITRE',
      nutrition: dryWhite,
      ingredients,
    });
    expect((await send('GET', `/e-label/${bare!.id}`, 92)).statusCode).toBe(404);
    expect((await send('GET', `/e-label/${labelled!.id}`, 91)).statusCode).toBe(404);
    expect((await send('GET', '/e-label/999999', 92)).statusCode).toBe(404);

    const draft = await send('PUT', `/admin/product/${product.id}`, 92, adminToken, {
      ...wine(
        [
          declination({ id: labelled!.id, year: 2023, nutrition: dryWhite, ingredients }),
          declination({ id: bare!.id, year: 2022 }),
        ],
        'Chenin de l’étiquette',
      ),
      isPublished: false,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await send('GET', `/e-label/${labelled!.id}`, 92)).statusCode).toBe(404);
  });

  it('are saved per declination by the back office and shown on the product page', async () => {
    const created = await send(
      'POST',
      '/admin/product',
      92,
      adminToken,
      wine([
        declination({ year: 2023, nutrition: dryWhite, ingredients }),
        declination({ year: 2022 }),
      ]),
    );
    expect(created.statusCode).toBe(200);
    const product = adminProductSchema.parse(created.json().data);
    const [labelled, bare] = product.declinations;
    expect(labelled).toMatchObject({ year: 2023, nutrition: dryWhite, ingredients });
    expect(bare).toMatchObject({ year: 2022, nutrition: null, ingredients: [] });

    const page = productSchema.parse((await send('GET', `/product/${product.id}`, 92)).json().data);
    // Only the vintage with a label has one: the other has nothing to show.
    expect(page.labels).toEqual([
      { declinationId: labelled!.id, nutrition: dryWhite, ingredients },
    ]);

    // Cleared in the editor (null, empty list): the columns are emptied, the page shows nothing.
    const cleared = await send('PUT', `/admin/product/${product.id}`, 92, adminToken, {
      ...wine([
        declination({ id: labelled!.id, year: 2023, nutrition: null, ingredients: [] }),
        declination({ id: bare!.id, year: 2022, ingredients: [ingredients[0]!] }),
      ]),
    });
    expect(cleared.statusCode).toBe(200);
    const [row] = await testApp.database.db
      .select({ energyKj: declinations.energyKj, saltCg: declinations.saltCg })
      .from(declinations)
      .where(and(eq(declinations.siteId, 92), eq(declinations.id, labelled!.id)));
    expect(row).toEqual({ energyKj: null, saltCg: null });
    const after = productSchema.parse(
      (await send('GET', `/product/${product.id}`, 92)).json().data,
    );
    expect(after.labels).toEqual([
      { declinationId: bare!.id, nutrition: null, ingredients: [ingredients[0]] },
    ]);
  });

  it('refuses a declaration that does not add up with a French message, and saves nothing', async () => {
    const response = await send(
      'POST',
      '/admin/product',
      92,
      adminToken,
      wine([declination({ nutrition: { ...dryWhite, sugarsCg: 900 } })]),
    );
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain(
      'Les sucres ne peuvent pas dépasser les glucides.',
    );
  });

  it('stay on their site: another site neither reads nor edits them', async () => {
    const created = await send(
      'POST',
      '/admin/product',
      92,
      adminToken,
      wine([declination({ nutrition: dryWhite, ingredients })], 'Chenin du Voisin'),
    );
    expect(created.statusCode).toBe(200);
    const product = adminProductSchema.parse(created.json().data);
    const declinationId = product.declinations[0]!.id;

    expect((await send('GET', `/product/${product.id}`, 91)).statusCode).toBe(404);
    const foreign = await send('PUT', `/admin/product/${product.id}`, 91, salonAdminToken, {
      ...wine(
        [declination({ id: declinationId, nutrition: null, ingredients: [] })],
        'Chenin du Voisin',
      ),
    });
    expect(foreign.statusCode).toBe(404);

    const page = productSchema.parse((await send('GET', `/product/${product.id}`, 92)).json().data);
    expect(page.labels).toEqual([{ declinationId, nutrition: dryWhite, ingredients }]);
  });

  it('are all or nothing in the database too', async () => {
    const [any] = await testApp.database.db
      .select({ id: declinations.id })
      .from(declinations)
      .where(eq(declinations.siteId, 92))
      .limit(1);
    await expect(
      testApp.database.db
        .update(declinations)
        // One figure set, another taken off: a half table whether the vintage had one or not.
        .set({ energyKj: 300, energyKcal: null })
        .where(and(eq(declinations.siteId, 92), eq(declinations.id, any!.id))),
    ).rejects.toThrow();
  });
});
