import { randomUUID } from 'node:crypto';
import {
  CART_PRODUCT_NOT_FOUND_MESSAGE,
  CUSTOMIZATION_NOT_FOUND_MESSAGE,
  DECLINATION_NOT_FOUND_MESSAGE,
  type Cart,
  type CustomizationAnswerInput,
  type CustomizePrice,
} from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import {
  answersKey,
  cartQuantityError,
  lineTotalCents,
  mergedQuantity,
} from '@comptoir/domain/cart';
import { answerGap, answerGapMessage } from '@comptoir/domain/customization-cost';
import { HttpError } from '../../http/http-error';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { FileStorage } from '../../plugins/storage';
import { NOT_LOGGED_IN_MESSAGE } from '../user';
import type {
  CartLineQueries,
  CartRecord,
  CartRepository,
  NewCartAnswer,
  NewCartGiftVoucher,
} from './cart-repository';
import {
  checkAnswers,
  checkCustomizationFile,
  invalidAnswers,
  parseFormFields,
  type AddToCartParts,
} from './cart-answers';
import {
  accessibleCart as findAccessibleCart,
  asDomainAnswer,
  cartNotFound,
  checkQuantity,
  codeToKeep,
  openNewCart,
  priceCart,
  priceUnit,
  rulesByProduct,
  secretMatches,
  stockOf,
  withCartCode,
  type CartCaller,
  type CartCodeJudge,
  type NewCartLimiter,
} from './cart-steps';
export { hashCartSecret, ownsCart, type CartCaller } from './cart-steps';

/** A cart answer, and the secret to set as a cookie when this call created an anonymous cart. */
export interface CartOutcome {
  cart: Cart;
  newSecret: string | null;
}

const notFound = cartNotFound;

/** The cart a visitor is about to open, as a code is judged against it. */
function emptyCart(): Cart {
  return {
    id: 0,
    type: 'MAIN_CART',
    products: [],
    totalProduct: 0,
    totalQuantity: 0,
    bottleCount: 0,
    isDematerialized: false,
    discount: null,
    totalCents: 0,
  };
}

