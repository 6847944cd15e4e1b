import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  CART_NOT_FOUND_MESSAGE,
  CART_PRODUCT_NOT_FOUND_MESSAGE,
  CUSTOMIZATION_INVALID_MESSAGE,
  CUSTOMIZATION_NOT_FOUND_MESSAGE,
  DECLINATION_NOT_FOUND_MESSAGE,
  type Cart,
  type CartProduct,
  type CustomizationAnswerInput,
  type CustomizePrice,
} from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import { checkFormAnswer, formFieldSchema, type FormField } from '@comptoir/contract/form';
import { addToCartErrorText, cartQuantityError } from '@comptoir/domain/add-to-cart';
import { countBottles } from '@comptoir/domain/bottle-count';
import {
  answersKey,
  cartTotals,
  lineTotalCents,
  mergedQuantity,
} from '@comptoir/domain/cart-lines';
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
import type { FileStorage } from '../../plugins/storage';
import type { UserRecord } from '../user/user-repository';
import { NOT_LOGGED_IN_MESSAGE } from '../user/user-service';
import type {
  CartAnswerRecord,
  CartLineQueries,
  CartRecord,
  CartRepository,
  DeclinationRow,
  NewCartAnswer,
  NewCartGiftVoucher,
} from './cart-repository';
import type { NewCartLimiter } from './cart-limits';
import { checkCustomizationFile, type AddToCartParts, type CheckedFile } from './cart-upload';

/** Who is asking: the logged-in user, and the cart secret cookie the browser sent. */
export interface CartCaller {
  user: UserRecord | null;
  secret: string | null;
  /** The client's address (request.ip): anonymous carts opened are counted per address. */
  address: string;
}

/** A cart answer, and the secret to set as a cookie when this call created an anonymous cart. */
export interface CartOutcome {
  cart: Cart;
  newSecret: string | null;
}

const notFound = () => new HttpError(404, CART_NOT_FOUND_MESSAGE);

/** PostgreSQL's foreign_key_violation: the cart was deleted while a line was being added. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

export function hashCartSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function secretMatches(secret: string | null, storedHash: string | null): boolean {
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

type CustomizationRules = Awaited<ReturnType<CartRepository['listCustomizations']>>;
type CustomizationRow = CustomizationRules['customizations'][number];
type ValueRow = CustomizationRules['values'][number];
interface RuleWithValues extends CustomizationRow {
  values: ValueRow[];
}

function rulesByProduct(rules: CustomizationRules): Map<number, RuleWithValues[]> {
  const byProduct = new Map<number, RuleWithValues[]>();
  for (const customization of rules.customizations) {
    const values = rules.values.filter((value) => value.customizationId === customization.id);
    const list = byProduct.get(customization.productId) ?? [];
    list.push({ ...customization, values });
    byProduct.set(customization.productId, list);
  }
  return byProduct;
}

function asDomainAnswer(answer: CartAnswerRecord | NewCartAnswer): CustomizationAnswer {
  return {
    textValue: answer.textValue ?? null,
    checkboxValue: answer.checkboxValue ?? null,
    selectValue: answer.selectKey
      ? { key: answer.selectKey, value: answer.selectValue ?? null }
      : null,
    filename: answer.filename ?? null,
  };
}

/** The declination's price rule as the domain reads it. */
function pricingOf(declination: DeclinationRow) {
  return {
    priceCents: declination.priceCents,
    fixedPriceCents: declination.fixedPriceCents,
    discountType: declination.discountType,
    discountAmount: declination.discountAmount,
  };
}

/** Stock for the domain check: null when the declination's stock is not managed. */
function stockOf(declination: DeclinationRow): number | null {
  return declination.isStockManaged ? declination.stock : null;
}

/**
 * Prices one unit: the quantity tier's price, plus each answer's cost, a percentage being of the
 * unit price before quantity discounts (decision 0024).
 */
