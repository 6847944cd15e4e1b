import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema, cartSecretCookieName } from '@comptoir/contract/cart';
import {
  CUSTOMIZATION_INPUT_TYPES,
  CUSTOMIZATION_TYPES,
  type CustomizationInputType,
  type CustomizationType,
} from '@comptoir/domain/catalogue';
import {
  cartProducts,
  declinations,
  forms,
  productCustomizations,
  productCustomizationValues,
  products,
} from '../../db/schema';
import { RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, PNG, type PartValue } from '../../test/uploads';

/*
 * Every kind of customization the catalogue knows (SIMPLE or DYNAMIC_FORM, asking a TEXT, a
 * SELECT, a CHECKBOX or a FILE), required or not, sent whole, in part or not at all: a required
 * part must be there in the shape its kind demands, and the fee is what the server read
 * (decision 0081).
 */

let testApp: TestApp;
let formId: number;

const UNIT_PRICE_CENTS = 2000;
/** What the complete answer of each input type adds to one unit of a 20,00 € bottle. */
const FEE_CENTS: Record<CustomizationInputType, number> = {
  TEXT: 500,
  SELECT: 450,
  CHECKBOX: 200,
  FILE: 300,
};

interface Kind {
  type: CustomizationType;
  inputType: CustomizationInputType;
}

const KINDS: Kind[] = CUSTOMIZATION_TYPES.flatMap((type) =>
  CUSTOMIZATION_INPUT_TYPES.map((inputType) => ({ type, inputType })),
);

interface Asked {
  productId: number;
  declinationId: number;
  customizationId: number;
  label: string;
}

/** A bottle of 20,00 € of our own asking one customization of the given kind. */
async function productAsking(kind: Kind, isRequired: boolean): Promise<Asked> {
  const db = testApp.database.db;
  const slug = `test-${randomBytes(6).toString('hex')}`;
  const [product] = await db
    .insert(products)
    .values({ siteId: 92, type: 'WINE', name: `Cuvée ${slug}`, slug })
    .returning();
  const [declination] = await db
    .insert(declinations)
    .values({
      siteId: 92,
      productId: product!.id,
      year: 2022,
      capacity: 75,
      capacityUnit: 'CENTILITRE',
      priceCents: UNIT_PRICE_CENTS,
      stock: 100,
    })
    .returning();
  const label = `${kind.type} ${kind.inputType}`;
  const [customization] = await db
    .insert(productCustomizations)
    .values({
      siteId: 92,
      productId: product!.id,
      type: kind.type,
      formId: kind.type === 'DYNAMIC_FORM' ? formId : null,
      inputType: kind.inputType,
      label,
      isRequired,
    })
    .returning();
  const customizationId = customization!.id;
  const values = {
    TEXT: [{ label: 'Gravure', textNumberOfChar: 1, costType: 'EURO' as const, amount: 500 }],
    SELECT: [
      { label: 'Coffret', selectKey: 'coffret', costType: 'EURO' as const, amount: 450 },
      { label: 'Étui', selectKey: 'etui', costType: 'NONE' as const, amount: 0 },
    ],
    CHECKBOX: [{ label: 'Papier cadeau', costType: 'PERCENT' as const, amount: 1000 }],
    // The seeded label photo's fee: 15 % of the bottle.
    FILE: [{ label: 'Étiquette', costType: 'PERCENT' as const, amount: 1500 }],
  }[kind.inputType];
  await db
    .insert(productCustomizationValues)
    .values(values.map((value) => ({ siteId: 92, customizationId, ...value })));
  return {
    productId: product!.id,
    declinationId: declination!.id,
    customizationId,
    label,
  };
}

/** The part of an answer its input type asks, complete (with the file to send for a FILE). */
function inputPart(inputType: CustomizationInputType): Record<string, unknown> {
  switch (inputType) {
    case 'TEXT':
      return { textValue: 'Pour Anne' };
    case 'SELECT':
      return { selectValue: { key: 'coffret' } };
    case 'CHECKBOX':
      return { checkboxValue: true };
    case 'FILE':
      return { filename: 'etiquette.png' };
  }
}

