import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CART_NOT_FOUND_MESSAGE,
  CUSTOMIZATION_FILE_TYPE_MESSAGE,
  cartSchema,
  cartSecretCookieName,
  type Cart,
} from '@comptoir/contract/cart';
import {
  cartProductCustomizations,
  cartProducts,
  carts,
  declinations,
  decreasingDiscounts,
  forms,
  productCustomizations,
  productCustomizationValues,
  products,
} from '../../db/schema';
import { bearer, cookieHeader, registerCustomer, RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, PNG, type PartValue } from '../../test/uploads';

let testApp: TestApp;

interface Fixture {
  productId: number;
  declinationId: number;
  text?: number;
  select?: number;
  checkbox?: number;
  file?: number;
}

/** A product of our own, so that every figure below is known: prices in cents, stock, multiple. */
async function makeProduct(
  siteId: number,
  options: {
    type?: 'WINE' | 'BOX' | 'OTHER';
    priceCents?: number;
    stock?: number;
    sellByMultipleOf?: number;
    customizable?: boolean;
    isDematerialized?: boolean;
    capacity?: number;
  } = {},
): Promise<Fixture> {
  const db = testApp.database.db;
  const slug = `test-${randomBytes(6).toString('hex')}`;
  const [product] = await db
    .insert(products)
    .values({
      siteId,
      type: options.type ?? 'WINE',
      name: `Cuvée ${slug}`,
      slug,
      isDematerialized: options.isDematerialized ?? false,
      hasShippingFees: !(options.isDematerialized ?? false),
    })
    .returning();
  const [declination] = await db
    .insert(declinations)
    .values({
      siteId,
      productId: product!.id,
      year: 2022,
      capacity: options.capacity ?? 75,
      capacityUnit: 'CENTILITRE',
      priceCents: options.priceCents ?? 2000,
      stock: options.stock ?? 50,
      sellByMultipleOf: options.sellByMultipleOf ?? 1,
    })
    .returning();
  const fixture: Fixture = { productId: product!.id, declinationId: declination!.id };
  if (!options.customizable) return fixture;

  const ask = async (inputType: 'TEXT' | 'SELECT' | 'CHECKBOX' | 'FILE', position: number) => {
    const [row] = await db
      .insert(productCustomizations)
      .values({
        siteId,
        productId: product!.id,
        inputType,
        label: `Question ${inputType}`,
        maxLength: inputType === 'TEXT' ? 20 : null,
        position,
      })
      .returning();
    return row!.id;
  };
  fixture.text = await ask('TEXT', 1);
  fixture.select = await ask('SELECT', 2);
  fixture.checkbox = await ask('CHECKBOX', 3);
  fixture.file = await ask('FILE', 4);
  await db.insert(productCustomizationValues).values([
    {
      siteId,
      customizationId: fixture.text,
      label: 'Court',
      textNumberOfChar: 1,
      costType: 'EURO',
      amount: 300,
    },
    {
      siteId,
      customizationId: fixture.text,
      label: 'Long',
      textNumberOfChar: 10,
      costType: 'EURO',
      amount: 500,
    },
    {
      siteId,
      customizationId: fixture.select,
      label: 'Caisse bois',
      selectKey: 'bois',
      costType: 'EURO',
      amount: 450,
    },
    {
      siteId,
      customizationId: fixture.select,
      label: 'Étui carton',
      selectKey: 'carton',
      costType: 'NONE',
      amount: 0,
    },
    {
      siteId,
      customizationId: fixture.checkbox,
      label: 'Papier cadeau',
      costType: 'PERCENT',
      amount: 1000,
    },
    { siteId, customizationId: fixture.file, label: 'Étiquette', costType: 'EURO', amount: 200 },
  ]);
  return fixture;
}

interface Visitor {
  cookie: Record<string, string>;
  token?: string;
}

function headersOf(visitor: Visitor | undefined) {
  return visitor?.token ? bearer(visitor.token) : {};
}

function secretOf(response: LightMyRequestResponse, siteId: number): Record<string, string> {
  const cookie = response.cookies.find(
    (candidate) => candidate.name === cartSecretCookieName(siteId),
  );
  return cookie ? { [cookie.name]: cookie.value } : {};
}

async function openCart(siteId: number, token?: string) {
  const response = await siteRequest(testApp.app, siteId, {
    method: 'POST',
    url: '/cart',
    headers: token ? bearer(token) : {},
    payload: { type: 'MAIN_CART' },
  });
  expect(response.statusCode).toBe(200);
  return {
    cart: cartSchema.parse(response.json().data),
    visitor: { cookie: secretOf(response, siteId), token },
  };
}

