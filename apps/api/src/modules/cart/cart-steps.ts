import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  CART_NOT_FOUND_MESSAGE,
  CUSTOMIZATION_INVALID_MESSAGE,
  cartSecretCookieName,
  type Cart,
  type CartProduct,
  type CustomizationAnswerInput,
} from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import { checkFormAnswer, formFieldSchema, type FormField } from '@comptoir/contract/form';
import { addToCartErrorText, cartQuantityError, limitingStock } from '@comptoir/domain/add-to-cart';
import { countBottles } from '@comptoir/domain/bottle-count';
import { cartTotals, lineTotalCents } from '@comptoir/domain/cart-lines';
import {
  answerGap,
  answerGapMessage,
  countCharacters,
  customizationCostCents,
  inputPartGiven,
  type CustomizationAnswer,
} from '@comptoir/domain/customization-cost';
import {
  unitPriceCents,
  unitPriceForQuantityCents,
  type DecreasingDiscountTier,
} from '@comptoir/domain/declination-price';
import { HttpError } from '../../http/http-error';
import { markPrivateAnswer } from '../../plugins/private-answers';
import type { UserRecord } from '../user';
import type {
  CartAnswerRecord,
  CartLineQueries,
  CartRecord,
  CartRepository,
  DeclinationRow,
  NewCartAnswer,
} from './cart-repository';
import type { NewCartLimiter } from './cart-limits';
import { checkCustomizationFile, type CheckedFile } from './cart-upload';

/*
 * The cart's steps, each a function of its own with its own tests (cart-steps.test.ts): who asks
 * and who owns a cart, find or open the cart, check the answers, price the cart and check a
 * quantity. The cart service (cart-service.ts) reads as calls to them.
 */

// ---------------------------------------------------------------------------------------------
// Who asks, who owns a cart
// ---------------------------------------------------------------------------------------------

/*
 * Who owns a cart (docs/architecture.md#the-shop-and-the-back-office "Ownership"): a cart number grants nothing. An account's cart is
 * its user's; an anonymous cart is the holder's of its secret, kept only as a hash.
 */