/** The same part left empty, as a careless or a bending client sends it. */
function emptyInputPart(inputType: CustomizationInputType): Record<string, unknown> {
  switch (inputType) {
    case 'TEXT':
      return { textValue: '   ' };
    case 'SELECT':
      return { selectValue: null };
    case 'CHECKBOX':
      return { checkboxValue: false };
    case 'FILE':
      return { filename: null };
  }
}

const FORM_ANSWER = { occasion: 'Mariage de Léa et Tom' };
const LABEL_FILE: PartValue = { filename: 'etiquette.png', contentType: 'image/png', data: PNG };

async function openCart() {
  const response = await siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/cart',
    payload: { type: 'MAIN_CART' },
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((item) => item.name === cartSecretCookieName(92))!;
  return {
    cartId: cartSchema.parse(response.json().data).id,
    cookies: { [cookie.name]: cookie.value },
  };
}

async function add(
  asked: Asked,
  answers: Record<string, unknown>[],
  files: PartValue[] = [],
): Promise<{ response: LightMyRequestResponse; cartId: number }> {
  const { cartId, cookies } = await openCart();
  const body = multipart({
    type: 'MAIN_CART',
    quantity: '1',
    customizations: JSON.stringify(answers),
    ...(files.length > 0 ? { files } : {}),
  });
  const response = await siteRequest(testApp.app, 92, {
    method: 'POST',
    url: `/cart/${cartId}/product/${asked.declinationId}`,
    headers: body.headers,
    cookies,
    payload: body.payload,
  });
  return { response, cartId };
}

async function linesOf(cartId: number) {
  return testApp.database.db.select().from(cartProducts).where(eq(cartProducts.cartId, cartId));
}

/** Refused with 422 and exactly these pairs, and nothing went into the cart. */
async function expectRefused(
  outcome: { response: LightMyRequestResponse; cartId: number },
  errors: { key: string; error: unknown }[],
) {
  expect(outcome.response.statusCode, outcome.response.body).toBe(422);
  expect(outcome.response.json().errors).toEqual(errors);
  expect(await linesOf(outcome.cartId)).toEqual([]);
}

/** Taken, each unit costing the bottle plus `feeCents`. */
function expectTaken(outcome: { response: LightMyRequestResponse }, feeCents: number) {
  expect(outcome.response.statusCode, outcome.response.body).toBe(200);
  const line = cartSchema.parse(outcome.response.json().data).products[0]!;
  expect(line).toMatchObject({
    unitPriceCents: UNIT_PRICE_CENTS,
    customizationCostCents: feeCents,
    totalCents: UNIT_PRICE_CENTS + feeCents,
  });
  return line;
}

function price(asked: Asked, answers: Record<string, unknown>[]) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: `/cart/product/${asked.productId}/declination/${asked.declinationId}/customize/price`,
    payload: { customizations: answers },
  });
}

/** The answer and the files of a complete answer of this kind. */
function complete(kind: Kind, asked: Asked) {
  return {
    answer: {
      customizationId: asked.customizationId,
      ...inputPart(kind.inputType),
      ...(kind.type === 'DYNAMIC_FORM' ? { formAnswer: FORM_ANSWER } : {}),
    },
    files: kind.inputType === 'FILE' ? [LABEL_FILE] : [],
  };
}

beforeAll(async () => {
  testApp = await createTestApp({ authLimits: RELAXED_AUTH_LIMITS });
  const [form] = await testApp.database.db
    .insert(forms)
    .values({
      siteId: 92,
      title: 'Votre occasion',
      fields: [
        { key: 'occasion', label: 'Occasion', type: 'TEXT', required: true, maxLength: 60 },
        { key: 'note', label: 'Précision', type: 'TEXT', required: false, maxLength: 60 },
      ],
    })
    .returning();
  formId = form!.id;
});
afterAll(async () => {
  await testApp?.close();
});

