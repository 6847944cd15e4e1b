import { randomBytes } from 'node:crypto';
import type { Cart } from '@comptoir/contract/cart';
import type { DiscountCheck } from '@comptoir/contract/discount';
import type { FieldError } from '@comptoir/contract/envelope';
import {
  GIFT_VOUCHER_DISABLED_MESSAGE,
  GIFT_VOUCHER_EMPTY_MESSAGE,
  GIFT_VOUCHER_EXPIRED_MESSAGE,
  GIFT_VOUCHER_FOR_GIFT_VOUCHER_MESSAGE,
  GIFT_VOUCHER_INVALID_MESSAGE,
  GIFT_VOUCHER_SEND_DATE_MESSAGE,
  GIFT_VOUCHER_UNKNOWN_MESSAGE,
  GIFT_VOUCHERS_NOT_SOLD_MESSAGE,
  type AddGiftVoucherBody,
  type GiftVoucherSettings,
} from '@comptoir/contract/gift-voucher';
import { addToCartErrorText } from '@comptoir/domain/cart';
import {
  buysGiftVoucher,
  formatGiftVoucherCode,
  giftVoucherAmountError,
  giftVoucherExpiry,
  giftVoucherRulesOf,
  giftVoucherShare,
  GIFT_VOUCHER_ALPHABET,
  GIFT_VOUCHER_CODE_LENGTH,
  normalizeGiftVoucherCode,
} from '@comptoir/domain/gift-voucher';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { formatPrice } from '@comptoir/domain/money';
import { HttpError } from '../../http/http-error';
import type { SiteParameterValues } from '../../lib/site-parameter-values';
import type { Mailer, OutgoingMail } from '../../plugins/mail';
import type { CartCaller, CartOutcome, CartService } from '../cart';
import type { MailLimiter } from '../mail';
import { siteBaseUrl, siteMailSender } from '../mail';
import { isUniqueViolation } from '../../db/unique-violation';
import type { SiteRecord } from '../site';
import { renderGiftVoucherPdf } from './gift-voucher-pdf';
import { giftVoucherMail } from './gift-voucher-mail';
import type { GiftVoucherRecord, GiftVoucherRepository, Queries } from './gift-voucher-repository';

const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2027-05-31" → "31 mai 2027". */
export function frenchDay(day: string): string {
  return longDate.format(new Date(`${day}T00:00:00Z`));
}

/** A new code: 16 characters drawn uniformly from the alphabet (rejection sampling, no bias). */
export function newGiftVoucherCode(): string {
  const size = GIFT_VOUCHER_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < GIFT_VOUCHER_CODE_LENGTH) {
    for (const byte of randomBytes(32)) {
      if (byte >= limit) continue;
      code += GIFT_VOUCHER_ALPHABET[byte % size];
      if (code.length === GIFT_VOUCHER_CODE_LENGTH) break;
    }
  }
  return code;
}

/** The Paris day a year after `day`: the furthest a voucher's mail can be put off. */
function aYearAfter(day: string): string {
  return giftVoucherExpiry(day, 12);
}

/** A real day written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

/** What a code is worth today, or the French reason it cannot be used. */
type CodeState =
  { ok: true; voucher: GiftVoucherRecord } | { ok: false; error: string; known: boolean };

function stateOf(voucher: GiftVoucherRecord | null, today: string): CodeState {
  if (!voucher) return { ok: false, error: GIFT_VOUCHER_UNKNOWN_MESSAGE, known: false };
  if (voucher.disabledAt !== null) {
    return { ok: false, error: GIFT_VOUCHER_DISABLED_MESSAGE, known: true };
  }
  if (voucher.expiresOn < today) {
    return {
      ok: false,
      error: GIFT_VOUCHER_EXPIRED_MESSAGE(frenchDay(voucher.expiresOn)),
      known: true,
    };
  }
  if (voucher.balanceCents <= 0)
    return { ok: false, error: GIFT_VOUCHER_EMPTY_MESSAGE, known: true };
  return { ok: true, voucher };
}

/**
 * What a code can do for this cart: its own state, then a voucher never pays for a cart that
 * buys one (decision 0079), or a voucher bought with a voucher turns one balance into two.
 */
function stateFor(voucher: GiftVoucherRecord | null, today: string, cart: Cart): CodeState {
  const state = stateOf(voucher, today);
  if (state.ok && buysGiftVoucher(cart.products)) {
    return { ok: false, error: GIFT_VOUCHER_FOR_GIFT_VOUCHER_MESSAGE, known: true };
  }
  return state;
}

export interface GiftVoucherServiceDependencies {
  repository: GiftVoucherRepository;
  carts: CartService;
  readParameters: (siteId: number) => Promise<SiteParameterValues>;
  findSite: (siteId: number) => Promise<SiteRecord | null>;
  mailer: Pick<Mailer, 'send'>;
  mailLimiter: MailLimiter;
  production: boolean;
  now: () => Date;
}

