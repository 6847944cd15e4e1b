import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bottlesInBox } from '@comptoir/domain/delivery';
import { capacityInLitres } from '@comptoir/domain/catalogue';
import { capacityLabel } from '@comptoir/domain/product-display';
import { slugify } from '@comptoir/domain/slug';
import {
  declinationImageUrl,
  MEAL_ICONS,
  mealIconUrl,
  medalImageUrl,
  productImageUrl,
  site92Catalogue,
} from './catalogue-92';

const publicDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/public',
);
const published = site92Catalogue.filter((product) => product.isPublished ?? true);
const wines = published.filter((product) => product.type === 'WINE');
const allDeclinations = published.flatMap((product) =>
  product.declinations.map((declination) => ({ product, declination })),
);

describe("site 92's seeded catalogue", () => {
  it('sells at least 24 wines of every colour, sweet and sparkling', () => {
    expect(wines.length).toBeGreaterThanOrEqual(24);
    for (const kind of ['WHITE', 'RED', 'ROSE', 'SWEET', 'SPARKLING']) {
      expect(
        wines.some((wine) => wine.kind === kind),
        kind,
      ).toBe(true);
    }
  });

  it('offers 75 cl bottles, 37.5 cl halves and 150 cl magnums, and several vintages of a wine', () => {
    const litres = new Set(
      allDeclinations
        .filter(({ product }) => product.type === 'WINE')
        .map(({ declination }) =>
          capacityInLitres(declination.capacity!, declination.capacityUnit!),
        ),
    );
    expect([...litres].sort()).toEqual([0.375, 0.75, 1.5]);
    expect(
      wines.some(
        (wine) => new Set(wine.declinations.map((declination) => declination.year)).size > 1,
      ),
    ).toBe(true);
  });

  it('has low stocks, a sold-out wine, a wine sold by six and a dematerialized ticket', () => {
    const stocks = allDeclinations.map(({ declination }) => declination.stock);
    expect(stocks.some((stock) => stock > 0 && stock <= 5)).toBe(true);
    expect(
      published.some((product) =>
        product.declinations.every((declination) => declination.stock === 0),
      ),
    ).toBe(true);
    expect(
      wines.some((wine) =>
        wine.declinations.some(({ sellByMultipleOf }) => sellByMultipleOf === 6),
      ),
    ).toBe(true);
    expect(published.some((product) => product.isDematerialized && product.type === 'OTHER')).toBe(
      true,
    );
  });

  it('sells its boxes of three and six bottles one at a time, in stock, named as cartons', () => {
    const boxes = allDeclinations.filter(({ product }) => product.type === 'BOX');
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    for (const { product, declination } of boxes) {
      expect(declination.sellByMultipleOf ?? 1, product.name).toBe(1);
      expect(declination.stock, product.name).toBeGreaterThan(0);
      expect(capacityLabel(declination, 'BOX'), product.name).toMatch(/^Carton de \d+ bouteilles$/);
    }
    expect(
      boxes.map(({ declination }) => bottlesInBox(declination.capacity, declination.capacityUnit)),
    ).toEqual(expect.arrayContaining([3, 6]));
  });

  it('has every kind of customization and every cost type', () => {
    const customizations = published.flatMap((product) => product.customizations ?? []);
    expect(new Set(customizations.map((customization) => customization.inputType))).toEqual(
      new Set(['TEXT', 'SELECT', 'CHECKBOX', 'FILE']),
    );
    expect(customizations.some((customization) => customization.type === 'DYNAMIC_FORM')).toBe(
      true,
    );
    expect(
      new Set(
        customizations.flatMap((customization) =>
          customization.values.map((value) => value.costType),
        ),
      ),
    ).toEqual(new Set(['NONE', 'EURO', 'PERCENT']));
  });

  it('names each product once, so that slugs are unique', () => {
    const names = site92Catalogue.map((product) => slugify(product.name));
    expect(new Set(names).size).toBe(names.length);
  });

  it('has an image file for every product, declination, medal and pictogram it refers to', () => {
    const urls = new Set<string>();
    for (const product of site92Catalogue) {
      urls.add(productImageUrl(product));
      for (const declination of product.declinations)
        urls.add(declinationImageUrl(product, declination));
      for (const award of product.awards ?? []) urls.add(medalImageUrl(award.medal));
    }
    for (const icon of MEAL_ICONS) urls.add(mealIconUrl(icon.file));
    for (const url of urls) expect(existsSync(path.join(publicDir, url)), url).toBe(true);
  });
});
