import { describe, expect, it } from 'vitest';
import { jsonLdScriptText, productJsonLd } from './product-json-ld';
import { testDeclination, testProduct } from './test-product';

const product = testProduct(7, {
  name: 'Savennières Clos des Genêts',
  summary: 'Un chenin sec de grande garde.',
  declinations: [
    testDeclination(71, { unitPriceCents: 1850, priceCents: 1850 }),
    testDeclination(72, { capacity: 150, unitPriceCents: 3900, priceCents: 3900, quantity: 0 }),
    // Sold by 6 with 4 left: no quantity can be bought.
    testDeclination(73, { capacity: 37.5, quantity: 4, sellByMultipleOf: 6 }),
  ],
});

const input = {
  product,
  awards: [
    {
      id: 1,
      productId: 7,
      name: 'Concours des Ligers',
      distinction: 'Médaille d’or',
      year: 2024,
      imageUrl: null,
    },
  ],
  url: 'https://vins.example/nos-vins/cuvee-7-7',
  imageUrl: 'https://vins.example/sites/92/products/cuvee-7.png',
  sellerName: 'Domaine des Trois Coteaux',
  settings: { hidePrices: false, useStock: true },
};

describe('productJsonLd', () => {
  it('describes the product with one offer per declination, price in euros and availability', () => {
    const data = productJsonLd(input);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Savennières Clos des Genêts',
      description: 'Un chenin sec de grande garde.',
      image: ['https://vins.example/sites/92/products/cuvee-7.png'],
      award: ['Médaille d’or – Concours des Ligers – 2024'],
    });
    expect(data.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        name: '2022 · Bouteille 75 cl',
        price: '18.50',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
      }),
      expect.objectContaining({
        name: '2022 · Magnum 150 cl',
        price: '39.00',
        availability: 'https://schema.org/OutOfStock',
      }),
      expect.objectContaining({ sku: '73', availability: 'https://schema.org/OutOfStock' }),
    ]);
  });

  it('offers no price when the site hides its prices', () => {
    expect(
      productJsonLd({ ...input, settings: { hidePrices: true, useStock: true } }),
    ).not.toHaveProperty('offers');
  });

  it('cannot close its script element, whatever the owner wrote', () => {
    const text = jsonLdScriptText(
      productJsonLd({
        ...input,
        product: { ...product, name: '</script><script>alert(1)</script>' },
      }),
    );
    expect(text).not.toContain('</script');
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
  });
});