/** A voucher taken by an order inside its transaction. */
export interface TakenGiftVoucher {
  voucherId: number;
  amountCents: number;
  codeEnd: string;
}

/**
 * How an order pays with a gift voucher (the order module calls these; decision 0052): checks
 * before the transaction, then inside it the voucher's row is locked and min(balance, due) taken.
 */
export interface OrderGiftVouchers {
  problems(siteId: number, typed: string | null | undefined, cart: Cart): Promise<FieldError[]>;
  take(
    tx: Queries,
    siteId: number,
    typed: string,
    dueCents: number,
    cart: Cart,
  ): Promise<TakenGiftVoucher | FieldError>;
  record(tx: Queries, siteId: number, taken: TakenGiftVoucher, orderId: number): Promise<void>;
  giveBack(tx: Queries, siteId: number, orderId: number): Promise<void>;
}

export function createGiftVoucherService(dependencies: GiftVoucherServiceDependencies) {
  const { repository, carts, readParameters, now } = dependencies;
  const today = () => todayInFrance(now());

  async function codeState(siteId: number, typed: string, cart: Cart): Promise<CodeState> {
    const code = normalizeGiftVoucherCode(typed);
    return stateFor(code ? await repository.findByCode(siteId, code) : null, today(), cart);
  }

  const payments: OrderGiftVouchers = {
    async problems(siteId, typed, cart) {
      if (!typed) return [];
      const state = await codeState(siteId, typed, cart);
      return state.ok ? [] : [{ key: 'giftVoucherCode', error: state.error }];
    },

    async take(tx, siteId, typed, dueCents, cart) {
      const code = normalizeGiftVoucherCode(typed);
      const locked = code ? await repository.lockByCode(tx, siteId, code) : null;
      const state = stateFor(locked, today(), cart);
      if (!state.ok) return { key: 'giftVoucherCode', error: state.error };
      return {
        voucherId: state.voucher.id,
        amountCents: giftVoucherShare(state.voucher.balanceCents, dueCents),
        codeEnd: state.voucher.code.slice(-4),
      };
    },

    async record(tx, siteId, taken, orderId) {
      if (taken.amountCents <= 0) return;
      await repository.redeem(tx, siteId, taken.voucherId, orderId, taken.amountCents, now());
    },

    async giveBack(tx, siteId, orderId) {
      await repository.giveBack(tx, siteId, orderId, now());
    },
  };

  /** Mails one voucher (PDF attached) to its recipient, or to the buyer without one. */
  async function mailVoucher(voucher: GiftVoucherRecord): Promise<void> {
    const site = await dependencies.findSite(voucher.siteId);
    if (!site) return;
    const mail = await voucherMail(site, voucher);
    // Claimed and queued in one transaction: a second run (or process) finds it taken and
    // queues nothing; a failed queueing leaves it for the next run.
    await repository.markSent(voucher.siteId, voucher.id, now(), (tx) =>
      dependencies.mailer.send(mail, { tx }),
    );
  }

  /** The voucher's mail and PDF, as issued (its current expiry day printed). */
  async function voucherMail(site: SiteRecord, voucher: GiftVoucherRecord): Promise<OutgoingMail> {
    const parameters = await readParameters(site.id);
    const siteUrl = siteBaseUrl(site, dependencies.production);
    const printed = {
      siteName: site.name,
      siteUrl,
      code: formatGiftVoucherCode(voucher.code),
      amount: formatPrice(voucher.initialCents),
      expiresOn: frenchDay(voucher.expiresOn),
      recipientName: voucher.recipientName,
      buyerName: voucher.buyerName,
      message: voucher.message,
    };
    const toBuyer = voucher.recipientEmail === null;
    const content = giftVoucherMail({ ...printed, toBuyer });
    const pdf = await renderGiftVoucherPdf(printed);
    return {
      siteId: site.id,
      ...siteMailSender(site, parameters, siteUrl),
      to: voucher.recipientEmail ?? voucher.buyerEmail,
      ...content,
      attachments: [
        {
          filename: `bon-cadeau-${voucher.code.slice(-4).toLowerCase()}.pdf`,
          contentType: 'application/pdf',
          content: pdf,
        },
      ],
    };
  }

  async function sendDue(order?: { siteId: number; orderId: number }): Promise<number> {
    let sent = 0;
    for (const voucher of await repository.due(today(), order)) {
      await mailVoucher(voucher);
      sent += 1;
    }
    return sent;
  }

  return {
    payments,

    async settings(site: SiteRecord): Promise<GiftVoucherSettings> {
      const rules = giftVoucherRulesOf(await readParameters(site.id));
      return { isAvailable: site.isECommerce, ...rules };
    },

    /**
     * Puts a voucher in the visitor's cart: sold only by a site that sells online, its amount
     * within the site's limits, its mail day from today to a year on. Each recipient address
     * counts against the visitor mail limits before anything is written.
     */
    async addToCart(
      site: SiteRecord,
      target: number | 'new',
      body: AddGiftVoucherBody,
      caller: CartCaller,
    ): Promise<CartOutcome> {
      if (!site.isECommerce) throw new HttpError(403, GIFT_VOUCHERS_NOT_SOLD_MESSAGE);
      const rules = giftVoucherRulesOf(await readParameters(site.id));
      const errors: FieldError[] = [];
      const amountError = giftVoucherAmountError(body.amountCents, rules);
      if (amountError) errors.push({ key: 'amountCents', error: amountError });
      const now = today();
      if (!isCalendarDay(body.sendOn) || body.sendOn < now || body.sendOn > aYearAfter(now)) {
        errors.push({ key: 'sendOn', error: GIFT_VOUCHER_SEND_DATE_MESSAGE });
      }
      if (errors.length > 0) {
        throw new HttpError(422, addToCartErrorText(GIFT_VOUCHER_INVALID_MESSAGE, errors), errors);
      }
      if (body.recipientEmail) {
        await dependencies.mailLimiter.admit({
          siteId: site.id,
          kind: 'gift-voucher',
          recipients: [body.recipientEmail],
        });
      }
      return carts.addGiftVoucher(
        site.id,
        target,
        {
          amountCents: body.amountCents,
          recipientName: body.recipientName,
          recipientEmail: body.recipientEmail?.toLowerCase() ?? null,
          message: body.message || null,
          sendOn: body.sendOn,
          buyerName: body.buyerName,
        },
        caller,
      );
    },

    /**
     * The order became paid: one voucher per voucher line of its cart, valid from today for the
     * site's months; those whose day has come are mailed at once, the others by the job.
     */
    async issueForOrder(siteId: number, orderId: number): Promise<number> {
      const purchases = await repository.purchasesOf(siteId, orderId);
      if (!purchases || purchases.lines.length === 0) return 0;
      const rules = giftVoucherRulesOf(await readParameters(siteId));
      const issuedOn = today();
      let issued = 0;
      for (const line of purchases.lines) {
        for (let attempt = 0; attempt < 3; attempt += 1) {
          try {
            if (
              await repository.insertOnce({
                siteId,
                code: newGiftVoucherCode(),
                initialCents: line.amountCents,
                balanceCents: line.amountCents,
                expiresOn: giftVoucherExpiry(issuedOn, rules.validityMonths),
                recipientName: line.recipientName,
                recipientEmail: line.recipientEmail,
                message: line.message,
                sendOn: line.sendOn,
                buyerName: line.buyerName,
                buyerEmail: purchases.order.email,
                orderId,
                cartProductId: line.cartProductId,
              })
            ) {
              issued += 1;
            }
            break;
          } catch (error) {
            // A code already taken (about one chance in 10^23): draw another one.
            if (attempt === 2 || !isUniqueViolation(error, 'gift_vouchers_code_key')) throw error;
          }
        }
      }
      await sendDue({ siteId, orderId });
      return issued;
    },

    /** The job: mails every voucher whose day has come. */
    sendDue: () => sendDue(),

    /** Mails a voucher again, now, whatever its send day (the back office's « Renvoyer »). */
    async resend(site: SiteRecord, voucher: GiftVoucherRecord): Promise<void> {
      await dependencies.mailer.send(await voucherMail(site, voucher));
    },

    /**
     * POST /order/discount's answer for a gift voucher code: null when the code is no voucher of
     * this site (a discount code, or unknown: the caller says which); 422 when expired, used up
     * or asked to pay for a cart that buys a voucher.
     */
    async check(siteId: number, typed: string, cart: Cart): Promise<DiscountCheck | null> {
      const state = await codeState(siteId, typed, cart);
      if (!state.ok) {
        if (!state.known) return null;
        throw new HttpError(422, state.error, [{ key: 'code', error: state.error }]);
      }
      const { voucher } = state;
      return {
        kind: 'GIFT_VOUCHER',
        code: formatGiftVoucherCode(voucher.code),
        discount: null,
        reductionCents: 0,
        freeShipping: false,
        balanceCents: voucher.balanceCents,
        expiresOn: voucher.expiresOn,
        label: `Bon cadeau : ${formatPrice(voucher.balanceCents)} à déduire du montant à payer, valable jusqu’au ${frenchDay(voucher.expiresOn)}.`,
      };
    },
  };
}

export type GiftVoucherService = ReturnType<typeof createGiftVoucherService>;
