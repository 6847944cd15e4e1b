import type { Order, OrderAddress } from '@comptoir/contract/order';
import {
  CARD_PAYMENT_NOT_SET_UP_MESSAGE,
  PAYMENT_METHOD_REFUSED_MESSAGE,
  type paymentMethodSchema,
} from '@comptoir/contract/payment';
import type { PaymentMethod } from '@comptoir/domain/order';
import type { z } from 'zod';
import type { SiteParameterValues } from '../../lib/site-parameter-values';
import { capText, VISITOR_TEXT_LIMITS } from '../mail';

/*
 * The order as its customer reads it, one file (decision 0105): first the order in words (how
 * it travels, its dates, its lines' names, its addresses), then the payment methods a site
 * offers and how to pay an order that waits for a transfer or a cheque. Placing an order, its
 * mails, the invoice and the packing slip read both.
 */

// ---------------------------------------------------------------------------------------------
// The order in words
// ---------------------------------------------------------------------------------------------

/*
 * The order in words, as the order mails, the invoice and the packing slip all write it: how it
 * travels, its dates, its lines' names and its addresses. Values typed by the customer are
 * capped here; the HTML parts escape them where they are written.
 */

export const DELIVERY_TYPE_LABELS: Readonly<Record<Order['deliveryType'], string>> = {
  DELIVERY: 'Livraison à domicile',
  PICKUP: 'Livraison en point relais',
  CLICK_AND_COLLECT: 'Retrait sur place',
  NO_DELIVERY: 'Sans livraison',
};

const shortDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

/** « 1 juin 2026 », in Paris. */
export function frenchDate(at: Date): string {
  return shortDate.format(at);
}

/** « Chinon Les Graviers 2022 » : the line's name with its vintage. */
export function lineName(line: Pick<Order['lines'][number], 'name' | 'year'>): string {
  return line.year === null ? line.name : `${line.name} ${line.year}`;
}

/** An address the customer typed, as lines, each capped. */
export function addressLines(address: OrderAddress | null | undefined): string[] {
  if (!address) return [];
  const cap = (text: string) => capText(text, VISITOR_TEXT_LIMITS.line);
  return [
    cap(`${address.firstname} ${address.lastname}`),
    cap(address.firstPart),
    ...(address.secondPart ? [cap(address.secondPart)] : []),
    cap(`${address.postalCode} ${address.city}`),
    cap(address.country),
  ];
}

/** The relay point as the order kept it. */
export function accessPointLines(point: Order['accessPoint']): string[] {
  if (!point) return [];
  const cap = (text: string) => capText(text, VISITOR_TEXT_LIMITS.line);
  return [
    point.name,
    point.addLine1,
    [point.zipCode, point.city].filter(Boolean).join(' ') || null,
    point.country,
  ]
    .filter((part): part is string => Boolean(part))
    .map(cap);
}

// ---------------------------------------------------------------------------------------------
// The payment methods
// ---------------------------------------------------------------------------------------------

type PaymentMethodOffer = z.infer<typeof paymentMethodSchema>;

/*
 * The payment methods a site accepts (issue 10 "Payment"; decision 0055). The offline methods
 * come from the site's parameters: PAYMENT_METHOD lists the ones the owner accepts (all of them
 * when it is empty), and a method is offered only when the site gave what the customer needs to
 * pay that way: an IBAN for a transfer, a payee and an address for a cheque. Card payment is the
 * payments module's (Stripe keys): it is asked whether the site takes cards.
 */

const OFFLINE_METHODS = ['BANK_TRANSFER', 'CHEQUE', 'ON_PICKUP'] as const;
type OfflineMethod = (typeof OFFLINE_METHODS)[number];

const OFFERS: Readonly<Record<PaymentMethod, Omit<PaymentMethodOffer, 'method'>>> = {
  CARD: {
    label: 'Carte bancaire',
    description: 'Paiement sécurisé en ligne : votre commande est préparée dès le paiement.',
    onlyForClickAndCollect: false,
  },
  BANK_TRANSFER: {
    label: 'Virement bancaire',
    description:
      'Nos coordonnées bancaires vous sont données après la commande : elle est préparée dès réception du virement.',
    onlyForClickAndCollect: false,
  },
  CHEQUE: {
    label: 'Chèque',
    description:
      'L’ordre et l’adresse d’envoi vous sont donnés après la commande : elle est préparée dès réception du chèque.',
    onlyForClickAndCollect: false,
  },
  ON_PICKUP: {
    label: 'Paiement au retrait',
    description: 'Vous réglez votre commande sur place, en venant la chercher.',
    onlyForClickAndCollect: true,
  },
};

/**
 * The offline methods named by PAYMENT_METHOD ("BANK_TRANSFER, CHEQUE"), in the catalogue's
 * order; every offline method when the parameter is empty or names none of them.
 */
export function listedOfflineMethods(value: string | null): OfflineMethod[] {
  const named = new Set(
    (value ?? '')
      .split(/[\s,;]+/)
      .map((word) => word.trim().toUpperCase())
      .filter(Boolean),
  );
  const listed = OFFLINE_METHODS.filter((method) => named.has(method));
  return listed.length > 0 ? listed : [...OFFLINE_METHODS];
}