function add(
  siteId: number,
  cartId: number | 'new',
  declinationId: number,
  parts: Record<string, PartValue | PartValue[]>,
  visitor?: Visitor,
) {
  const body = multipart({ type: 'MAIN_CART', ...parts });
  return siteRequest(testApp.app, siteId, {
    method: 'POST',
    url: `/cart/${cartId}/product/${declinationId}`,
    headers: { ...body.headers, ...headersOf(visitor) },
    cookies: visitor?.cookie ?? {},
    payload: body.payload,
  });
}

function readCart(siteId: number, cartId: number, visitor?: Visitor) {
  return siteRequest(testApp.app, siteId, {
    method: 'POST',
    url: `/cart/${cartId}`,
    headers: headersOf(visitor),
    cookies: visitor?.cookie ?? {},
    payload: {},
  });
}

async function linesOf(cartId: number) {
  return testApp.database.db.select().from(cartProducts).where(eq(cartProducts.cartId, cartId));
}

async function cartRow(cartId: number) {
  const [row] = await testApp.database.db.select().from(carts).where(eq(carts.id, cartId));
  return row;
}

function expectCart(response: LightMyRequestResponse): Cart {
  expect(response.statusCode, response.body).toBe(200);
  return cartSchema.parse(response.json().data);
}

function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ success: false, data: null, message });
}

const HTML_AS_PNG: PartValue = {
  filename: 'etiquette.png',
  contentType: 'image/png',
  data: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
};

let wine: Fixture;
let box: Fixture;
let ticket: Fixture;
let custom: Fixture;

beforeAll(async () => {
  testApp = await createTestApp({ authLimits: RELAXED_AUTH_LIMITS });
  wine = await makeProduct(92, { stock: 5, priceCents: 1590 });
  box = await makeProduct(92, { type: 'BOX', stock: 9, sellByMultipleOf: 3, priceCents: 5400 });
  ticket = await makeProduct(92, { type: 'OTHER', stock: 2, isDematerialized: true, capacity: 1 });
  custom = await makeProduct(92, { customizable: true, priceCents: 2000, stock: 100 });
});
afterAll(async () => {
  await testApp?.close();
});

