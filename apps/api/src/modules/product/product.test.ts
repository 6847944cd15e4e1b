import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitPriceCents } from '@comptoir/domain/cart';
import {
  awardSchema,
  customizationSchema,
  mealIconSchema,
  productFacetsSchema,
  productListSchema,
  productSchema,
  productSummarySchema,
  type ProductSummary,
} from '@comptoir/contract/product';
import { variationSchema } from '@comptoir/contract/variation';
import { declinations, productRecommendations, products } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { dropKeptCatalogue } from '.';
import { plainListVariant } from './product-routes';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
/** A published product of site 91, which site 92 must never show. */
let brochureProductId: number;
/** A published product of site 92 without any declination: nothing to buy, so not shown. */
let emptyProductId: number;
let percentDeclinationId: number;
const ids = new Map<string, number>();

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  for (const row of await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(eq(products.siteId, 92))) {
    ids.set(row.slug, row.id);
  }
  const [brochure] = await db
    .insert(products)
    .values({
      siteId: 91,
      type: 'OTHER',
      name: 'Carte cadeau',
      slug: 'carte-cadeau',
      tags: ['cadeau'],
    })
    .returning({ id: products.id });
  brochureProductId = brochure!.id;
  await db.insert(declinations).values({
    siteId: 91,
    productId: brochureProductId,
    priceCents: 5000,
    stock: 10,
  });
  const [empty] = await db
    .insert(products)
    .values({
      siteId: 92,
      type: 'WINE',
      name: 'Cuvée sans millésime',
      slug: 'cuvee-sans-millesime',
      tags: ['cadeau'],
    })
    .returning({ id: products.id });
  emptyProductId = empty!.id;
  const [percent] = await db
    .insert(declinations)
    .values({
      siteId: 92,
      productId: id('chenin-jeunes-vignes'),
      year: 2022,
      capacity: 75,
      capacityUnit: 'CENTILITRE',
      priceCents: 1999,
      discountType: 'PERCENT',
      discountAmount: 1250,
      stock: 6,
      position: 9,
    })
    .returning({ id: declinations.id });
  percentDeclinationId = percent!.id;
  // A recommendation of the draft: the draft must not show on the recommending page.
  await db.insert(productRecommendations).values({
    siteId: 92,
    productId: id('anjou-blanc-vieilles-vignes'),
    recommendedProductId: id('anjou-blanc-les-schistes-2024'),
    position: 9,
  });
});
afterAll(async () => {
  await testApp?.close();
});

function id(slug: string): number {
  const found = ids.get(slug);
  if (found === undefined) throw new Error(`No product ${slug} on site 92`);
  return found;
}

function get(siteId: number, url: string, query: Record<string, string> = {}) {
  return siteRequest(testApp.app, siteId, { method: 'GET', url, query });
}

async function list(query: Record<string, string> = {}, siteId = 92) {
  const response = await get(siteId, '/product', query);
  expect(response.statusCode, response.body).toBe(200);
  return productListSchema.parse(response.json().data);
}

const slugs = (items: readonly ProductSummary[]) => items.map((product) => product.slug);