/** Who receives the money: the parameter set for it, else the company's legal or trade name. */
function payeeOf(
  parameters: SiteParameterValues,
  own: 'PAYMENT_ACCOUNT_HOLDER' | 'PAYMENT_CHEQUE_PAYEE',
): string | null {
  return (
    parameters.text(own) ??
    parameters.text('LEGAL_COMPANY_NAME') ??
    parameters.text('COMPANY_NAME') ??
    null
  );
}

export interface BankDetails {
  accountHolder: string | null;
  iban: string | null;
  bic: string | null;
}

export interface ChequeDetails {
  payableTo: string | null;
  mailingAddress: string | null;
}

export function bankDetailsOf(parameters: SiteParameterValues): BankDetails {
  return {
    accountHolder: payeeOf(parameters, 'PAYMENT_ACCOUNT_HOLDER'),
    iban: parameters.text('PAYMENT_IBAN'),
    bic: parameters.text('PAYMENT_BIC'),
  };
}

export function chequeDetailsOf(parameters: SiteParameterValues): ChequeDetails {
  return {
    payableTo: payeeOf(parameters, 'PAYMENT_CHEQUE_PAYEE'),
    mailingAddress:
      parameters.text('PAYMENT_CHEQUE_ADDRESS') ?? parameters.text('HEAD_OFFICE') ?? null,
  };
}

/** The offline methods this site can really take, in the order to show them. */
export function offlineMethodsOf(parameters: SiteParameterValues): OfflineMethod[] {
  return listedOfflineMethods(parameters.text('PAYMENT_METHOD')).filter((method) => {
    if (method === 'BANK_TRANSFER') return bankDetailsOf(parameters).iban !== null;
    if (method === 'CHEQUE') {
      const cheque = chequeDetailsOf(parameters);
      return cheque.payableTo !== null && cheque.mailingAddress !== null;
    }
    return true;
  });
}

/**
 * How to pay an order that waits for a transfer or a cheque: the site's details as they are
 * now (a changed IBAN is the one to pay to), and the order's reference. Null for any other
 * order (card, pick-up, paid, cancelled).
 */
export function paymentInstructionsOf(
  order: Pick<Order, 'paymentMethod' | 'isPaid' | 'status' | 'reference'>,
  parameters: SiteParameterValues,
): Order['paymentInstructions'] {
  if (order.isPaid || order.status === 'CANCELLED' || order.status === 'REFUNDED') return null;
  const none = {
    accountHolder: null,
    iban: null,
    bic: null,
    payableTo: null,
    mailingAddress: null,
  };
  if (order.paymentMethod === 'BANK_TRANSFER') {
    return {
      ...none,
      method: 'BANK_TRANSFER',
      reference: order.reference,
      ...bankDetailsOf(parameters),
    };
  }
  if (order.paymentMethod === 'CHEQUE') {
    return {
      ...none,
      method: 'CHEQUE',
      reference: order.reference,
      ...chequeDetailsOf(parameters),
    };
  }
  return null;
}

export interface PaymentMethodsDependencies {
  readParameters: (siteId: number) => Promise<SiteParameterValues>;
  /**
   * Whether the site takes cards (the payments module's cardPaymentAvailable). Left out, card
   * payment is neither offered nor judged here.
   */
  cardAvailable?: (siteId: number) => Promise<boolean>;
}

export function createPaymentMethods({
  readParameters,
  cardAvailable,
}: PaymentMethodsDependencies) {
  return {
    /** GET /order/payment-methods: card first when the site takes it, then the offline ones. */
    async list(siteId: number): Promise<PaymentMethodOffer[]> {
      const card = cardAvailable ? await cardAvailable(siteId) : false;
      const methods: PaymentMethod[] = [
        ...(card ? (['CARD'] as const) : []),
        ...offlineMethodsOf(await readParameters(siteId)),
      ];
      return methods.map((method) => ({ method, ...OFFERS[method] }));
    },

    /** Why POST /order cannot take this method on this site, or null. */
    async refusal(siteId: number, method: PaymentMethod): Promise<string | null> {
      if (method === 'CARD') {
        if (!cardAvailable) return null;
        return (await cardAvailable(siteId)) ? null : CARD_PAYMENT_NOT_SET_UP_MESSAGE;
      }
      return offlineMethodsOf(await readParameters(siteId)).includes(method)
        ? null
        : PAYMENT_METHOD_REFUSED_MESSAGE;
    },

    /**
     * The order with how to pay it filled in (transfer or cheque awaited). `parameters` when the
     * caller has them already (inside a transaction, where the app's connection must not be used).
     */
    async withInstructions(
      siteId: number,
      order: Order,
      parameters?: SiteParameterValues,
    ): Promise<Order> {
      if (order.paymentMethod !== 'BANK_TRANSFER' && order.paymentMethod !== 'CHEQUE') return order;
      return {
        ...order,
        paymentInstructions: paymentInstructionsOf(
          order,
          parameters ?? (await readParameters(siteId)),
        ),
      };
    },
  };
}

export type PaymentMethods = ReturnType<typeof createPaymentMethods>;