/** The hash kept of a cart's secret. */
export function hashCartSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string | null, storedHash: string | null): boolean {
  if (!secret || !storedHash) return false;
  const given = Buffer.from(hashCartSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Whether the caller owns the cart: its account's user, or, for an anonymous cart, the holder of
 * its secret. An order's cart (closed) keeps its owner: the order's replays go only to them.
 */
export function ownsCart(
  cart: { userId: number | null; secretHash: string | null },
  caller: { userId: number | null; secret: string | null },
): boolean {
  if (cart.userId !== null) return caller.userId === cart.userId;
  return secretMatches(caller.secret, cart.secretHash);
}

/** Who is asking: the logged-in user, and the cart secret cookie the browser sent. */
export interface CartCaller {
  user: UserRecord | null;
  secret: string | null;
  /** The client's address (request.ip): anonymous carts opened are counted per address. */
  address: string;
}

/** Who asks for a cart: the logged-in user, and the cart secret cookie of this site. */
export async function cartCallerOf(request: FastifyRequest): Promise<CartCaller> {
  // A cart's answer is its holder's alone (decision 0080).
  markPrivateAnswer(request);
  return {
    user: await request.getUser(),
    secret: request.cookies?.[cartSecretCookieName(request.site.id)] ?? null,
    address: request.ip,
  };
}

// ---------------------------------------------------------------------------------------------
// Find or open the cart
// ---------------------------------------------------------------------------------------------

/*
 * The cart's step "find or open the cart": a caller reaches only a cart they own (anyone else
 * gets the 404 of an unknown cart), and a visitor's new cart counts against their address.
 */

export const cartNotFound = () => new HttpError(404, CART_NOT_FOUND_MESSAGE);

/** The cart if the caller may use it: its account's user, or the holder of its secret. */
export async function accessibleCart(
  repository: Pick<CartRepository, 'findCart'>,
  siteId: number,
  cartId: number,
  caller: CartCaller,
) {
  const cart = await repository.findCart(siteId, cartId);
  if (!cart || !ownsCart(cart, { userId: caller.user?.id ?? null, secret: caller.secret })) {
    throw cartNotFound();
  }
  return cart;
}

/**
 * A new cart: bound to the user, or anonymous with a fresh secret (only its hash is kept). An
 * anonymous cart counts against its address's limit, and past it nothing is created (429).
 */
export async function openNewCart(
  queries: Pick<CartLineQueries, 'createCart'>,
  newCarts: NewCartLimiter,
  siteId: number,
  caller: CartCaller,
) {
  const { user } = caller;
  if (user) return { cart: await queries.createCart(siteId, user.id, null), newSecret: null };
  await newCarts.admit(caller.address);
  const newSecret = randomBytes(32).toString('base64url');
  return {
    cart: await queries.createCart(siteId, null, hashCartSecret(newSecret)),
    newSecret,
  };
}

// ---------------------------------------------------------------------------------------------
// Check the answers
// ---------------------------------------------------------------------------------------------

/*
 * The cart's step "check the answers": a line's customization answers against the product's
 * customizations, before anything is stored or priced.
 */

export type CustomizationRules = Awaited<ReturnType<CartRepository['listCustomizations']>>;
type CustomizationRow = CustomizationRules['customizations'][number];
type ValueRow = CustomizationRules['values'][number];
export interface RuleWithValues extends CustomizationRow {
  values: ValueRow[];
}

/** The customizations of each product, each with its select values. */
export function rulesByProduct(rules: CustomizationRules): Map<number, RuleWithValues[]> {
  const byProduct = new Map<number, RuleWithValues[]>();
  for (const customization of rules.customizations) {
    const values = rules.values.filter((value) => value.customizationId === customization.id);
    const list = byProduct.get(customization.productId) ?? [];
    list.push({ ...customization, values });
    byProduct.set(customization.productId, list);
  }
  return byProduct;
}

/** An answer as the domain's cost and gap rules read it. */
export function asDomainAnswer(answer: CartAnswerRecord | NewCartAnswer): CustomizationAnswer {
  return {
    textValue: answer.textValue ?? null,
    checkboxValue: answer.checkboxValue ?? null,
    selectValue: answer.selectKey
      ? { key: answer.selectKey, value: answer.selectValue ?? null }
      : null,
    filename: answer.filename ?? null,
  };
}

/**
 * Checks a visitor's answers against the product's customizations and keeps only what each
 * input type reads; the stored select label is the catalogue's, never the request's.
 * `files` is null when only pricing (a FILE answer then just needs a name).
 * `errors` are answers that cannot be read; `gaps` are answers that are missing or only half
 * given (decision 0081): an add refuses both, pricing a draft only the first.
 */
export async function checkAnswers(
  rules: readonly RuleWithValues[],
  answers: readonly CustomizationAnswerInput[],
  files: Map<string, Buffer> | null,
  formFields: ReadonlyMap<number, FormField[]> = new Map(),
): Promise<{
  answers: (NewCartAnswer & { file?: CheckedFile })[];
  errors: FieldError[];
  gaps: FieldError[];
}> {
  const errors: FieldError[] = [];
  const gaps: FieldError[] = [];
  const kept: (NewCartAnswer & { file?: CheckedFile })[] = [];
  const seen = new Set<number>();
  const usedFiles = new Set<string>();
  for (const answer of answers) {
    const key = `customizations.${answer.customizationId}`;
    const rule = rules.find((candidate) => candidate.id === answer.customizationId);
    if (!rule) {
      errors.push({ key, error: 'Cette personnalisation n’existe pas pour ce produit.' });
      continue;
    }
    if (seen.has(rule.id)) {
      errors.push({ key, error: 'Cette personnalisation reçoit deux réponses.' });
      continue;
    }
    seen.add(rule.id);
    const base: NewCartAnswer & { file?: CheckedFile } = { customizationId: rule.id };
    switch (rule.inputType) {
      case 'TEXT': {
        const text = answer.textValue?.trim() ?? '';
        if (rule.maxLength !== null && countCharacters(text) > rule.maxLength) {
          errors.push({ key, error: `Le texte ne peut dépasser ${rule.maxLength} caractères.` });
          continue;
        }
        if (text !== '') base.textValue = text;
        break;
      }
      case 'SELECT': {
        if (!answer.selectValue) break;
        const option = rule.values.find((value) => value.selectKey === answer.selectValue?.key);
        if (!option) {
          errors.push({ key, error: 'Ce choix n’est pas proposé.' });
          continue;
        }
        base.selectKey = option.selectKey;
        base.selectValue = option.label;
        break;
      }
      case 'CHECKBOX':
        if (answer.checkboxValue === true) base.checkboxValue = true;
        break;
      case 'FILE': {
        if (!answer.filename) break;
        if (files === null) {
          base.filename = answer.filename;
          break;
        }
        const content = files.get(answer.filename);
        if (!content) {
          errors.push({ key, error: 'Le fichier de cette personnalisation n’a pas été envoyé.' });
          continue;
        }
        usedFiles.add(answer.filename);
        const checked = await checkCustomizationFile(answer.filename, content);
        if ('error' in checked) {
          errors.push({ key, error: checked.error });
          continue;
        }
        base.filename = answer.filename.slice(0, 255);
        base.file = checked;
        break;
      }
    }
    // The fee is the input part's: an answer without it is kept only when it says nothing else.
    const gap = answerGap(rule, { ...asDomainAnswer(base), formAnswer: answer.formAnswer });
    if (gap) {
      gaps.push({ key, error: answerGapMessage(gap, rule) });
      continue;
    }
    // Adding checks the form's fields, required ones too, of an answer that gives its input
    // part; pricing a draft keeps what the form answers so far.
    const formGiven = Object.keys(answer.formAnswer ?? {}).length > 0;
    const inputGiven = inputPartGiven(rule.inputType, asDomainAnswer(base));
    if (rule.type === 'DYNAMIC_FORM' && (formGiven || (files !== null && inputGiven))) {
      const fields = formFields.get(rule.formId ?? 0) ?? [];
      const checked = checkDynamicForm(fields, answer.formAnswer ?? {});
      if (files !== null && checked.errors.length > 0) {
        errors.push(
          ...checked.errors.map((error) => ({ key: `${key}.${error.key}`, error: error.error })),
        );
        continue;
      }
      if (Object.keys(checked.answers).length > 0) base.formAnswer = checked.answers;
    }
    kept.push(base);
  }
  for (const rule of rules) {
    if (rule.isRequired && !seen.has(rule.id)) {
      gaps.push({ key: `customizations.${rule.id}`, error: answerGapMessage('REQUIRED', rule) });
    }
  }
  if (files !== null) {
    for (const name of files.keys()) {
      if (!usedFiles.has(name)) {
        errors.push({
          key: 'files',
          error: 'Un fichier envoyé ne répond à aucune personnalisation.',
        });
      }
    }
  }
  return { answers: kept, errors, gaps };
}

/**
 * A DYNAMIC_FORM answer against its form's fields, with the form's own rules (checkFormAnswer):
 * a key the form does not have is refused; FILE fields are not asked in the cart.
 */
function checkDynamicForm(fields: readonly FormField[], formAnswer: Record<string, unknown>) {
  const askable = fields.filter((field) => field.type !== 'FILE');
  const known = new Set(askable.map((field) => field.key));
  const parts = new Map<string, string[]>();
  const errors: FieldError[] = [];
  for (const [fieldKey, value] of Object.entries(formAnswer)) {
    if (!known.has(fieldKey)) {
      errors.push({
        key: fieldKey.slice(0, 50),
        error: 'Ce champ n’existe pas dans le formulaire.',
      });
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    parts.set(
      fieldKey,
      values
        .filter((item) => ['string', 'number', 'boolean'].includes(typeof item))
        .map((item) => String(item)),
    );
  }
  const checked = checkFormAnswer(askable, parts);
  return { answers: checked.answers, errors: [...errors, ...checked.errors] };
}

/** The usable fields of the forms the customizations ask (a broken stored field is left out). */
export function parseFormFields(rows: readonly { id: number; fields: unknown[] }[]) {
  return new Map(
    rows.map((row) => [
      row.id,
      row.fields.flatMap((candidate) => {
        const parsed = formFieldSchema.safeParse(candidate);
        return parsed.success ? [parsed.data] : [];
      }),
    ]),
  );
}

/** The 422 of answers that cannot be kept, every pair told. */
export function invalidAnswers(errors: FieldError[]): HttpError {
  return new HttpError(422, addToCartErrorText(CUSTOMIZATION_INVALID_MESSAGE, errors), errors);
}

// ---------------------------------------------------------------------------------------------
// Price the cart, check a quantity
// ---------------------------------------------------------------------------------------------

/*
 * The cart's steps "price" and "check the quantity": every cart call answers the whole cart
 * priced from the catalogue now, and a quantity is checked against the product's rules and
 * stock with the spec's messages.
 */

/** The declination's price rule as the domain reads it. */
function pricingOf(declination: DeclinationRow) {
  return {
    priceCents: declination.priceCents,
    fixedPriceCents: declination.fixedPriceCents,
    discountType: declination.discountType,
    discountAmount: declination.discountAmount,
  };
}

/**
 * Stock for the domain check, by the storefront's rule (`limitingStock`): null when the site does
 * not use stock (USE_STOCK off, docs/requirements/site-parameters.md) or the declination's stock
 * is not managed.
 */
export function stockOf(declination: DeclinationRow, useStock: boolean): number | null {
  return limitingStock(declination, useStock);
}

/**
 * Prices one unit: the quantity tier's price, plus each answer's cost, a percentage being of the
 * unit price before quantity discounts (decision 0024).
 */
export function priceUnit(
  declination: DeclinationRow,
  tiers: readonly DecreasingDiscountTier[],
  rules: readonly RuleWithValues[],
  answers: readonly (CartAnswerRecord | NewCartAnswer)[],
  quantity: number,
) {
  const baseUnit = unitPriceCents(pricingOf(declination));
  const unit = unitPriceForQuantityCents(pricingOf(declination), tiers, quantity);
  const costs = answers.map((answer) => {
    const rule = rules.find((candidate) => candidate.id === answer.customizationId);
    return {
      customizationId: answer.customizationId,
      costCents: rule ? customizationCostCents(rule, asDomainAnswer(answer), baseUnit) : 0,
    };
  });
  return {
    unitPriceCents: unit,
    costs,
    customizationCostCents: costs.reduce((sum, cost) => sum + cost.costCents, 0),
  };
}

/** The whole cart, priced from the catalogue now (docs/requirements/cart.md: every cart call answers it). */
export async function priceCart(repository: CartRepository, cart: CartRecord): Promise<Cart> {
  const lines = await repository.listLines(cart.siteId, cart.id);
  const declinationRows = await repository.findDeclinations(
    cart.siteId,
    lines.map((line) => line.declinationId),
  );
  const productIds = [...new Set(declinationRows.map((row) => row.productId))];
  const [tiers, rules, answers, vouchers] = await Promise.all([
    repository.listDecreasingDiscounts(cart.siteId, productIds),
    repository.listCustomizations(cart.siteId, productIds).then(rulesByProduct),
    repository.listAnswers(
      cart.siteId,
      lines.map((line) => line.id),
    ),
    repository.listGiftVoucherLines(
      cart.siteId,
      lines.map((line) => line.id),
    ),
  ]);
  const products: CartProduct[] = [];
  for (const line of lines) {
    const declination = declinationRows.find((row) => row.declinationId === line.declinationId);
    if (!declination) continue;
    const productRules = rules.get(declination.productId) ?? [];
    const lineAnswers = answers.filter((answer) => answer.cartProductId === line.id);
    const voucher = vouchers.find((candidate) => candidate.cartProductId === line.id);
    // A gift voucher line costs the amount chosen for it (checked when it was added).
    const price = voucher
      ? { unitPriceCents: voucher.amountCents, costs: [], customizationCostCents: 0 }
      : priceUnit(
          declination,
          tiers.filter((tier) => tier.productId === declination.productId),
          productRules,
          lineAnswers,
          line.quantity,
        );
    products.push({
      id: line.id,
      productId: declination.productId,
      declinationId: declination.declinationId,
      quantity: line.quantity,
      type: declination.type,
      isDematerialized: declination.isDematerialized,
      hasShippingFees: declination.hasShippingFees,
      capacity: declination.capacity,
      capacityUnit: declination.capacityUnit,
      sellByMultipleOf: declination.sellByMultipleOf,
      name: voucher ? `${declination.name} pour ${voucher.recipientName}` : declination.name,
      year: declination.year,
      imageUrl: declination.declinationImageUrl ?? declination.productImageUrl,
      unitPriceCents: price.unitPriceCents,
      customizationCostCents: price.customizationCostCents,
      customizations: lineAnswers.map((answer) => ({
        customizationId: answer.customizationId,
        label: productRules.find((rule) => rule.id === answer.customizationId)?.label ?? '',
        textValue: answer.textValue,
        checkboxValue: answer.checkboxValue,
        selectValue: answer.selectKey ? { key: answer.selectKey, value: answer.selectValue } : null,
        filename: answer.filename,
        formAnswer: (answer.formAnswer as Record<string, unknown> | null) ?? null,
        costCents:
          price.costs.find((cost) => cost.customizationId === answer.customizationId)?.costCents ??
          0,
      })),
      totalCents: lineTotalCents({
        quantity: line.quantity,
        unitPriceCents: price.unitPriceCents,
        customizationCostCents: price.customizationCostCents,
      }),
      ...(voucher ? { isGiftVoucher: true } : {}),
    });
  }
  const totals = cartTotals(products);
  return {
    id: cart.id,
    type: cart.type,
    products,
    totalProduct: totals.totalProductCents,
    totalQuantity: totals.totalQuantity,
    bottleCount: countBottles(products),
    isDematerialized: products.length > 0 && products.every((product) => product.isDematerialized),
    // The code, if the cart carries one, is judged after (cart-code.ts).
    discount: null,
    totalCents: totals.totalProductCents,
  };
}

/** Throws the spec's quantity message (docs/requirements/cart.md) when the quantity cannot be in the cart. */
export function checkQuantity(
  declination: DeclinationRow,
  quantity: number,
  alreadyInCart: number,
  useStock: boolean,
) {
  const error = cartQuantityError({
    quantity,
    sellByMultipleOf: declination.sellByMultipleOf,
    productType: declination.type,
    stock: stockOf(declination, useStock),
    alreadyInCart,
  });
  if (error) throw new HttpError(422, error);
}