describe('POST /cart', () => {
  it('gives a visitor a new empty cart and its secret as an httpOnly, SameSite=Lax cookie', async () => {
    const response = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/cart',
      payload: { type: 'MAIN_CART' },
    });
    const cart = expectCart(response);
    expect(cart).toEqual({
      id: cart.id,
      type: 'MAIN_CART',
      products: [],
      totalProduct: 0,
      discount: null,
      totalCents: 0,
      totalQuantity: 0,
      bottleCount: 0,
      isDematerialized: false,
    });
    const setCookie = cookieHeader(response, cartSecretCookieName(92));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    const secret = secretOf(response, 92)[cartSecretCookieName(92)]!;
    const row = await cartRow(cart.id);
    expect(row?.userId).toBeNull();
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secretHash).not.toContain(secret);
  });

  it('gives a logged-in user their main cart, created the first time, without a secret', async () => {
    const { token, user } = await registerCustomer(testApp.app, 92);
    const first = await openCart(92, token);
    const again = await openCart(92, token);
    expect(again.cart.id).toBe(first.cart.id);
    expect(first.visitor.cookie).toEqual({});
    expect((await cartRow(first.cart.id))?.userId).toBe(user.id);
  });

  it('refuses a cart type it does not know', async () => {
    const response = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/cart',
      payload: { type: 'WISH_LIST' },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('POST /cart/:cartId/product/:declinationId', () => {
  it('adds a wine and answers the whole cart in cents, priced from the catalogue', async () => {
    const { cart, visitor } = await openCart(92);
    const answered = expectCart(
      await add(92, cart.id, wine.declinationId, { quantity: '2' }, visitor),
    );
    expect(answered.products).toEqual([
      expect.objectContaining({
        productId: wine.productId,
        declinationId: wine.declinationId,
        quantity: 2,
        type: 'WINE',
        isDematerialized: false,
        hasShippingFees: true,
        capacity: 75,
        capacityUnit: 'CENTILITRE',
        sellByMultipleOf: 1,
        year: 2022,
        unitPriceCents: 1590,
        customizationCostCents: 0,
        customizations: [],
        totalCents: 3180,
      }),
    ]);
    expect(answered.products[0]?.name).toMatch(/^Cuvée /);
    expect(answered).toMatchObject({ totalProduct: 3180, totalQuantity: 2, bottleCount: 2 });

    const again = expectCart(
      await add(92, cart.id, wine.declinationId, { quantity: '1' }, visitor),
    );
    expect(again.products).toHaveLength(1);
    expect(again.products[0]?.quantity).toBe(3);
    expect(again.totalProduct).toBe(4770);
  });

  it("opens a cart with 'new' and hands the visitor its secret", async () => {
    const response = await add(92, 'new', ticket.declinationId, { quantity: '1' });
    const cart = expectCart(response);
    expect(cart.products[0]).toMatchObject({
      type: 'OTHER',
      isDematerialized: true,
      hasShippingFees: false,
    });
    expect(cart.isDematerialized).toBe(true);
    const visitor = { cookie: secretOf(response, 92) };
    expect(Object.keys(visitor.cookie)).toEqual([cartSecretCookieName(92)]);
    expect(expectCart(await readCart(92, cart.id, visitor)).totalQuantity).toBe(1);
  });

  it("puts a logged-in customer's 'new' add in their main cart", async () => {
    const { token } = await registerCustomer(testApp.app, 92);
    const { cart } = await openCart(92, token);
    const added = expectCart(
      await add(92, 'new', wine.declinationId, { quantity: '1' }, { cookie: {}, token }),
    );
    expect(added.id).toBe(cart.id);
  });

  it.each([
    ['0', 'Quantity must be greater than 0'],
    ['-3', 'Quantity must be greater than 0'],
    ['1.5', 'Quantity must be greater than 0'],
    ['beaucoup', 'Quantity must be greater than 0'],
  ])('answers quantity %s with the spec message', async (quantity, message) => {
    const { cart, visitor } = await openCart(92);
    expectRefused(await add(92, cart.id, wine.declinationId, { quantity }, visitor), 422, message);
    expect(await linesOf(cart.id)).toEqual([]);
  });

  it('refuses a box outside its multiple', async () => {
    const { cart, visitor } = await openCart(92);
    expectRefused(
      await add(92, cart.id, box.declinationId, { quantity: '2' }, visitor),
      422,
      'This product can only be added by multiple of 3',
    );
    const added = expectCart(await add(92, cart.id, box.declinationId, { quantity: '6' }, visitor));
    expect(added.products[0]).toMatchObject({ type: 'BOX', quantity: 6, sellByMultipleOf: 3 });
    expect(added.bottleCount).toBe(18);
  });

  it('counts what the cart already holds against the stock, bottles for a wine, items otherwise', async () => {
    const { cart, visitor } = await openCart(92);
    expectRefused(
      await add(92, cart.id, wine.declinationId, { quantity: '6' }, visitor),
      422,
      'Only 5 bottles remaining in stock',
    );
    expectCart(await add(92, cart.id, wine.declinationId, { quantity: '3' }, visitor));
    expectRefused(
      await add(92, cart.id, wine.declinationId, { quantity: '3' }, visitor),
      422,
      'Only 5 bottles remaining in stock',
    );
    expectRefused(
      await add(92, cart.id, ticket.declinationId, { quantity: '3' }, visitor),
      422,
      'Only 2 items remaining in stock',
    );
    expect((await linesOf(cart.id)).map((line) => line.quantity)).toEqual([3]);
  });

  it('prices the answers from the catalogue and keeps different answers on different lines', async () => {
    const { cart, visitor } = await openCart(92);
    const answers = [
      { customizationId: custom.text, textValue: 'Joyeux anniversaire' },
      { customizationId: custom.select, selectValue: { key: 'bois', value: 'Gratuit !' } },
      { customizationId: custom.checkbox, checkboxValue: true },
    ];
    const first = expectCart(
      await add(
        92,
        cart.id,
        custom.declinationId,
        { quantity: '2', customizations: JSON.stringify(answers) },
        visitor,
      ),
    );
    // 19 characters: the 10-character tier (5,00 €), the wooden case (4,50 €), 10 % of 20,00 €.
    expect(first.products[0]).toMatchObject({
      unitPriceCents: 2000,
      customizationCostCents: 500 + 450 + 200,
      totalCents: 2 * (2000 + 1150),
    });
    expect(first.products[0]?.customizations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          customizationId: custom.select,
          selectValue: { key: 'bois', value: 'Caisse bois' },
          costCents: 450,
        }),
      ]),
    );
    const second = expectCart(
      await add(
        92,
        cart.id,
        custom.declinationId,
        {
          quantity: '1',
          customizations: JSON.stringify([{ customizationId: custom.text, textValue: 'Paul' }]),
        },
        visitor,
      ),
    );
    expect(second.products.map((product) => product.customizationCostCents)).toEqual([1150, 300]);
    expect(second.totalProduct).toBe(6300 + 2300);
  });

  it("lists each refused answer as 'key : error' pairs joined by ' / '", async () => {
    const { cart, visitor } = await openCart(92);
    const response = await add(
      92,
      cart.id,
      custom.declinationId,
      {
        quantity: '1',
        customizations: JSON.stringify([
          { customizationId: custom.text, textValue: 'x'.repeat(21) },
          { customizationId: custom.select, selectValue: { key: 'or-massif' } },
        ]),
      },
      visitor,
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors).toEqual([
      { key: `customizations.${custom.text}`, error: 'Le texte ne peut dépasser 20 caractères.' },
      { key: `customizations.${custom.select}`, error: 'Ce choix n’est pas proposé.' },
    ]);
    expect(body.message).toBe(
      `La personnalisation n’est pas valide. / customizations.${custom.text} : Le texte ne peut dépasser 20 caractères. / customizations.${custom.select} : Ce choix n’est pas proposé.`,
    );
    expect(await linesOf(cart.id)).toEqual([]);
  });

  it('refuses a customization of another product', async () => {
    const { cart, visitor } = await openCart(92);
    const response = await add(
      92,
      cart.id,
      wine.declinationId,
      {
        quantity: '1',
        customizations: JSON.stringify([{ customizationId: custom.text, textValue: 'A' }]),
      },
      visitor,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].key).toBe(`customizations.${custom.text}`);
  });

  it('keeps an uploaded label that really is a PNG, and refuses an HTML page renamed .png', async () => {
    const { cart, visitor } = await openCart(92);
    const refused = await add(
      92,
      cart.id,
      custom.declinationId,
      {
        quantity: '1',
        customizations: JSON.stringify([
          { customizationId: custom.file, filename: 'etiquette.png' },
        ]),
        files: HTML_AS_PNG,
      },
      visitor,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { key: `customizations.${custom.file}`, error: CUSTOMIZATION_FILE_TYPE_MESSAGE },
    ]);
    expect(await linesOf(cart.id)).toEqual([]);

    const kept = expectCart(
      await add(
        92,
        cart.id,
        custom.declinationId,
        {
          quantity: '1',
          customizations: JSON.stringify([
            { customizationId: custom.file, filename: 'etiquette.png' },
          ]),
          files: { filename: 'etiquette.png', contentType: 'image/png', data: PNG },
        },
        visitor,
      ),
    );
    expect(kept.products[0]?.customizations[0]).toMatchObject({
      filename: 'etiquette.png',
      costCents: 200,
    });
    const [answer] = await testApp.database.db
      .select()
      .from(cartProductCustomizations)
      .where(eq(cartProductCustomizations.cartProductId, kept.products[0]!.id));
    expect((await testApp.app.storage.read(answer!.fileKey!)).equals(PNG)).toBe(true);
  });

  it('refuses an oversized file and an unknown cart type with their pairs in the message', async () => {
    const { cart, visitor } = await openCart(92);
    const big = await add(
      92,
      cart.id,
      custom.declinationId,
      {
        quantity: '1',
        customizations: JSON.stringify([{ customizationId: custom.file, filename: 'big.png' }]),
        files: {
          filename: 'big.png',
          contentType: 'image/png',
          data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
        },
      },
      visitor,
    );
    expectRefused(
      big,
      422,
      'La personnalisation n’est pas valide. / files : Le fichier dépasse 5 Mo.',
    );
    const wrongType = await add(
      92,
      cart.id,
      wine.declinationId,
      { quantity: '1', type: 'WISH_LIST' },
      visitor,
    );
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().message).toMatch(
      /^La demande d’ajout au panier n’est pas valide\. \/ type : /,
    );
    expect(await linesOf(cart.id)).toEqual([]);
  });

  it('refuses a price, a total, a discount or a siteId sent with the product, changing nothing', async () => {
    const { cart, visitor } = await openCart(92);
    for (const field of ['price', 'unitPriceCents', 'total', 'discount', 'siteId']) {
      const response = await add(
        92,
        cart.id,
        wine.declinationId,
        { quantity: '1', [field]: '1' },
        visitor,
      );
      expect(response.statusCode).toBe(400);
    }
    expect(await linesOf(cart.id)).toEqual([]);
  });

  it('refuses an answer carrying its own cost', async () => {
    const { cart, visitor } = await openCart(92);
    const response = await add(
      92,
      cart.id,
      custom.declinationId,
      {
        quantity: '1',
        customizations: JSON.stringify([
          { customizationId: custom.checkbox, checkboxValue: true, costCents: 0 },
        ]),
      },
      visitor,
    );
    expect(response.statusCode).toBe(422);
    expect(await linesOf(cart.id)).toEqual([]);
  });

  it('refuses a product of another site', async () => {
    const { cart, visitor } = await openCart(91);
    const response = await add(91, cart.id, wine.declinationId, { quantity: '1' }, visitor);
    expect(response.statusCode).toBe(404);
    expect(await linesOf(cart.id)).toEqual([]);
  });
});

