import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NutritionLabel } from './nutrition-label';

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

describe('the nutrition label of a vintage', () => {
  it('shows the energy in sight and the whole table per 100 ml, with a caption and scoped headers', () => {
    const html = renderToStaticMarkup(
      <NutritionLabel label={{ declinationId: 1, nutrition: dryWhite, ingredients: [] }} />,
    );
    expect(html).toContain('<summary');
    expect(html).toContain('301 kJ / 72 kcal pour 100 ml');
    expect(html).toContain('<caption>Déclaration nutritionnelle, pour 100 ml</caption>');
    expect(html).toContain('<th scope="col">Pour 100 ml</th>');
    expect(html.match(/<th scope="row"/g)).toHaveLength(7);
    expect(html).toMatch(/dont sucres<\/th><td>0,2 g<\/td>/);
    expect(html).toMatch(/Sel<\/th><td>0,01 g<\/td>/);
    expect(html).not.toContain('Ingrédients');
  });

  it('lists the ingredients in order with the allergens in bold', () => {
    const html = renderToStaticMarkup(
      <NutritionLabel
        label={{
          declinationId: 1,
          nutrition: null,
          ingredients: [
            { role: null, name: 'raisins', allergen: false },
            { role: 'conservateur', name: 'sulfites', allergen: true },
            { role: 'correcteur d’acidité', name: 'acide tartrique', allergen: false },
          ],
        }}
      />,
    );
    expect(html).not.toContain('<table');
    const text = html.replace(/<(?!\/?strong)[^>]+>/g, '');
    expect(text).toBe(
      'Ingrédients : raisins, conservateur : <strong>sulfites</strong>, correcteur d’acidité : acide tartrique.',
    );
  });
});
