import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_SHEET_NOT_FOUND_MESSAGE,
  productSchema,
  productSheetPath,
  type Product,
} from '@comptoir/contract/product';
import { formatPrice } from '@comptoir/domain/money';
import {
  DEFAULT_ALCOHOL_MESSAGE,
  capacityLabel,
  priceView,
} from '@comptoir/domain/product-display';
import { awards, declinations, products, siteParameters, sites } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { readPdf, spaced } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';
import { publicImageFile } from './product-sheet-service';
import { descriptionParagraphs, pdfText } from './product-sheet-text';

let testApp: TestApp;
/** Every published product of site 92, as the product page reads them. */
let catalogue: Product[];
let draftId: number;
/** A product of site 91 (not a winemaker), which site 92 must never draw. */
let brochureProductId: number;
let brochureDeclinationId: number;

function sheet(siteId: number, path: string) {
  return siteRequest(testApp.app, siteId, { method: 'GET', url: path });
}

function expectNotFound(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(404);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({
    success: false,
    data: null,
    message: PRODUCT_SHEET_NOT_FOUND_MESSAGE,
  });
}

async function expectPdf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return readPdf(response.rawPayload);
}

async function setParameter(siteId: number, type: string, value: string | null) {
  const db = testApp.database.db;
  const updated = await db
    .update(siteParameters)
    .set({ value })
    .where(and(eq(siteParameters.siteId, siteId), eq(siteParameters.type, type)))
    .returning({ id: siteParameters.id });
  if (updated.length === 0) {
    await db.insert(siteParameters).values({
      siteId,
      type,
      kind: value === 'true' || value === 'false' ? 'BOOLEAN' : 'STRING',
      label: type,
      value,
    });
  }
  testApp.app.siteCache.invalidateSite(siteId);
}

/** The published product that shows the most of the sheet: awards, features, several formats. */
function richest(): Product {
  return [...catalogue].sort(
    (a, b) =>
      b.features.length +
      b.mealIcons.length +
      b.declinations.length -
      (a.features.length + a.mealIcons.length + a.declinations.length),
  )[0]!;
}

beforeAll(async () => {
  testApp = await createTestApp({ productSheetPerIp: { max: 10_000, timeWindowMs: 60_000 } });
  const db = testApp.database.db;
  const list = await siteRequest(testApp.app, 92, { method: 'GET', url: '/product?nbItem=100' });
  catalogue = [];
  for (const summary of list.json().data.siteProducts as Array<{ id: number }>) {
    const detail = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: `/product/${summary.id}`,
    });
    catalogue.push(productSchema.parse(detail.json().data));
  }
  const [draft] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.siteId, 92), eq(products.isPublished, false)));
  draftId = draft!.id;

  const slug = `sheet-${randomBytes(4).toString('hex')}`;
  const [brochure] = await db
    .insert(products)
    .values({ siteId: 91, type: 'OTHER', name: 'Carte cadeau soin', slug })
    .returning({ id: products.id });
  brochureProductId = brochure!.id;
  const [declination] = await db
    .insert(declinations)
    .values({ siteId: 91, productId: brochureProductId, priceCents: 4500, stock: 10 })
    .returning({ id: declinations.id });
  brochureDeclinationId = declination!.id;
});
afterAll(async () => {
  await testApp?.close();
});