describe('GET /product', () => {
  it("lists site 92's published products cheapest first, with their declinations", async () => {
    const { siteProducts, total } = await list();
    expect(total).toBe(29);
    expect(siteProducts).toHaveLength(29);
    const prices = siteProducts.map((product) => product.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The half bottle of Anjou rouge (5,90 €) is the cheapest thing the shop sells.
    expect(siteProducts[0]).toMatchObject({
      slug: 'anjou-rouge-les-trois-coteaux',
      priceCents: 590,
    });
    for (const product of siteProducts) {
      expect(product.declinations.length).toBeGreaterThan(0);
      expect(product.priceCents).toBe(
        Math.min(...product.declinations.map((declination) => declination.unitPriceCents)),
      );
    }
    expect(slugs(siteProducts)).not.toContain('anjou-blanc-les-schistes-2024');
    expect(slugs(siteProducts)).not.toContain('cuvee-sans-millesime');
  });

  it('describes each declination: vintage, capacity, stock, multiple and variation values', async () => {
    const { siteProducts } = await list({ name: 'Coteaux du Layon Tradition' });
    const layon = siteProducts[0]!;
    expect(layon).toMatchObject({
      type: 'WINE',
      subtype: 'BOTTLE',
      kind: 'SWEET',
      isDematerialized: false,
    });
    expect(
      layon.declinations.map(
        ({ year, capacity, capacityUnit, priceCents, quantity, setQuantity }) => ({
          year,
          capacity,
          capacityUnit,
          priceCents,
          quantity,
          setQuantity,
        }),
      ),
    ).toEqual([
      {
        year: 2022,
        capacity: 75,
        capacityUnit: 'CENTILITRE',
        priceCents: 1490,
        quantity: 60,
        setQuantity: true,
      },
      {
        year: 2022,
        capacity: 37.5,
        capacityUnit: 'CENTILITRE',
        priceCents: 890,
        quantity: 48,
        setQuantity: true,
      },
      {
        year: 2018,
        capacity: 75,
        capacityUnit: 'CENTILITRE',
        priceCents: 1890,
        quantity: 9,
        setQuantity: true,
      },
    ]);
    expect(layon.declinations[1]!.imageUrl).toBe(
      '/sites/92/products/coteaux-du-layon-tradition-demi.png',
    );

    const variations = variationSchema.array().parse((await get(92, '/variation')).json().data);
    const colour = variations.find((variation) => variation.name === 'Couleur')!;
    const white = colour.values.find((value) => value.name === 'Blanc')!;
    expect(layon.declinations[0]!.variations).toContainEqual({
      id: white.id,
      idVariation: colour.id,
    });
  });

  it('prices a discounted declination below its catalogue price, as the domain rule does', async () => {
    const { siteProducts } = await list({ name: 'Anjou Gamay Primeur' });
    expect(siteProducts[0]!.declinations[0]).toMatchObject({
      priceCents: 790,
      discountType: 'EURO',
      discountAmount: 100,
      unitPriceCents: 690,
    });
    const all = await list({ nbItem: '1000' });
    const declinationsSeen = all.siteProducts.flatMap((product) => product.declinations);
    const percent = declinationsSeen.find(
      (declination) => declination.id === percentDeclinationId,
    )!;
    // 12.5 % of 19,99 € is 2,49875 €: 2,50 € off.
    expect(percent.unitPriceCents).toBe(1749);
    for (const declination of declinationsSeen) {
      expect(declination.unitPriceCents).toBe(unitPriceCents(declination));
    }
  });

  it('pages with page and nbItem, 100 per page by default', async () => {
    const third = await list({ nbItem: '10', page: '3' });
    expect(third.total).toBe(29);
    expect(third.siteProducts).toHaveLength(9);
    const all = await list();
    expect(slugs(third.siteProducts)).toEqual(slugs(all.siteProducts.slice(20)));
    expect((await list({ nbItem: '10', page: '4' })).siteProducts).toEqual([]);
  });

  it('sorts by price descending, by name, or by the shop’s own order', async () => {
    const expensive = await list({ orderBy: '-price' });
    expect(expensive.siteProducts[0]).toMatchObject({
      slug: 'caisse-bois-prestige',
      priceCents: 16500,
    });
    const byName = slugs((await list({ orderBy: 'name' })).siteProducts);
    expect(byName.slice(0, 3)).toEqual([
      'anjou-blanc-les-schistes',
      'anjou-blanc-terres-noires',
      'anjou-blanc-vieilles-vignes',
    ]);
    expect(slugs((await list({ orderBy: '-name' })).siteProducts)).toEqual([...byName].reverse());
    expect(slugs((await list({ orderBy: 'position' })).siteProducts).slice(0, 2)).toEqual([
      'anjou-blanc-les-schistes',
      'anjou-blanc-vieilles-vignes',
    ]);
  });

  it('filters by kind, with or without an operator', async () => {
    const sweet = await list({ kind: 'SWEET' });
    expect(sweet.total).toBe(5);
    expect(sweet.siteProducts.every((product) => product.kind === 'SWEET')).toBe(true);
    const notRed = await list({ kind: 'df:RED' });
    expect(notRed.siteProducts.some((product) => product.kind === 'RED')).toBe(false);
    // Seven reds; the four products without a colour are not 'different from RED' either (SQL).
    expect(notRed.total).toBe(29 - 7 - 4);
    expect((await list({ kind: 'BLUE' })).total).toBe(0);
  });

  it('filters by name with the like operator and by type', async () => {
    const cremants = await list({ name: 'lk:crémant', orderBy: 'name' });
    expect(slugs(cremants.siteProducts)).toEqual([
      'cremant-de-loire-brut',
      'cremant-de-loire-extra-brut-millesime',
      'cremant-de-loire-rose',
    ]);
    expect(slugs((await list({ type: 'BOX', orderBy: 'price' })).siteProducts)).toEqual([
      'coffret-decouverte-du-layon',
      'carton-panache-rouge-et-rose',
      'caisse-bois-prestige',
    ]);
    expect((await list({ name: 'lk:100%_' })).total).toBe(0);
  });

  it('searches every word, accents ignored', async () => {
    expect(slugs((await list({ search: 'cremant brut', orderBy: 'name' })).siteProducts)).toEqual([
      'cremant-de-loire-brut',
      'cremant-de-loire-extra-brut-millesime',
    ]);
    // The wine by its name, and the box whose summary names « Savennières » (accents folded on
    // every field since decision 0128).
    expect(slugs((await list({ search: 'SAVENNIERES' })).siteProducts)).toEqual([
      'savennieres-clos-des-genets',
      'caisse-bois-prestige',
    ]);
    // The appellation and the summary are searched too.
    expect(slugs((await list({ search: 'Bonnezeaux' })).siteProducts)).toEqual([
      'bonnezeaux-selection-de-grains-nobles',
    ]);
    expect((await list({ search: 'tuffeau' })).total).toBe(1);
    expect((await list({ search: 'champagne' })).total).toBe(0);
  });

  it('keeps the products with any of the tags, combined with the other filters', async () => {
    const gifts = await list({ tags: 'cadeau,visite' });
    expect(
      gifts.siteProducts.every((product) =>
        product.tags.some((tag) => ['cadeau', 'visite'].includes(tag)),
      ),
    ).toBe(true);
    expect(slugs(gifts.siteProducts)).toContain('visite-de-cave-et-degustation-commentee');
    expect(gifts.total).toBe(8);
    const sparklingGifts = await list({ tags: 'cadeau', kind: 'SPARKLING' });
    expect(sparklingGifts.total).toBe(3);
  });

  it('keeps one shelf: a colour, the boxes or the other products (decision 0128)', async () => {
    const all = (await list()).siteProducts;
    const shelfOf = (product: ProductSummary) =>
      product.kind ?? (product.type === 'BOX' ? 'BOX' : 'OTHER');
    for (const category of ['RED', 'WHITE', 'ROSE', 'SWEET', 'SPARKLING', 'BOX', 'OTHER']) {
      const shelf = await list({ category });
      expect(slugs(shelf.siteProducts), category).toEqual(
        slugs(all.filter((product) => shelfOf(product) === category)),
      );
    }
    expect((await list({ category: 'BOX' })).total).toBe(3);
    expect((await list({ category: 'RED', tags: 'bio' })).siteProducts.every(
      (product) => product.kind === 'RED' && product.tags.includes('bio'),
    )).toBe(true);
    expect((await get(92, '/product', { category: 'BLUE' })).statusCode).toBe(400);
  });

  it('searches accents and case folded on every field, and the vintages (decision 0128)', async () => {
    // « rose » finds the rosés by their name, appellation or summary, whatever their accents.
    const roses = await list({ search: 'rose' });
    expect(roses.total).toBeGreaterThan(0);
    expect((await list({ search: 'ROSÉ' })).total).toBe(roses.total);
    expect((await list({ search: 'layon' })).total).toBeGreaterThan(0);
    // A vintage: the wines with a declination of that year.
    const vintage = await list({ search: '2022' });
    expect(vintage.total).toBeGreaterThan(0);
    for (const product of vintage.siteProducts) {
      expect(product.declinations.some((declination) => declination.year === 2022)).toBe(true);
    }
  });

  it('puts equal prices in the order of their names, and names in a reader’s order', async () => {
    const cheapest = (await list()).siteProducts;
    for (let index = 1; index < cheapest.length; index += 1) {
      const [before, after] = [cheapest[index - 1]!, cheapest[index]!];
      if (before.priceCents === after.priceCents) {
        expect(before.name.localeCompare(after.name, 'fr', { sensitivity: 'base' })).toBeLessThanOrEqual(0);
      }
    }
    const byName = (await list({ orderBy: 'name' })).siteProducts.map((product) => product.name);
    const collator = new Intl.Collator('fr', { sensitivity: 'base' });
    expect(byName).toEqual([...byName].sort(collator.compare));
  });

  it('shows each site only its own products', async () => {
    const brochure = await list({}, 91);
    expect(brochure.siteProducts.map((product) => product.id)).toEqual([brochureProductId]);
    expect(slugs((await list()).siteProducts)).not.toContain('carte-cadeau');
  });

  it.each([
    ['orderBy', 'cheapest'],
    ['page', '0'],
    ['nbItem', '1001'],
    ['search', 'x'.repeat(101)],
    ['tags', Array.from({ length: 21 }, (_, index) => `tag${index}`).join(',')],
  ])('refuses %s=%s with a 400 envelope', async (key, value) => {
    const response = await get(92, '/product', { [key]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: null });
    expect(response.json().errors[0].key).toMatch(new RegExp(`^${key}`));
  });
});

describe('GET /product/facets', () => {
  it('names the shelves that hold a product and counts the tags, most used first', async () => {
    const response = await get(92, '/product/facets');
    expect(response.statusCode, response.body).toBe(200);
    const facets = productFacetsSchema.parse(response.json().data);
    const all = (await list()).siteProducts;
    const shelves = new Set(
      all.map((product) => product.kind ?? (product.type === 'BOX' ? 'BOX' : 'OTHER')),
    );
    expect(facets.categories).toEqual(
      ['RED', 'WHITE', 'ROSE', 'SWEET', 'SPARKLING', 'BOX', 'OTHER'].filter((shelf) =>
        shelves.has(shelf as ProductSummary['kind'] & string),
      ),
    );
    const counts = new Map<string, number>();
    for (const product of all) {
      for (const tag of product.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    expect(new Map(facets.tags.map(({ tag, count }) => [tag, count]))).toEqual(counts);
    const ordered = facets.tags.map(({ count }) => count);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
    // The draft's and the product without declination's tags are not counted: only what shows.
    expect(facets.tags.find(({ tag }) => tag === 'cadeau')?.count).toBe(
      all.filter((product) => product.tags.includes('cadeau')).length,
    );
  });

  it('answers each site its own facets', async () => {
    const response = await get(91, '/product/facets');
    expect(response.json().data).toEqual({
      categories: ['OTHER'],
      tags: [{ tag: 'cadeau', count: 1 }],
    });
  });
});

describe('GET /product/:id', () => {
  it('returns a wine with its description, technical sheet, pairings and quantity discounts', async () => {
    const response = await get(92, `/product/${id('anjou-blanc-les-schistes')}`);
    expect(response.statusCode).toBe(200);
    const product = productSchema.parse(response.json().data);
    expect(product).toMatchObject({
      name: 'Anjou Blanc Les Schistes',
      appellation: 'Anjou',
      alcoholTenths: 125,
      priceCents: 1250,
      imageUrl: '/sites/92/products/anjou-blanc-les-schistes.png',
    });
    expect(product.description).toContain('schistes bleus');
    expect(
      product.declinations.map((declination) => [
        declination.year,
        declination.capacity,
        declination.capacityUnit,
      ]),
    ).toEqual([
      [2023, 75, 'CENTILITRE'],
      [2022, 75, 'CENTILITRE'],
      [2022, 1.5, 'LITER'],
    ]);
    expect(product.features[0]).toMatchObject({
      type: 'GRAPE_VARIETY',
      value: 'Chenin blanc',
      percent: 100,
    });
    expect(product.features.map((feature) => feature.type)).toContain('SERVING_TEMPERATURE');
    expect(product.mealIcons.map((icon) => icon.name)).toEqual([
      'Poissons',
      'Fruits de mer',
      'Fromages',
    ]);
    expect(
      product.decreasingDiscounts.map(({ minQuantity, discountType, discountAmount }) => [
        minQuantity,
        discountType,
        discountAmount,
      ]),
    ).toEqual([
      [6, 'PERCENT', 500],
      [12, 'PERCENT', 1000],
    ]);
  });

  it('marks the tasting ticket as dematerialized and free of shipping', async () => {
    const response = await get(92, `/product/${id('visite-de-cave-et-degustation-commentee')}`);
    expect(productSchema.parse(response.json().data)).toMatchObject({
      type: 'OTHER',
      isDematerialized: true,
      hasShippingFees: false,
      priceCents: 1500,
    });
  });

  it("answers 404 for an unknown id, a draft, a product without declination and another site's product", async () => {
    for (const [siteId, productId] of [
      [92, 999999],
      [92, id('anjou-blanc-les-schistes-2024')],
      [92, emptyProductId],
      [92, brochureProductId],
      [91, id('anjou-blanc-les-schistes')],
    ] as const) {
      const response = await get(siteId, `/product/${productId}`);
      expect(response.statusCode, `${siteId} ${productId}`).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        data: null,
        message: `Product ${productId} not found.`,
      });
    }
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])(
    'refuses the id %s with a 400 envelope',
    async (productId) => {
      const response = await get(92, `/product/${productId}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].key).toBe('id');
    },
  );
});

describe('GET /award', () => {
  it("lists a product's awards in order", async () => {
    const response = await get(92, '/award', { product: String(id('coteaux-du-layon-tradition')) });
    expect(response.statusCode).toBe(200);
    const awards = awardSchema.array().parse(response.json().data);
    expect(awards.map(({ name, distinction, year }) => [name, distinction, year])).toEqual([
      ['Concours Général Agricole de Paris', 'Médaille d’argent', 2023],
      ['Concours des Ligers', 'Médaille d’or', 2023],
    ]);
    expect(awards[1]!.imageUrl).toBe('/sites/92/awards/gold.svg');
  });

  it('answers an empty list for a product without awards', async () => {
    const response = await get(92, '/award', { product: String(id('grolleau-noir')) });
    expect(response.json()).toEqual({ success: true, data: [], message: null });
  });

  it("answers 404 for another site's product or a draft, and 400 without a product", async () => {
    expect(
      (await get(91, '/award', { product: String(id('coteaux-du-layon-tradition')) })).statusCode,
    ).toBe(404);
    expect(
      (await get(92, '/award', { product: String(id('anjou-blanc-les-schistes-2024')) }))
        .statusCode,
    ).toBe(404);
    const missing = await get(92, '/award');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].key).toBe('product');
  });
});

describe('GET /v2/product/recommended/:id', () => {
  it('returns the recommended products in order in data.products', async () => {
    const response = await get(92, `/v2/product/recommended/${id('anjou-blanc-les-schistes')}`);
    expect(response.statusCode).toBe(200);
    const recommended = productSummarySchema.array().parse(response.json().data.products);
    expect(slugs(recommended)).toEqual([
      'savennieres-clos-des-genets',
      'cremant-de-loire-brut',
      'coteaux-du-layon-tradition',
    ]);
    expect(recommended[0]!.declinations.length).toBeGreaterThan(0);
  });

  it('leaves out a recommended product that is not published', async () => {
    const response = await get(92, `/v2/product/recommended/${id('anjou-blanc-vieilles-vignes')}`);
    expect(slugs(response.json().data.products)).toEqual([
      'anjou-blanc-les-schistes',
      'savennieres-clos-des-genets',
    ]);
  });

  it("answers an empty list for a product without recommendations and 404 for another site's", async () => {
    const none = await get(92, `/v2/product/recommended/${id('grolleau-noir')}`);
    expect(none.json().data).toEqual({ products: [] });
    expect(
      (await get(91, `/v2/product/recommended/${id('anjou-blanc-les-schistes')}`)).statusCode,
    ).toBe(404);
  });
});

describe('GET /parameter/product/meal-icon', () => {
  it("lists the site's food-pairing pictograms in order", async () => {
    const response = await get(92, '/parameter/product/meal-icon');
    expect(response.statusCode).toBe(200);
    const icons = mealIconSchema.array().parse(response.json().data);
    expect(icons.map((icon) => icon.name)).toEqual([
      'Poissons',
      'Fruits de mer',
      'Volailles',
      'Viandes rouges',
      'Charcuterie',
      'Fromages',
      'Desserts',
      'Cuisine épicée',
    ]);
    expect(icons[0]!.imageUrl).toBe('/sites/92/meal-icons/poissons.svg');
  });

  it('answers an empty list for a site without a shop', async () => {
    expect((await get(91, '/parameter/product/meal-icon')).json().data).toEqual([]);
  });
});

describe('GET /product/:id/customization', () => {
  async function customizations(slug: string) {
    const response = await get(92, `/product/${id(slug)}/customization`);
    expect(response.statusCode, response.body).toBe(200);
    return customizationSchema.array().parse(response.json().data);
  }

  it('returns an engraving with its character tiers, then the gift wrapping', async () => {
    const [engraving, giftWrap] = await customizations('anjou-rouge-les-trois-coteaux');
    expect(engraving).toMatchObject({
      type: 'SIMPLE',
      inputType: 'TEXT',
      label: 'Gravure sur la bouteille',
      maxLength: 40,
      formId: null,
    });
    expect(
      engraving!.customizationValues.map(({ textNumberOfChar, costType, amount }) => [
        textNumberOfChar,
        costType,
        amount,
      ]),
    ).toEqual([
      [1, 'NONE', 0],
      [10, 'EURO', 500],
      [20, 'EURO', 800],
      [30, 'EURO', 1200],
    ]);
    expect(giftWrap).toMatchObject({ inputType: 'CHECKBOX', isRequired: false });
    expect(giftWrap!.customizationValues).toMatchObject([{ costType: 'EURO', amount: 350 }]);
  });

  it('returns a select with its keys, in euros and in percent', async () => {
    const [presentation] = await customizations('coteaux-du-layon-tradition');
    expect(presentation).toMatchObject({ inputType: 'SELECT', isRequired: true });
    expect(
      presentation!.customizationValues.map(({ selectKey, costType, amount }) => [
        selectKey,
        costType,
        amount,
      ]),
    ).toEqual([
      ['ETUI_CARTON', 'NONE', 0],
      ['COFFRET_BOIS', 'EURO', 650],
      ['COFFRET_GRAVE', 'PERCENT', 2500],
    ]);
  });

  it("returns a dynamic form's file question with the site form it asks", async () => {
    const [label] = await customizations('cuvee-votre-etiquette');
    expect(label).toMatchObject({ type: 'DYNAMIC_FORM', inputType: 'FILE', isRequired: true });
    const form = await get(92, `/forms/${label!.formId}`);
    expect(form.statusCode).toBe(200);
    expect(form.json().data.title).toBe('Votre étiquette personnalisée');
  });

  it('answers an empty list for a product without customization', async () => {
    expect(await customizations('grolleau-noir')).toEqual([]);
  });

  it("answers 404 for another site's product or a draft", async () => {
    expect(
      (await get(91, `/product/${id('anjou-rouge-les-trois-coteaux')}/customization`)).statusCode,
    ).toBe(404);
    expect((await get(92, `/product/${brochureProductId}/customization`)).statusCode).toBe(404);
  });
});

describe('catalogue constraints', () => {
  const db = () => testApp.database.db;
  const productId = () => id('grolleau-noir');

  it.each([
    ['a negative stock', { stock: -1 }],
    ['a negative price', { priceCents: -100 }],
    ['a sales multiple of 0', { sellByMultipleOf: 0 }],
    ['a discount above 100 %', { discountType: 'PERCENT' as const, discountAmount: 10001 }],
    ['a capacity without unit', { capacity: 75 }],
  ])('refuses a declination with %s', async (_, values) => {
    await expect(
      db()
        .insert(declinations)
        .values({ siteId: 92, productId: productId(), priceCents: 1000, ...values }),
    ).rejects.toThrow();
  });

  it("refuses a declination that points at another site's product", async () => {
    await expect(
      db().insert(declinations).values({ siteId: 91, productId: productId(), priceCents: 1000 }),
    ).rejects.toThrow();
  });

  it('refuses a stock update below zero and keeps the stock', async () => {
    const where = and(eq(declinations.siteId, 92), eq(declinations.productId, productId()));
    await expect(db().update(declinations).set({ stock: -5 }).where(where)).rejects.toThrow();
    const [row] = await db().select({ stock: declinations.stock }).from(declinations).where(where);
    expect(row?.stock).toBe(72);
  });
});

describe('the catalogue’s kept bodies', () => {
  it('answers the plain list and a product from a kept body, with an ETag and 304, until the catalogue changes', async () => {
    const wine = id('chenin-jeunes-vignes');
    const first = await get(92, '/product', { nbItem: '100' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/product',
      query: { nbItem: '100' },
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    // A filtered list is answered afresh: no kept body, no ETag.
    expect((await get(92, '/product', { kind: 'WHITE' })).headers.etag).toBeUndefined();

    const stockOf = async () =>
      productSchema
        .parse((await get(92, `/product/${wine}`)).json().data)
        .declinations.find((declination) => declination.id === percentDeclinationId)!.quantity;
    expect(await stockOf()).toBe(6);
    await testApp.database.db
      .update(declinations)
      .set({ stock: 2 })
      .where(eq(declinations.id, percentDeclinationId));
    // Kept until told: a write of the catalogue goes through catalogueChanged, which drops them.
    expect(await stockOf()).toBe(6);
    dropKeptCatalogue(testApp.app.siteCache, 92);
    expect(await stockOf()).toBe(2);
    const fresh = await get(92, '/product', { nbItem: '100' });
    expect(fresh.headers.etag).not.toBe(etag);

    await testApp.database.db
      .update(declinations)
      .set({ stock: 6 })
      .where(eq(declinations.id, percentDeclinationId));
    dropKeptCatalogue(testApp.app.siteCache, 92);
  });

  it('keeps only the first pages of the unfiltered list', () => {
    expect(plainListVariant({})).toBe('list:1::');
    expect(plainListVariant({ page: 2, nbItem: 12, orderBy: 'name' })).toBe('list:2:12:name');
    expect(plainListVariant({ page: 21 })).toBeNull();
    expect(plainListVariant({ search: 'chenin' })).toBeNull();
    expect(plainListVariant({ tags: ['bio'] })).toBeNull();
    expect(plainListVariant({ name: 'Anjou' })).toBeNull();
  });
});