describe.each(KINDS)('a required $type $inputType customization', (kind) => {
  let asked: Asked;
  let key: string;
  let required: string;
  beforeAll(async () => {
    asked = await productAsking(kind, true);
    key = `customizations.${asked.customizationId}`;
    required = `« ${asked.label} » est obligatoire.`;
  });

  it('refuses an add that does not answer it', async () => {
    await expectRefused(await add(asked, []), [{ key, error: required }]);
  });

  it('refuses an answer whose input part is empty, whatever else it carries', async () => {
    const answer = {
      customizationId: asked.customizationId,
      ...emptyInputPart(kind.inputType),
      // The parts of the other input types, which this one does not read.
      ...(kind.inputType === 'TEXT' ? { checkboxValue: true } : { textValue: 'Pour Anne' }),
      ...(kind.type === 'DYNAMIC_FORM' ? { formAnswer: FORM_ANSWER } : {}),
    };
    await expectRefused(await add(asked, [answer]), [{ key, error: required }]);
  });

  it('takes the complete answer at the fee of what it read, and prices it the same', async () => {
    const { answer, files } = complete(kind, asked);
    const line = expectTaken(await add(asked, [answer], files), FEE_CENTS[kind.inputType]);
    expect(line.customizations).toEqual([
      expect.objectContaining({
        customizationId: asked.customizationId,
        costCents: FEE_CENTS[kind.inputType],
        formAnswer: kind.type === 'DYNAMIC_FORM' ? FORM_ANSWER : null,
      }),
    ]);
    const priced = await price(asked, [answer]);
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data.customizationCostCents).toBe(FEE_CENTS[kind.inputType]);
  });

  if (kind.inputType === 'FILE') {
    it('refuses a file named by the answer but not sent, and a file that is not one', async () => {
      const { answer } = complete(kind, asked);
      await expectRefused(await add(asked, [answer]), [
        { key, error: 'Le fichier de cette personnalisation n’a pas été envoyé.' },
      ]);
      await expectRefused(
        await add(
          asked,
          [answer],
          [{ filename: 'etiquette.png', contentType: 'image/png', data: Buffer.from('<html>') }],
        ),
        [{ key, error: expect.any(String) }],
      );
    });
  }

  if (kind.type === 'DYNAMIC_FORM') {
    it('refuses its form without its input part: no fee-free answer', async () => {
      await expectRefused(
        await add(asked, [{ customizationId: asked.customizationId, formAnswer: FORM_ANSWER }]),
        [{ key, error: required }],
      );
    });

    it("refuses its input part without the form's required fields", async () => {
      const { answer, files } = complete(kind, asked);
      await expectRefused(await add(asked, [{ ...answer, formAnswer: { note: 'Rien' } }], files), [
        { key: `${key}.occasion`, error: 'Ce champ est obligatoire.' },
      ]);
      await expectRefused(await add(asked, [{ ...answer, formAnswer: null }], files), [
        { key: `${key}.occasion`, error: 'Ce champ est obligatoire.' },
      ]);
    });
  }
});

describe.each(KINDS)('an optional $type $inputType customization', (kind) => {
  let asked: Asked;
  let key: string;
  beforeAll(async () => {
    asked = await productAsking(kind, false);
    key = `customizations.${asked.customizationId}`;
  });

  it('takes an add without it at no fee, and with it at its fee', async () => {
    expectTaken(await add(asked, []), 0);
    expectTaken(
      await add(asked, [
        { customizationId: asked.customizationId, ...emptyInputPart(kind.inputType) },
      ]),
      0,
    );
    const { answer, files } = complete(kind, asked);
    expectTaken(await add(asked, [answer], files), FEE_CENTS[kind.inputType]);
  });

  if (kind.type === 'DYNAMIC_FORM') {
    it('refuses its form without its input part, and prices that half answer at nothing', async () => {
      const half = { customizationId: asked.customizationId, formAnswer: FORM_ANSWER };
      const missing = {
        TEXT: 'le texte manque',
        SELECT: 'le choix manque',
        CHECKBOX: 'la case n’est pas cochée',
        FILE: 'le fichier manque',
      }[kind.inputType];
      await expectRefused(await add(asked, [half]), [
        {
          key,
          error: `Pour « ${asked.label} », ${missing} : le formulaire seul ne suffit pas.`,
        },
      ]);
      // The product page prices drafts as they are typed: half an answer costs nothing yet.
      const priced = await price(asked, [half]);
      expect(priced.statusCode, priced.body).toBe(200);
      expect(priced.json().data.customizationCostCents).toBe(0);
    });

    it("refuses its input part without the form's required fields", async () => {
      const { answer, files } = complete(kind, asked);
      await expectRefused(await add(asked, [{ ...answer, formAnswer: undefined }], files), [
        { key: `${key}.occasion`, error: 'Ce champ est obligatoire.' },
      ]);
    });
  }
});