describe('GET /product/generate/file/{id}', () => {
  it('draws an A4 French sheet with the site, name, vintage, price, features and the alcohol message', async () => {
    const product = richest();
    const response = await sheet(92, productSheetPath(product.id));
    const pdf = await expectPdf(response);
    const [site] = await testApp.database.db.select().from(sites).where(eq(sites.id, 92));

    expect(pdf.language).toBe('fr-FR');
    // The product's picture is drawn (an image XObject; dictionaries are not compressed).
    expect(response.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect(pdf.title).toContain(product.name);
    expect(pdf.text).toContain(site!.name);
    expect(pdf.text).toContain(product.name);
    const first = product.declinations[0]!;
    expect(pdf.text).toContain(String(first.year));
    // Every vintage and format with its price in euros, two decimals.
    for (const declination of product.declinations) {
      expect(pdf.text).toContain(spaced(formatPrice(declination.unitPriceCents)));
      expect(pdf.text).toContain(spaced(capacityLabel(declination)!));
    }
    for (const feature of product.features.filter((entry) => entry.type !== 'GRAPE_VARIETY')) {
      expect(pdf.text).toContain(spaced(pdfText(feature.value)));
    }
    const grapes = product.features.filter((entry) => entry.type === 'GRAPE_VARIETY');
    for (const grape of grapes) expect(pdf.text).toContain(`${grape.value} (${grape.percent} %)`);
    for (const icon of product.mealIcons) expect(pdf.text).toContain(icon.name);
    for (const paragraph of descriptionParagraphs(product.description)) {
      expect(pdf.text).toContain(spaced(paragraph).slice(0, 40));
    }
    // The message of the site's ALCOHOL_MESSAGE parameter, on every page.
    for (const page of pdf.pageTexts) expect(page).toContain(DEFAULT_ALCOHOL_MESSAGE);
  });

  it('names the file after the product, in ASCII, shown inline and never kept by a shared cache', async () => {
    const product = richest();
    const response = await sheet(92, productSheetPath(product.id));
    const disposition = response.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^inline; filename="fiche-[a-z0-9-]+\.pdf"; filename\*=UTF-8''/);
    expect(disposition).toContain(product.slug);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toMatch(/^private/);
  });

  it('puts on top the first declination that can be bought, not one with fewer left than its multiple', async () => {
    const db = testApp.database.db;
    const [product] = await db
      .insert(products)
      .values({
        siteId: 92,
        type: 'BOX',
        name: 'Caisse de six',
        slug: `caisse-${randomBytes(4).toString('hex')}`,
      })
      .returning({ id: products.id });
    // Sold by 6: the 2021 box has 4 left, which no quantity the cart takes fits in.
    await db.insert(declinations).values([
      {
        siteId: 92,
        productId: product!.id,
        year: 2021,
        priceCents: 5400,
        stock: 4,
        sellByMultipleOf: 6,
      },
      {
        siteId: 92,
        productId: product!.id,
        year: 2022,
        priceCents: 5600,
        stock: 12,
        sellByMultipleOf: 6,
      },
    ]);
    const response = await sheet(92, productSheetPath(product!.id));
    await expectPdf(response);
    expect(response.headers['content-disposition']).toMatch(
      /filename="fiche-caisse-[a-z0-9]+-2022\.pdf"/,
    );
  });

  it('lists every award with its distinction, competition and year', async () => {
    const db = testApp.database.db;
    const rows = await db.select().from(awards).where(eq(awards.siteId, 92));
    const awarded = catalogue.find((product) => rows.some((row) => row.productId === product.id));
    expect(awarded, 'the seed has an awarded wine').toBeDefined();
    const pdf = await expectPdf(await sheet(92, productSheetPath(awarded!.id)));
    expect(pdf.text).toContain('Récompenses');
    for (const award of rows.filter((row) => row.productId === awarded!.id)) {
      expect(pdf.text).toContain(spaced(pdfText(award.distinction)));
      expect(pdf.text).toContain(spaced(pdfText(award.name)));
    }
  });

  it('shows a discount with the struck price and the percentage, the percentage hidden by HIDE_DISCOUNT_PERCENTAGE', async () => {
    const product = catalogue.find((candidate) =>
      candidate.declinations.some(
        (declination) => declination.unitPriceCents < declination.priceCents,
      ),
    );
    expect(product, 'the seed has a discounted wine').toBeDefined();
    const declination = product!.declinations.find(
      (candidate) => candidate.unitPriceCents < candidate.priceCents,
    )!;
    const view = priceView(declination, { hidePrices: false, hideDiscountPercentage: false })!;
    expect(view.badge).not.toBeNull();

    const shown = await expectPdf(await sheet(92, productSheetPath(product!.id, declination.id)));
    expect(shown.text).toContain(spaced(formatPrice(declination.unitPriceCents)));
    expect(shown.text).toContain(spaced(formatPrice(declination.priceCents)));
    expect(shown.text).toContain(spaced(pdfText(view.badge!)));

    await setParameter(92, 'HIDE_DISCOUNT_PERCENTAGE', 'true');
    try {
      const hidden = await expectPdf(
        await sheet(92, productSheetPath(product!.id, declination.id)),
      );
      expect(hidden.text).toContain(spaced(formatPrice(declination.priceCents)));
      expect(hidden.text).not.toContain(spaced(pdfText(view.badge!)));
    } finally {
      await setParameter(92, 'HIDE_DISCOUNT_PERCENTAGE', null);
    }
  });

  it('shows no price at all when the site hides its prices (HIDE_PRICES)', async () => {
    const product = richest();
    await setParameter(92, 'HIDE_PRICES', 'true');
    try {
      const pdf = await expectPdf(await sheet(92, productSheetPath(product.id)));
      expect(pdf.text).toContain(product.name);
      expect(pdf.text).not.toContain('€');
      expect(pdf.text).not.toContain('Prix TTC');
    } finally {
      await setParameter(92, 'HIDE_PRICES', null);
    }
  });

  it('uses the site’s own prevention wording, and none on a site that is not a winemaker', async () => {
    const product = richest();
    const wording =
      'L’abus d’alcool est dangereux pour la santé. Sachez apprécier et consommer avec modération.';
    const [original] = await testApp.database.db
      .select({ value: siteParameters.value })
      .from(siteParameters)
      .where(and(eq(siteParameters.siteId, 92), eq(siteParameters.type, 'ALCOHOL_MESSAGE')));
    await setParameter(92, 'ALCOHOL_MESSAGE', wording);
    try {
      const pdf = await expectPdf(await sheet(92, productSheetPath(product.id)));
      expect(pdf.text).toContain(wording);
    } finally {
      await setParameter(92, 'ALCOHOL_MESSAGE', original?.value ?? null);
    }

    const brochure = await expectPdf(await sheet(91, productSheetPath(brochureProductId)));
    expect(brochure.text).toContain('Carte cadeau soin');
    expect(brochure.text).toContain(spaced(formatPrice(4500)));
    expect(brochure.text).not.toContain('alcool');
  });

  it('lays the sheet out without a picture when the file is missing', async () => {
    const db = testApp.database.db;
    const [product] = await db
      .insert(products)
      .values({
        siteId: 92,
        type: 'WINE',
        name: 'Cuvée sans étiquette',
        slug: `sans-etiquette-${randomBytes(4).toString('hex')}`,
        imageUrl: '/sites/92/products/introuvable.png',
      })
      .returning({ id: products.id });
    await db.insert(declinations).values({
      siteId: 92,
      productId: product!.id,
      year: 2024,
      capacity: 75,
      capacityUnit: 'CENTILITRE',
      priceCents: 1475,
      stock: 12,
      imageUrl: '/../../../etc/passwd',
    });
    const response = await sheet(92, productSheetPath(product!.id));
    const pdf = await expectPdf(response);
    expect(response.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
    expect(pdf.text).toContain('Cuvée sans étiquette');
    expect(pdf.text).toContain(spaced(formatPrice(1475)));
  });
  it('runs a long description over several pages, each with the site, the message and its number', async () => {
    const db = testApp.database.db;
    const paragraph =
      'Les vignes plongent leurs racines dans les schistes bleus ; la vendange est triée à la main, grappe après grappe, avant un pressurage lent qui garde toute la fraîcheur du fruit.';
    const [product] = await db
      .insert(products)
      .values({
        siteId: 92,
        type: 'WINE',
        name: 'Cuvée bavarde',
        slug: `bavarde-${randomBytes(4).toString('hex')}`,
        description: Array.from(
          { length: 40 },
          (_, index) => `<p>${index + 1}. ${paragraph}</p>`,
        ).join(''),
      })
      .returning({ id: products.id });
    await db.insert(declinations).values({
      siteId: 92,
      productId: product!.id,
      year: 2022,
      capacity: 75,
      capacityUnit: 'CENTILITRE',
      priceCents: 1890,
      stock: 6,
    });
    const pdf = await expectPdf(await sheet(92, productSheetPath(product!.id)));
    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    const [site] = await db.select().from(sites).where(eq(sites.id, 92));
    pdf.pageTexts.forEach((page, index) => {
      expect(page).toContain(site!.name);
      expect(page).toContain(DEFAULT_ALCOHOL_MESSAGE);
      expect(page).toContain(`page ${index + 1} sur ${pdf.pages}`);
    });
    // Nothing is lost between pages: the first and the last paragraph are both there.
    expect(pdf.text).toContain('1. Les vignes');
    expect(pdf.text).toContain('40. Les vignes');
  });
});

describe('the label on the sheet (decision 0102)', () => {
  it('shows the vintage’s nutrition declaration, its ingredients and the ethylotest message when NUTRITIONAL_TABLE is on', async () => {
    const product = catalogue.find((candidate) =>
      candidate.labels.some((label) => label.nutrition),
    )!;
    const label = product.labels.find((candidate) => candidate.nutrition)!;
    const path = productSheetPath(product.id, label.declinationId);
    const pdf = await expectPdf(await sheet(92, path));
    expect(pdf.text).toContain('Déclaration nutritionnelle (pour 100 ml)');
    expect(pdf.text).toContain(
      `${label.nutrition!.energyKj} kJ / ${label.nutrition!.energyKcal} kcal`,
    );
    expect(pdf.text).toContain('dont sucres');
    expect(pdf.text).toContain('conservateur : SULFITES');
    // The QR code of the vintage's public e-label page, and its address written out (0109).
    expect(pdf.text).toContain('Étiquette électronique');
    expect(pdf.text.replace(/\s+/g, '')).toContain(`/e-label/${label.declinationId}`);
    for (const page of pdf.pageTexts) {
      expect(page).toContain(DEFAULT_ALCOHOL_MESSAGE);
      expect(page).toContain('pensez à l’éthylotest');
    }

    await setParameter(92, 'NUTRITIONAL_TABLE', 'false');
    await setParameter(92, 'ETHYLOTEST_MESSAGE', null);
    try {
      const without = await expectPdf(await sheet(92, path));
      expect(without.text).not.toContain('Déclaration nutritionnelle');
      expect(without.text).not.toContain('SULFITES');
      expect(without.text).not.toContain('éthylotest');
      expect(without.text).not.toContain('Étiquette électronique');
      expect(without.text).toContain(DEFAULT_ALCOHOL_MESSAGE);
    } finally {
      await setParameter(92, 'NUTRITIONAL_TABLE', 'true');
      await setParameter(
        92,
        'ETHYLOTEST_MESSAGE',
        'Avant de prendre le volant, pensez à l’éthylotest : au-delà de 0,5 g d’alcool par litre de sang, on ne conduit pas.',
      );
    }
  });
});

describe('GET /product/generate/file/{id}/{declinationId}', () => {
  it('draws the chosen vintage and format with its own price', async () => {
    const product = catalogue.find((candidate) => candidate.declinations.length > 1)!;
    const declination = product.declinations.at(-1)!;
    const pdf = await expectPdf(await sheet(92, productSheetPath(product.id, declination.id)));
    expect(pdf.text).toContain(product.name);
    expect(pdf.text).toContain(spaced(capacityLabel(declination)!));
    expect(pdf.text).toContain(spaced(formatPrice(declination.unitPriceCents)));
    // The sheet of one declination does not list the others.
    expect(pdf.text).not.toContain('Millésimes et formats');
  });

  it('answers 404 for a declination of another product', async () => {
    const [one, two] = catalogue;
    expectNotFound(await sheet(92, productSheetPath(one!.id, two!.declinations[0]!.id)));
  });

  it('answers 404 for a declination that does not exist', async () => {
    expectNotFound(await sheet(92, productSheetPath(catalogue[0]!.id, 2_000_000_000)));
  });

  it('answers 404 for another site’s product and declination', async () => {
    expectNotFound(await sheet(92, productSheetPath(brochureProductId, brochureDeclinationId)));
    const wine = catalogue[0]!;
    expectNotFound(await sheet(91, productSheetPath(wine.id, wine.declinations[0]!.id)));
  });
});

describe('product sheets that do not exist', () => {
  it('answers 404 for an unknown product, a draft and another site’s product', async () => {
    expectNotFound(await sheet(92, productSheetPath(2_000_000_000)));
    expectNotFound(await sheet(92, productSheetPath(draftId)));
    expectNotFound(await sheet(92, productSheetPath(brochureProductId)));
    expectNotFound(await sheet(91, productSheetPath(catalogue[0]!.id)));
  });

  it('refuses ids that are not positive int4 with a 400', async () => {
    for (const path of [
      '/product/generate/file/abc',
      '/product/generate/file/0',
      '/product/generate/file/2147483648',
      `/product/generate/file/${catalogue[0]!.id}/-1`,
    ]) {
      const response = await sheet(92, path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json()).toMatchObject({ success: false, data: null });
    }
  });
});

describe('limit per client address', () => {
  it('answers 429 with a French message past the sheets an address may draw', async () => {
    const limited = await createTestApp({ productSheetPerIp: { max: 2, timeWindowMs: 60_000 } });
    try {
      const product = richest();
      const from = (ip: string) => ({
        method: 'GET' as const,
        url: productSheetPath(product.id),
        headers: { 'x-forwarded-for': ip },
      });
      expect((await siteRequest(limited.app, 92, from('198.51.100.20'))).statusCode).toBe(200);
      expect((await siteRequest(limited.app, 92, from('198.51.100.20'))).statusCode).toBe(200);
      const refused = await siteRequest(limited.app, 92, from('198.51.100.20'));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/Réessayez/);
      expect((await siteRequest(limited.app, 92, from('198.51.100.21'))).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('sheet text', () => {
  it('maps what the standard PDF fonts cannot draw to the closest character', () => {
    expect(pdfText('1\u202f250,00\u00a0€')).toBe('1\u00a0250,00\u00a0€');
    expect(pdfText('−10 %')).toBe('–10 %');
    expect(pdfText('Château « Œuvre » l’été…')).toBe('Château « Œuvre » l’été…');
    expect(pdfText('Santé 🍷 Dvořák')).toBe('Santé  Dvorák');
  });

  it('turns the description’s rich text into plain paragraphs', () => {
    expect(
      descriptionParagraphs(
        '<p>Vin <strong>ample</strong> &amp; frais<br>sur le fruit.</p><script>alert(1)</script><ul><li>Poire</li><li>Coing</li></ul>',
      ),
    ).toEqual(['Vin ample & frais\nsur le fruit.', '• Poire\n• Coing']);
    expect(descriptionParagraphs(null)).toEqual([]);
  });

  it('reads a picture from the public folder only', () => {
    expect(publicImageFile('/sites/92/products/a.png', '/srv/public')).toBe(
      '/srv/public/sites/92/products/a.png',
    );
    expect(publicImageFile('/sites/../../etc/passwd', '/srv/public')).toBeNull();
    expect(publicImageFile('https://example.com/a.png', '/srv/public')).toBeNull();
    expect(publicImageFile('/sites/92/%2e%2e/a.png', '/srv/public')).toBeNull();
    expect(publicImageFile(null, '/srv/public')).toBeNull();
  });
});