/** PostgreSQL's foreign_key_violation: the cart was deleted while a line was being added. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

export function createCartService(
  repository: CartRepository,
  storage: FileStorage,
  newCarts: NewCartLimiter,
  readParameters: SiteParameterReader,
) {
  /** The discount module's judge of codes (plugged in by compose.ts once it is built). */
  let judge: CartCodeJudge | null = null;
  const view = async (cart: CartRecord, caller: CartCaller) =>
    withCartCode(judge, cart.siteId, await priceCart(repository, cart), cart.discountCode, caller);

  /**
   * A `discountCode` sent with a cart call (decision 0099): judged against the cart as it is now
   * and kept when it applies (422 with the checkout's message otherwise, the cart's code
   * unchanged); an empty one takes the cart's code off; absent, nothing changes.
   */
  async function keepCode(
    cart: CartRecord,
    code: string | undefined,
    caller: CartCaller,
  ): Promise<CartRecord> {
    if (code === undefined) return cart;
    let kept: string | null = null;
    if (code !== '') {
      if (!judge) throw new Error('No discount code judge was plugged into the cart module');
      kept = codeToKeep(await judge(cart.siteId, code, await priceCart(repository, cart), caller));
    }
    const updated = await repository.setDiscountCode(cart.siteId, cart.id, kept);
    if (!updated) throw notFound();
    return updated;
  }
  /** Whether the site manages stock (USE_STOCK, docs/requirements/site-parameters.md): off, no stock limits a line. */
  const usesStock = async (siteId: number) => (await readParameters(siteId)).isOn('USE_STOCK');
  const accessibleCart = (siteId: number, cartId: number, caller: CartCaller) =>
    findAccessibleCart(repository, siteId, cartId, caller);
  const newCart = (queries: CartLineQueries, siteId: number, caller: CartCaller) =>
    openNewCart(queries, newCarts, siteId, caller);

  return {
    /** The discount module's judge of the codes cart calls carry (compose.ts, decision 0099). */
    judgeCodesWith(codeJudge: CartCodeJudge): void {
      judge = codeJudge;
    },

    /**
     * POST /cart: a logged-in user's main cart (created the first time); a visitor a new one.
     * A code for a cart about to be opened is judged against that empty cart first: refused, no
     * cart is opened.
     */
    async open(siteId: number, caller: CartCaller, discountCode?: string): Promise<CartOutcome> {
      if (caller.user) {
        const existing = await repository.findMainCart(siteId, caller.user.id);
        if (existing) {
          return {
            cart: await view(await keepCode(existing, discountCode, caller), caller),
            newSecret: null,
          };
        }
      }
      if (discountCode && judge) {
        codeToKeep(await judge(siteId, discountCode, emptyCart(), caller));
      }
      const created = await newCart(repository, siteId, caller);
      const cart = await keepCode(created.cart, discountCode, caller);
      return { cart: await view(cart, caller), newSecret: created.newSecret };
    },

    async get(siteId: number, cartId: number, caller: CartCaller): Promise<Cart> {
      return view(await accessibleCart(siteId, cartId, caller), caller);
    },

    /** POST /cart/{cartId}: the cart, with the code it carries changed first when one is sent. */
    async refresh(
      siteId: number,
      cartId: number,
      caller: CartCaller,
      discountCode?: string,
    ): Promise<Cart> {
      const cart = await accessibleCart(siteId, cartId, caller);
      return view(await keepCode(cart, discountCode, caller), caller);
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
      const useStock = await usesStock(siteId);

      const stored: string[] = [];
      const answers: NewCartAnswer[] = [];
      try {
        // A file that cannot be stored (S3 down: 503) leaves none of the others behind.
        for (const { file, ...answer } of checked.answers) {
          if (file) {
            const fileKey = await storage.save(file.content, file.extension);
            stored.push(fileKey);
            answers.push({ ...answer, fileKey });
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
            checkQuantity(locked, parts.quantity, already, useStock);
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
        return { cart: await view(outcome.cart, caller), newSecret: outcome.newSecret };
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
        return { cart: await view(outcome.cart, caller), newSecret: outcome.newSecret };
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
      const useStock = await usesStock(siteId);
      await repository.withLockedDeclination(
        siteId,
        line.declinationId,
        async (locked, queries) => {
          if (!locked) throw new HttpError(404, CART_PRODUCT_NOT_FOUND_MESSAGE);
          const others = await queries.quantityInCart(siteId, cart.id, line.declinationId, line.id);
          checkQuantity(locked, body.quantity, others, useStock);
          await queries.setLineQuantity(siteId, line.id, body.quantity);
          await queries.touchCart(siteId, cart.id);
        },
      );
      return view(cart, caller);
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
      return view(cart, caller);
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
      if (cart.userId === user.id) return { cart: await view(cart, caller), secretUsed: false };
      if (cart.userId !== null || !secretMatches(caller.secret, cart.secretHash)) throw notFound();

      const main = await repository.findMainCart(siteId, user.id);
      if (!main) {
        const claimed = await repository.claimCart(siteId, cart.id, user.id, cart.secretHash!);
        if (!claimed) throw notFound();
        return { cart: await view(claimed, caller), secretUsed: true };
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
      const useStock = await usesStock(siteId);
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
              stock: stockOf(declination, useStock),
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
      // The code the visitor applied goes with their lines, unless the main cart has its own.
      const kept =
        cart.discountCode !== null && main.discountCode === null
          ? ((await repository.setDiscountCode(siteId, main.id, cart.discountCode)) ?? main)
          : main;
      await Promise.all(
        anonymousFiles
          .filter((file) => !moved.has(file.lineId))
          .map((file) => storage.delete(file.key)),
      );
      return { cart: await view(kept, caller), secretUsed: true };
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