describe('a DYNAMIC_FORM customization', () => {
  it("checks the answer against the form's fields and keeps only what the form asks", async () => {
    const db = testApp.database.db;
    const [form] = await db
      .insert(forms)
      .values({
        siteId: 92,
        title: 'Votre message',
        fields: [
          { key: 'prenom', label: 'Prénom', type: 'TEXT', required: true, maxLength: 30 },
          {
            key: 'occasion',
            label: 'Occasion',
            type: 'SELECT',
            options: [{ key: 'noel', label: 'Noël' }],
          },
        ],
      })
      .returning();
    const product = await makeProduct(92, { stock: 20 });
    const [customization] = await db
      .insert(productCustomizations)
      .values({
        siteId: 92,
        productId: product.productId,
        type: 'DYNAMIC_FORM',
        formId: form!.id,
        inputType: 'CHECKBOX',
        label: 'Carte personnalisée',
      })
      .returning();
    const { cart, visitor } = await openCart(92);
    const send = (formAnswer: Record<string, unknown>) =>
      add(
        92,
        cart.id,
        product.declinationId,
        {
          quantity: '1',
          customizations: JSON.stringify([
            { customizationId: customization!.id, checkboxValue: true, formAnswer },
          ]),
        },
        visitor,
      );
    const key = `customizations.${customization!.id}`;
    const refused = await send({ occasion: 'paques', prixCents: 0 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { key: `${key}.prixCents`, error: 'Ce champ n’existe pas dans le formulaire.' },
      { key: `${key}.prenom`, error: 'Ce champ est obligatoire.' },
      { key: `${key}.occasion`, error: expect.any(String) },
    ]);
    expect(await linesOf(cart.id)).toEqual([]);

    const added = expectCart(await send({ prenom: ' Léa ', occasion: 'noel' }));
    expect(added.products[0]?.customizations[0]?.formAnswer).toEqual({
      prenom: 'Léa',
      occasion: 'noel',
    });
  });
});

