import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Customization, Product } from '@comptoir/contract/product';
import { ProductPurchase, type DeclinationOffer } from './product-purchase';
import {
  capacityLabel,
  defaultDeclination,
  priceView,
  shopDisplaySettings,
  stockView,
  type ShopDisplaySettings,
} from './shop-display';
import { testDeclination, testProduct } from './test-product';

const settings = (flags: Record<string, boolean> = {}): ShopDisplaySettings =>
  shopDisplaySettings({
    text: () => null,
    flag: (type) => flags[type] ?? type === 'USE_STOCK',
    number: () => null,
  });

const giftWrap: Customization = {
  id: 5,
  type: 'SIMPLE',
  inputType: 'CHECKBOX',
  label: 'Emballage cadeau',
  description: null,
  isRequired: false,
  maxLength: null,
  formId: null,
  customizationValues: [
    {
      id: 51,
      label: 'Emballage cadeau',
      textNumberOfChar: null,
      selectKey: null,
      costType: 'EURO',
      amount: 350,
    },
  ],
};

/** The purchase box as the server renders it, its offers worded as catalogue-route.tsx does. */
function render(product: Product, shop: ShopDisplaySettings, customizations: Customization[] = []) {
  const offers = Object.fromEntries(
    product.declinations.map((declination): [number, DeclinationOffer] => [
      declination.id,
      {
        capacityLabel: capacityLabel(declination),
        price: priceView(declination, shop),
        stock: stockView(declination, product.type, shop),
        tiers: null,
      },
    ]),
  );
  return renderToStaticMarkup(
    <ProductPurchase
      siteId={92}
      product={product}
      customizations={customizations}
      images={{}}
      offers={offers}
      initialDeclinationId={defaultDeclination(product.declinations, shop)?.id ?? null}
      hidePrices={shop.hidePrices}
      heading={<h1>{product.name}</h1>}
    />,
  );
}

describe('the purchase box', () => {
  it('offers the quantity, by the multiple, and the button', () => {
    const html = render(testProduct(1), settings());
    expect(html).toContain('Ajouter au panier');
    expect(html).toMatch(/<input[^>]*id="[^"]*-quantity"[^>]*value="1"/);
    expect(html.match(/<option value="\d+">/g)).toHaveLength(20);
    expect(html).toMatch(/<button[^>]*aria-label="Retirer 1 bouteille"[^>]*disabled=""/);
    // Nothing to customize: the steps' chunk is not asked for.
    expect(html).not.toContain('personnalisation');
  });

  it('starts a box sold by six at six, and steps by six', () => {
    const box = testProduct(2, {
      type: 'BOX',
      declinations: [
        testDeclination(20, { sellByMultipleOf: 6, capacity: 4.5, capacityUnit: 'LITER' }),
      ],
    });
    const html = render(box, settings());
    expect(html).toMatch(/-quantity"[^>]*value="6"/);
    expect(html).toContain('aria-label="Ajouter 6 unités"');
    expect(html).toContain('<option value="120">');
    expect(html).toContain('Vendu par 6 unités.');
  });

  it('sells nothing when the site hides its prices', () => {
    const html = render(testProduct(3), settings({ HIDE_PRICES: true }));
    expect(html).not.toContain('Ajouter au panier');
    expect(html).not.toContain('Quantité');
    expect(html).not.toContain('€');
  });

  it('sells nothing when the chosen declination is out of stock', () => {
    const html = render(
      testProduct(4, { declinations: [testDeclination(40, { quantity: 0 })] }),
      settings(),
    );
    expect(html).toContain('Épuisé');
    expect(html).not.toContain('Ajouter au panier');
  });

  it('opens on a declination in stock, and sells it', () => {
    const html = render(
      testProduct(5, {
        declinations: [
          testDeclination(50, { quantity: 0, year: 2021 }),
          testDeclination(51, { quantity: 3, year: 2022 }),
        ],
      }),
      settings(),
    );
    expect(html).toMatch(/checked="" value="2022"/);
    expect(html).toContain('Ajouter au panier');
  });

  it('leaves the customization steps to their own chunk', () => {
    const html = render(testProduct(6), settings(), [giftWrap]);
    expect(html).toContain('Chargement des personnalisations…');
    expect(html).toContain('Ajouter au panier');
  });
});