function priceUnit(
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

/**
 * Checks a visitor's answers against the product's customizations and keeps only what each
 * input type reads; the stored select label is the catalogue's, never the request's.
 * `files` is null when only pricing (a FILE answer then just needs a name).
 * `errors` are answers that cannot be read; `gaps` are answers that are missing or only half
 * given (decision 0081): an add refuses both, pricing a draft only the first.
 */
async function checkAnswers(
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
function parseFormFields(rows: readonly { id: number; fields: unknown[] }[]) {
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

function invalidAnswers(errors: FieldError[]): HttpError {
  return new HttpError(422, addToCartErrorText(CUSTOMIZATION_INVALID_MESSAGE, errors), errors);
}

export function createCartService(
  repository: CartRepository,
  storage: FileStorage,
  newCarts: NewCartLimiter,
) {
  /** The cart if the caller may use it: its account's user, or the holder of its secret. */
  async function accessibleCart(siteId: number, cartId: number, caller: CartCaller) {
    const cart = await repository.findCart(siteId, cartId);
    if (!cart || !ownsCart(cart, { userId: caller.user?.id ?? null, secret: caller.secret })) {
      throw notFound();
    }
    return cart;
  }

  /** The whole cart, priced from the catalogue now (docs/requirements/cart.md: every cart call answers it). */
  async function view(cart: CartRecord): Promise<Cart> {
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
          selectValue: answer.selectKey
            ? { key: answer.selectKey, value: answer.selectValue }
            : null,
          filename: answer.filename,
          formAnswer: (answer.formAnswer as Record<string, unknown> | null) ?? null,
          costCents:
            price.costs.find((cost) => cost.customizationId === answer.customizationId)
              ?.costCents ?? 0,
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
      isDematerialized:
        products.length > 0 && products.every((product) => product.isDematerialized),
    };
  }

  /** Throws the spec's quantity message (docs/requirements/cart.md) when the quantity cannot be in the cart. */
  function checkQuantity(declination: DeclinationRow, quantity: number, alreadyInCart: number) {
    const error = cartQuantityError({
      quantity,
      sellByMultipleOf: declination.sellByMultipleOf,
      productType: declination.type,
      stock: stockOf(declination),
      alreadyInCart,
    });
    if (error) throw new HttpError(422, error);
  }

  /**
   * A new cart: bound to the user, or anonymous with a fresh secret (only its hash is kept). An
   * anonymous cart counts against its address's limit, and past it nothing is created (429).
   */
  async function newCart(queries: CartLineQueries, siteId: number, caller: CartCaller) {
    const { user } = caller;
    if (user) return { cart: await queries.createCart(siteId, user.id, null), newSecret: null };
    await newCarts.admit(caller.address);
    const newSecret = randomBytes(32).toString('base64url');
    return {
      cart: await queries.createCart(siteId, null, hashCartSecret(newSecret)),
      newSecret,
    };
  }

  return {
    /** POST /cart: a logged-in user's main cart (created the first time); a visitor a new one. */
    async open(siteId: number, caller: CartCaller): Promise<CartOutcome> {
      if (caller.user) {
        const existing = await repository.findMainCart(siteId, caller.user.id);
        if (existing) return { cart: await view(existing), newSecret: null };
      }
      const created = await newCart(repository, siteId, caller);
      return { cart: await view(created.cart), newSecret: created.newSecret };
    },

    async get(siteId: number, cartId: number, caller: CartCaller): Promise<Cart> {
      return view(await accessibleCart(siteId, cartId, caller));
    },

    async addProduct(
      siteId: number,
      target: number | 'new',
      declinationId: number,
      parts: AddToCartParts,
      caller: CartCaller,
    ): Promise<CartOutcome> {
      let cart: CartRecord | null =
        target === 'new' ? null : await accessibleCart(siteId, target, caller);
      if (target === 'new' && caller.user) {
        cart = await repository.findMainCart(siteId, caller.user.id);
      }
      // A visitor past the limit is refused before any part is checked or any file stored.
      if (!cart && !caller.user) await newCarts.check(caller.address);
      const declination = await repository.findPublishedDeclination(siteId, declinationId);
      if (!declination) throw new HttpError(404, DECLINATION_NOT_FOUND_MESSAGE);
      const rules =
        rulesByProduct(await repository.listCustomizations(siteId, [declination.productId])).get(
          declination.productId,
        ) ?? [];
      const formIds = rules.flatMap((rule) => (rule.formId === null ? [] : [rule.formId]));
      const formFields = parseFormFields(await repository.listFormFields(siteId, formIds));
      const checked = await checkAnswers(rules, parts.answers, parts.files, formFields);
      if (checked.errors.length + checked.gaps.length > 0) {
        throw invalidAnswers([...checked.errors, ...checked.gaps]);
      }
      // Quantity messages before any file is stored: nothing is kept for a refused add.
      const early = cartQuantityError({
        quantity: parts.quantity,
        sellByMultipleOf: declination.sellByMultipleOf,
        productType: declination.type,
        stock: null,
      });
      if (early) throw new HttpError(422, early);

      const stored: string[] = [];
      const answers: NewCartAnswer[] = [];
      for (const { file, ...answer } of checked.answers) {
        if (file) {
          const key = await storage.save(file.content, file.extension);
          stored.push(key);
          answers.push({ ...answer, fileKey: key });
        } else {
          answers.push(answer);
        }
      }
      const key = answersKey(
        answers.map((answer) => ({
          customizationId: answer.customizationId,
          ...asDomainAnswer(answer),
          formAnswer: answer.formAnswer ?? null,
        })),
      );
      try {
        const outcome = await repository.withLockedDeclination(
          siteId,
          declinationId,
          async (locked, queries) => {
            if (!locked) throw new HttpError(404, DECLINATION_NOT_FOUND_MESSAGE);
            // Read under the lock: whatever an earlier add committed is counted. A cart about to
            // be opened holds nothing: the stock is checked before it exists, so that a refused
            // add opens no cart and uses none of the address's allowance.
            const already = cart
              ? await queries.quantityInCart(siteId, cart.id, declinationId, null)
              : 0;
            checkQuantity(locked, parts.quantity, already);
            const created = cart ? null : await newCart(queries, siteId, caller);
            const into = cart ?? created!.cart;
            const line = await queries.findLineByAnswers(siteId, into.id, declinationId, key);
            if (line) {
              await queries.setLineQuantity(siteId, line.id, line.quantity + parts.quantity);
            } else {
              await queries.insertLine(
                siteId,
                into.id,
                declinationId,
                parts.quantity,
                key,
                answers,
              );
            }
            await queries.touchCart(siteId, into.id);
            return { cart: into, newSecret: created?.newSecret ?? null, reusedLine: line !== null };
          },
        );
        // The same answers were already on a line: its files are the ones kept.
        if (outcome.reusedLine) await Promise.all(stored.map((name) => storage.delete(name)));
        return { cart: await view(outcome.cart), newSecret: outcome.newSecret };
      } catch (error) {
        await Promise.all(stored.map((name) => storage.delete(name)));
        throw isForeignKeyViolation(error) ? notFound() : error;
      }
    },

    /**
     * Puts a gift voucher in the cart (or a new one): a line of its own, one unit, priced at the
     * amount the caller checked against the site's limits. Two vouchers never merge.
     */
    async addGiftVoucher(
      siteId: number,
      target: number | 'new',
      voucher: NewCartGiftVoucher,
      caller: CartCaller,
    ): Promise<CartOutcome> {
      let cart: CartRecord | null =
        target === 'new' ? null : await accessibleCart(siteId, target, caller);
      if (target === 'new' && caller.user) {
        cart = await repository.findMainCart(siteId, caller.user.id);
      }
      if (!cart && !caller.user) await newCarts.check(caller.address);
      const declinationId = await repository.giftVoucherDeclinationId(siteId);
      try {
        const outcome = await repository.inTransaction(async (queries) => {
          const created = cart ? null : await newCart(queries, siteId, caller);
          const into = cart ?? created!.cart;
          const lineId = await queries.insertLine(
            siteId,
            into.id,
            declinationId,
            1,
            `gift-voucher:${randomUUID()}`,
            [],
          );
          await queries.insertGiftVoucher(siteId, lineId, voucher);
          await queries.touchCart(siteId, into.id);
          return { cart: into, newSecret: created?.newSecret ?? null };
        });
        return { cart: await view(outcome.cart), newSecret: outcome.newSecret };
      } catch (error) {
        throw isForeignKeyViolation(error) ? notFound() : error;
      }
    },

    async updateQuantity(
      siteId: number,
      cartId: number,
      productId: number,
      body: { quantity: number; idCartProduct: number },
      caller: CartCaller,
    ): Promise<Cart> {
      const cart = await accessibleCart(siteId, cartId, caller);
      const line = (await repository.listLines(siteId, cart.id)).find(
        (candidate) => candidate.id === body.idCartProduct,
      );
      const declination = line
        ? await repository.findPublishedDeclination(siteId, line.declinationId)
        : null;
      if (!line || !declination || declination.productId !== productId) {
        throw new HttpError(404, CART_PRODUCT_NOT_FOUND_MESSAGE);
      }
      await repository.withLockedDeclination(
        siteId,
        line.declinationId,
        async (locked, queries) => {
          if (!locked) throw new HttpError(404, CART_PRODUCT_NOT_FOUND_MESSAGE);
          const others = await queries.quantityInCart(siteId, cart.id, line.declinationId, line.id);
          checkQuantity(locked, body.quantity, others);
          await queries.setLineQuantity(siteId, line.id, body.quantity);
          await queries.touchCart(siteId, cart.id);
        },
      );
      return view(cart);
    },

    async deleteCart(siteId: number, cartId: number, caller: CartCaller): Promise<void> {
      const cart = await accessibleCart(siteId, cartId, caller);
      const lines = await repository.listLines(siteId, cart.id);
      const files = (
        await repository.listAnswers(
          siteId,
          lines.map((line) => line.id),
        )
      ).flatMap((answer) => (answer.fileKey ? [answer.fileKey] : []));
      await repository.deleteCart(siteId, cart.id);
      await Promise.all(files.map((name) => storage.delete(name)));
    },

    async deleteLine(
      siteId: number,
      cartId: number,
      productId: number,
      lineId: number,
      caller: CartCaller,
    ): Promise<Cart> {
      const cart = await accessibleCart(siteId, cartId, caller);
      const line = (await repository.listLines(siteId, cart.id)).find(
        (candidate) => candidate.id === lineId,
      );
      const declination = line
        ? (await repository.findDeclinations(siteId, [line.declinationId]))[0]
        : undefined;
      if (!line || declination?.productId !== productId) {
        throw new HttpError(404, CART_PRODUCT_NOT_FOUND_MESSAGE);
      }
      const files = (await repository.listAnswers(siteId, [line.id])).flatMap((answer) =>
        answer.fileKey ? [answer.fileKey] : [],
      );
      await repository.deleteLine(siteId, line.id);
      await repository.touchCart(siteId, cart.id);
      await Promise.all(files.map((name) => storage.delete(name)));
      return view(cart);
    },

    /**
     * After login (docs/requirements/cart.md): the user's own cart is theirs again; an anonymous cart becomes
     * theirs only with its secret. When the user already has a main cart, the anonymous cart's
     * lines move into it (same declination and answers: quantities added, kept within stock and
     * multiple) and the anonymous cart is deleted. Anything else: 404, nothing changed.
     */
    async makeDefault(
      siteId: number,
      cartId: number,
      caller: CartCaller,
    ): Promise<{ cart: Cart; secretUsed: boolean }> {
      const user = caller.user;
      if (!user) throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
      const cart = await repository.findCart(siteId, cartId);
      if (!cart) throw notFound();
      if (cart.userId === user.id) return { cart: await view(cart), secretUsed: false };
      if (cart.userId !== null || !secretMatches(caller.secret, cart.secretHash)) throw notFound();

      const main = await repository.findMainCart(siteId, user.id);
      if (!main) {
        const claimed = await repository.claimCart(siteId, cart.id, user.id, cart.secretHash!);
        if (!claimed) throw notFound();
        return { cart: await view(claimed), secretUsed: true };
      }
      const anonymousFiles = (
        await repository.listAnswers(
          siteId,
          (await repository.listLines(siteId, cart.id)).map((line) => line.id),
        )
      ).flatMap((answer) =>
        answer.fileKey ? [{ lineId: answer.cartProductId, key: answer.fileKey }] : [],
      );
      const moved = new Set<number>();
      const merged = await repository.inTransaction(async (queries, tx) => {
        // The anonymous cart is locked first: a second login racing with this one waits, then
        // finds it gone.
        const locked = await repository.lockAnonymousCart(tx, siteId, cart.id, cart.secretHash!);
        if (!locked) return false;
        const lines = await queries.listLines(siteId, cart.id);
        // Declinations are locked in id order, as every add-to-cart locks one: no deadlock.
        const declinationIds = [...new Set(lines.map((line) => line.declinationId))].sort(
          (a, b) => a - b,
        );
        for (const declinationId of declinationIds) {
          const declination = await repository.lockDeclination(tx, siteId, declinationId);
          for (const line of lines.filter(
            (candidate) => candidate.declinationId === declinationId,
          )) {
            if (!declination) continue;
            const existing = await queries.findLineByAnswers(
              siteId,
              main.id,
              declinationId,
              line.answersKey,
            );
            const others = await queries.quantityInCart(
              siteId,
              main.id,
              declinationId,
              existing?.id ?? null,
            );
            const quantity = mergedQuantity({
              quantities: [existing?.quantity ?? 0, line.quantity],
              sellByMultipleOf: declination.sellByMultipleOf,
              stock: stockOf(declination),
              otherLinesQuantity: others,
            });
            if (existing) {
              if (quantity > 0) await queries.setLineQuantity(siteId, existing.id, quantity);
              else await queries.deleteLine(siteId, existing.id);
            } else if (quantity > 0) {
              await queries.moveLine(siteId, line.id, main.id, quantity);
              moved.add(line.id);
            }
          }
        }
        // What did not move (merged into an existing line, or out of stock) goes with the cart.
        await repository.deleteCart(siteId, cart.id, tx);
        await queries.touchCart(siteId, main.id);
        return true;
      });
      if (!merged) throw notFound();
      await Promise.all(
        anonymousFiles
          .filter((file) => !moved.has(file.lineId))
          .map((file) => storage.delete(file.key)),
      );
      return { cart: await view(main), secretUsed: true };
    },

    /**
     * The lines of a priced cart whose answers the product's customizations, as they are now,
     * no longer take (a customization made required after the line was added): the order
     * refuses them, one `products.{line}` pair each (decision 0081).
     */
    async answerProblems(siteId: number, cart: Cart): Promise<FieldError[]> {
      const productIds = [...new Set(cart.products.map((line) => line.productId))];
      const rules = rulesByProduct(await repository.listCustomizations(siteId, productIds));
      const problems: FieldError[] = [];
      for (const line of cart.products) {
        if (line.isGiftVoucher) continue;
        for (const rule of rules.get(line.productId) ?? []) {
          const answer = line.customizations.find(
            (candidate) => candidate.customizationId === rule.id,
          );
          const gap = answerGap(rule, answer ?? null);
          if (!gap) continue;
          problems.push({
            key: `products.${line.id}`,
            error: `${answerGapMessage(gap, rule)} Retirez cet article et ajoutez-le de nouveau avec sa personnalisation.`,
          });
          break;
        }
      }
      return problems;
    },

    /** Prices answers from the catalogue, per unit and for the quantity (1 by default). */
    async priceCustomization(
      siteId: number,
      productId: number,
      declinationId: number,
      body: { customizations: CustomizationAnswerInput[]; quantity?: number },
    ): Promise<CustomizePrice> {
      const declination = await repository.findPublishedDeclination(siteId, declinationId);
      if (!declination || declination.productId !== productId) {
        throw new HttpError(404, DECLINATION_NOT_FOUND_MESSAGE);
      }
      const rules =
        rulesByProduct(await repository.listCustomizations(siteId, [productId])).get(productId) ??
        [];
      // A draft may be missing answers or half of one: the add says so, the price does not.
      const checked = await checkAnswers(rules, body.customizations, null);
      if (checked.errors.length > 0) throw invalidAnswers(checked.errors);
      const quantity = body.quantity ?? 1;
      const tiers = await repository.listDecreasingDiscounts(siteId, [productId]);
      const price = priceUnit(declination, tiers, rules, checked.answers, quantity);
      return {
        unitPriceCents: price.unitPriceCents,
        customizations: price.costs,
        customizationCostCents: price.customizationCostCents,
        quantity,
        totalCents: lineTotalCents({ quantity, ...price }),
      };
    },

    /** Checks a FILE customization's upload: type by content, size. Nothing is stored. */
    async validateFile(
      siteId: number,
      customizationId: number,
      received: { filename: string; content: Buffer | null },
    ) {
      const customization = await repository.findCustomization(siteId, customizationId);
      if (!customization || customization.inputType !== 'FILE') {
        throw new HttpError(404, CUSTOMIZATION_NOT_FOUND_MESSAGE);
      }
      const checked =
        received.content === null
          ? { error: 'Le fichier est trop volumineux.' }
          : await checkCustomizationFile(received.filename, received.content);
      if ('error' in checked) {
        throw new HttpError(422, checked.error, [{ key: 'file', error: checked.error }]);
      }
      return {
        filename: checked.filename,
        mimeType: checked.mimeType,
        size: checked.content.length,
      };
    },
  };
}

/** The cart rules as the routes of the cart, the delivery and the calendar use them. */
export type CartService = ReturnType<typeof createCartService>;