describe('who may use a cart', () => {
  it('answers 404 to another visitor, another customer and another site, changing nothing', async () => {
    const { cart, visitor } = await openCart(92);
    expectCart(await add(92, cart.id, wine.declinationId, { quantity: '1' }, visitor));
    const [line] = await linesOf(cart.id);
    const stranger = await openCart(92);
    const customer = await registerCustomer(testApp.app, 92);
    const otherSite = await openCart(91);
    const intruders: Visitor[] = [
      { cookie: {} },
      stranger.visitor,
      { cookie: {}, token: customer.token },
      // A secret of this site's cart sent under another name: only the site's own cookie counts.
      { cookie: { [cartSecretCookieName(91)]: visitor.cookie[cartSecretCookieName(92)]! } },
    ];
    for (const intruder of intruders) {
      expectRefused(await readCart(92, cart.id, intruder), 404, CART_NOT_FOUND_MESSAGE);
      expectRefused(
        await add(92, cart.id, wine.declinationId, { quantity: '1' }, intruder),
        404,
        CART_NOT_FOUND_MESSAGE,
      );
      expect(
        (
          await siteRequest(testApp.app, 92, {
            method: 'PUT',
            url: `/cart/${cart.id}/product/${wine.productId}/quantity`,
            headers: headersOf(intruder),
            cookies: intruder.cookie,
            payload: { quantity: 2, idCartProduct: line!.id },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await siteRequest(testApp.app, 92, {
            method: 'DELETE',
            url: `/cart/${cart.id}/product/${wine.productId}/${line!.id}`,
            headers: headersOf(intruder),
            cookies: intruder.cookie,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await siteRequest(testApp.app, 92, {
            method: 'DELETE',
            url: `/cart/${cart.id}`,
            headers: headersOf(intruder),
            cookies: intruder.cookie,
          })
        ).statusCode,
      ).toBe(404);
    }
    // The right secret on another site: that site has no such cart.
    expectRefused(await readCart(91, cart.id, visitor), 404, CART_NOT_FOUND_MESSAGE);
    expectRefused(
      await readCart(92, otherSite.cart.id, otherSite.visitor),
      404,
      CART_NOT_FOUND_MESSAGE,
    );
    expect((await linesOf(cart.id)).map((row) => row.quantity)).toEqual([1]);
    expect(await cartRow(cart.id)).toBeDefined();
  });

  it("refuses a customer's cart to another customer and serves it to its owner without any cookie", async () => {
    const owner = await registerCustomer(testApp.app, 92);
    const { cart } = await openCart(92, owner.token);
    expectCart(
      await add(
        92,
        cart.id,
        wine.declinationId,
        { quantity: '1' },
        { cookie: {}, token: owner.token },
      ),
    );
    const other = await registerCustomer(testApp.app, 92);
    expect((await readCart(92, cart.id, { cookie: {}, token: other.token })).statusCode).toBe(404);
    expect((await readCart(92, cart.id)).statusCode).toBe(404);
    expect(
      expectCart(await readCart(92, cart.id, { cookie: {}, token: owner.token })).totalQuantity,
    ).toBe(1);
  });
});

describe('PUT /cart/:cartId/product/:productId/quantity', () => {
  it('sets the quantity, checks it with the spec messages, and ignores money fields', async () => {
    const { cart, visitor } = await openCart(92);
    const added = expectCart(
      await add(92, cart.id, wine.declinationId, { quantity: '1' }, visitor),
    );
    const put = (payload: Record<string, unknown>, productId = wine.productId) =>
      siteRequest(testApp.app, 92, {
        method: 'PUT',
        url: `/cart/${cart.id}/product/${productId}/quantity`,
        cookies: visitor.cookie,
        payload,
      });
    const lineId = added.products[0]!.id;
    const updated = expectCart(
      await put({
        quantity: 4,
        idCartProduct: lineId,
        unitPriceCents: 1,
        totalProduct: 1,
        siteId: 91,
      }),
    );
    expect(updated.products[0]).toMatchObject({
      quantity: 4,
      unitPriceCents: 1590,
      totalCents: 6360,
    });
    expectRefused(
      await put({ quantity: 6, idCartProduct: lineId }),
      422,
      'Only 5 bottles remaining in stock',
    );
    expectRefused(
      await put({ quantity: 0, idCartProduct: lineId }),
      422,
      'Quantity must be greater than 0',
    );
    expect((await put({ quantity: 2, idCartProduct: lineId }, box.productId)).statusCode).toBe(404);
    expect((await linesOf(cart.id))[0]?.quantity).toBe(4);
  });

  it('checks the multiple of a box', async () => {
    const { cart, visitor } = await openCart(92);
    const added = expectCart(await add(92, cart.id, box.declinationId, { quantity: '3' }, visitor));
    const response = await siteRequest(testApp.app, 92, {
      method: 'PUT',
      url: `/cart/${cart.id}/product/${box.productId}/quantity`,
      cookies: visitor.cookie,
      payload: { quantity: 4, idCartProduct: added.products[0]!.id },
    });
    expectRefused(response, 422, 'This product can only be added by multiple of 3');
  });
});

describe('DELETE /cart/:cartId/product/:productId/:idCartProduct and DELETE /cart/:cartId', () => {
  it('removes a line, then the whole cart', async () => {
    const { cart, visitor } = await openCart(92);
    expectCart(await add(92, cart.id, wine.declinationId, { quantity: '1' }, visitor));
    const both = expectCart(await add(92, cart.id, box.declinationId, { quantity: '3' }, visitor));
    const wineLine = both.products.find((product) => product.productId === wine.productId)!;
    const left = expectCart(
      await siteRequest(testApp.app, 92, {
        method: 'DELETE',
        url: `/cart/${cart.id}/product/${wine.productId}/${wineLine.id}`,
        cookies: visitor.cookie,
      }),
    );
    expect(left.products.map((product) => product.productId)).toEqual([box.productId]);
    expect(left.totalProduct).toBe(3 * 5400);

    const deleted = await siteRequest(testApp.app, 92, {
      method: 'DELETE',
      url: `/cart/${cart.id}`,
      cookies: visitor.cookie,
    });
    expect(deleted.statusCode).toBe(200);
    expect(cookieHeader(deleted, cartSecretCookieName(92))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await cartRow(cart.id)).toBeUndefined();
    expect(await linesOf(cart.id)).toEqual([]);
  });
});

describe('GET /cart/:id/default (login)', () => {
  function makeDefault(cartId: number, visitor: Visitor) {
    return siteRequest(testApp.app, 92, {
      method: 'GET',
      url: `/cart/${cartId}/default`,
      headers: headersOf(visitor),
      cookies: visitor.cookie,
    });
  }

  it('hands the anonymous cart to a customer who has no cart yet, with its secret only', async () => {
    const { cart, visitor } = await openCart(92);
    expectCart(await add(92, cart.id, wine.declinationId, { quantity: '2' }, visitor));
    const customer = await registerCustomer(testApp.app, 92);

    expectRefused(
      await makeDefault(cart.id, { cookie: {}, token: customer.token }),
      404,
      CART_NOT_FOUND_MESSAGE,
    );
    expect((await cartRow(cart.id))?.userId).toBeNull();

    const response = await makeDefault(cart.id, { ...visitor, token: customer.token });
    expect(expectCart(response).totalQuantity).toBe(2);
    expect(cookieHeader(response, cartSecretCookieName(92))).toMatch(/Expires=Thu, 01 Jan 1970/);
    const row = await cartRow(cart.id);
    expect(row).toMatchObject({ userId: customer.user.id, secretHash: null });
    expect((await openCart(92, customer.token)).cart.id).toBe(cart.id);
    // The old secret opens nothing any more.
    expect((await readCart(92, cart.id, { cookie: visitor.cookie })).statusCode).toBe(404);
  });

  it('merges the anonymous lines into the main cart, adding quantities within stock and multiple', async () => {
    const customer = await registerCustomer(testApp.app, 92);
    const member: Visitor = { cookie: {}, token: customer.token };
    const { cart: main } = await openCart(92, customer.token);
    expectCart(await add(92, main.id, wine.declinationId, { quantity: '3' }, member));
    expectCart(await add(92, main.id, box.declinationId, { quantity: '3' }, member));

    const { cart: anonymous, visitor } = await openCart(92);
    expectCart(await add(92, anonymous.id, wine.declinationId, { quantity: '4' }, visitor));
    expectCart(await add(92, anonymous.id, box.declinationId, { quantity: '3' }, visitor));
    const engraving = JSON.stringify([{ customizationId: custom.text, textValue: 'Paul' }]);
    expectCart(
      await add(
        92,
        anonymous.id,
        custom.declinationId,
        { quantity: '2', customizations: engraving },
        visitor,
      ),
    );

    const merged = expectCart(
      await makeDefault(anonymous.id, { ...visitor, token: customer.token }),
    );
    expect(merged.id).toBe(main.id);
    const quantities = Object.fromEntries(
      merged.products.map((product) => [product.productId, product.quantity]),
    );
    // 3 + 4 wines, capped at the 5 in stock; 3 + 3 boxes; the engraved line moved as it was.
    expect(quantities).toEqual({ [wine.productId]: 5, [box.productId]: 6, [custom.productId]: 2 });
    expect(
      merged.products.find((product) => product.productId === custom.productId)?.customizations,
    ).toEqual([expect.objectContaining({ textValue: 'Paul', costCents: 300 })]);
    expect(await cartRow(anonymous.id)).toBeUndefined();
  });

  it("accepts the customer's own cart again, and refuses another customer's", async () => {
    const owner = await registerCustomer(testApp.app, 92);
    const { cart } = await openCart(92, owner.token);
    expectCart(await makeDefault(cart.id, { cookie: {}, token: owner.token }));
    const intruder = await registerCustomer(testApp.app, 92);
    expectRefused(
      await makeDefault(cart.id, { cookie: {}, token: intruder.token }),
      404,
      CART_NOT_FOUND_MESSAGE,
    );
    expect((await cartRow(cart.id))?.userId).toBe(owner.user.id);
  });

  it("refuses another site's cart, a missing cart, and a visitor who is not logged in", async () => {
    const otherSite = await openCart(91);
    const customer = await registerCustomer(testApp.app, 92);
    expect(
      (await makeDefault(otherSite.cart.id, { ...otherSite.visitor, token: customer.token }))
        .statusCode,
    ).toBe(404);
    expect((await cartRow(otherSite.cart.id))?.userId).toBeNull();
    expect(
      (await makeDefault(2_000_000_000, { cookie: {}, token: customer.token })).statusCode,
    ).toBe(404);
    const { cart, visitor } = await openCart(92);
    expect((await makeDefault(cart.id, visitor)).statusCode).toBe(401);
  });

  it('lets only one of two customers racing with the same secret have the cart', async () => {
    const { cart, visitor } = await openCart(92);
    const first = await registerCustomer(testApp.app, 92);
    const second = await registerCustomer(testApp.app, 92);
    const responses = await Promise.all([
      makeDefault(cart.id, { ...visitor, token: first.token }),
      makeDefault(cart.id, { ...visitor, token: second.token }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404]);
  });
});

describe('POST /cart/product/:idProduct/declination/:idDeclination/customize/price', () => {
  const price = (
    payload: Record<string, unknown>,
    productId = custom.productId,
    declinationId = custom.declinationId,
  ) =>
    siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/cart/product/${productId}/declination/${declinationId}/customize/price`,
      payload,
    });

  it('prices the answers with the domain rules, ignoring any price sent', async () => {
    const response = await price({
      quantity: 3,
      unitPriceCents: 1,
      totalCents: 1,
      customizations: [
        { customizationId: custom.text, textValue: 'Marie' },
        { customizationId: custom.checkbox, checkboxValue: false },
        { customizationId: custom.select, selectValue: { key: 'carton' } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      unitPriceCents: 2000,
      customizations: [
        { customizationId: custom.text, costCents: 300 },
        { customizationId: custom.checkbox, costCents: 0 },
        { customizationId: custom.select, costCents: 0 },
      ],
      customizationCostCents: 300,
      quantity: 3,
      totalCents: 6900,
    });
  });

  it('refuses an option the customization does not offer, and a declination of another product', async () => {
    const refused = await price({
      customizations: [{ customizationId: custom.select, selectValue: { key: 'or' } }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      `La personnalisation n’est pas valide. / customizations.${custom.select} : Ce choix n’est pas proposé.`,
    );
    expect(
      (await price({ customizations: [] }, wine.productId, custom.declinationId)).statusCode,
    ).toBe(404);
  });
});

describe('POST /product-customization/:id/file/validate', () => {
  const validate = (customizationId: number, file: PartValue, siteId = 92) => {
    const body = multipart({ file });
    return siteRequest(testApp.app, siteId, {
      method: 'POST',
      url: `/product-customization/${customizationId}/file/validate`,
      headers: body.headers,
      payload: body.payload,
    });
  };

  it('accepts a real PNG', async () => {
    const response = await validate(custom.file!, {
      filename: 'logo.png',
      contentType: 'image/png',
      data: PNG,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      filename: 'logo.png',
      mimeType: 'image/png',
      size: PNG.length,
    });
  });

  it('refuses an HTML page renamed .png', async () => {
    expectRefused(await validate(custom.file!, HTML_AS_PNG), 422, CUSTOMIZATION_FILE_TYPE_MESSAGE);
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await validate(custom.file!, {
      filename: 'big.png',
      contentType: 'image/png',
      data: big,
    });
    expect(response.statusCode).toBe(422);
  });

  it('answers 404 for a customization that takes no file or belongs to another site', async () => {
    expect(
      (await validate(custom.text!, { filename: 'a.png', contentType: 'image/png', data: PNG }))
        .statusCode,
    ).toBe(404);
    expect(
      (await validate(custom.file!, { filename: 'a.png', contentType: 'image/png', data: PNG }, 91))
        .statusCode,
    ).toBe(404);
  });
});

describe('quantity discounts', () => {
  it('prices each unit at the tier the line reaches', async () => {
    const tiered = await makeProduct(92, { priceCents: 1000, stock: 100 });
    await testApp.database.db.insert(decreasingDiscounts).values({
      siteId: 92,
      productId: tiered.productId,
      minQuantity: 6,
      discountType: 'PERCENT',
      discountAmount: 1000,
    });
    const { cart, visitor } = await openCart(92);
    const five = expectCart(
      await add(92, cart.id, tiered.declinationId, { quantity: '5' }, visitor),
    );
    expect(five.totalProduct).toBe(5000);
    const six = expectCart(
      await add(92, cart.id, tiered.declinationId, { quantity: '1' }, visitor),
    );
    expect(six.products[0]).toMatchObject({ unitPriceCents: 900, totalCents: 5400 });
  });
});
