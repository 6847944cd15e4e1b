import type { Order, OrderAddress } from '@comptoir/contract/order';
import { invoiceReference } from '@comptoir/contract/invoice';
import {
  paymentMeansText,
  STANDARD_VAT_RATE_BASIS_POINTS,
  vatInsideCents,
} from '@comptoir/domain/order';
import type { ParameterKey } from '@comptoir/domain/site-parameters';
import type { SiteParameterValues } from '../../lib/site-parameter-values';
import { capText, VISITOR_TEXT_LIMITS } from '../mail';
import { addressLines, DELIVERY_TYPE_LABELS, lineName } from '../order';

/**
 * Everything an invoice says, fixed when it is issued (kept in invoices.content): the legal
 * mentions of a French invoice (Code de commerce L441-9, CGI art. 242 nonies A) — seller's
 * identity, number, date, buyer, each line with its quantity, unit prices excluding and including
 * VAT and VAT rate, totals excluding VAT, VAT per rate and including VAT, discounts, and when and
 * how it was paid.
 */
export interface InvoiceContent {
  number: number;
  reference: string;
  issuedAt: string;
  seller: {
    name: string;
    legalName: string | null;
    corporateForm: string | null;
    shareCapital: string | null;
    address: string | null;
    siret: string | null;
    rcs: string | null;
    vatNumber: string | null;
    email: string | null;
    phone: string | null;
  };
  buyer: { name: string; addressLines: string[] };
  order: { reference: string; placedAt: string; deliveryLabel: string };
  lines: {
    name: string;
    quantity: number;
    unitPriceCents: number;
    unitPriceExclVatCents: number;
    vatRateBasisPoints: number;
    totalCents: number;
    totalExclVatCents: number;
  }[];
  /** The delivery fee, a service invoiced like a line; null when nothing was charged. */
  shipping: { label: string; totalCents: number; vatRateBasisPoints: number } | null;
  discount: { label: string; cents: number } | null;
  totals: {
    exclVatCents: number;
    vat: { rateBasisPoints: number; baseCents: number; vatCents: number }[];
    vatCents: number;
    inclVatCents: number;
    voucherCents: number;
    paidCents: number;
  };
  payment: { method: string; paidAt: string };
}

export function invoiceContentOf(input: {
  number: number;
  issuedAt: Date;
  paidAt: Date;
  siteName: string;
  parameters: SiteParameterValues;
  order: Order;
  buyer: { firstname: string; lastname: string; billingAddress: OrderAddress };
}): InvoiceContent {
  const { order, parameters } = input;
  const text = (key: ParameterKey) => parameters.text(key) ?? null;
  const carrier = order.carrier?.name;
  return {
    number: input.number,
    reference: invoiceReference(input.number),
    issuedAt: input.issuedAt.toISOString(),
    seller: {
      name: text('COMPANY_NAME') ?? input.siteName,
      legalName: text('LEGAL_COMPANY_NAME'),
      corporateForm: text('CORPORATE_FORM'),
      shareCapital: text('SHARE_CAPITAL'),
      address: text('HEAD_OFFICE'),
      siret: text('SIRET_NUMBER'),
      rcs: text('RCS_NUMBER'),
      vatNumber: text('INTRACO_VAT'),
      email: text('COMPANY_EMAIL'),
      phone: text('COMPANY_PHONE'),
    },
    buyer: {
      name: capText(`${input.buyer.firstname} ${input.buyer.lastname}`, VISITOR_TEXT_LIMITS.name),
      // The billing address names the person or company billed; it stands under the buyer's name.
      addressLines: addressLines(input.buyer.billingAddress),
    },
    order: {
      reference: order.reference,
      placedAt: order.createdAt,
      deliveryLabel: DELIVERY_TYPE_LABELS[order.deliveryType],
    },
    lines: order.lines.map((line) => {
      const unitVat = vatInsideCents(line.unitPriceCents, line.vatRateBasisPoints);
      return {
        name: lineName(line),
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        unitPriceExclVatCents: line.unitPriceCents - unitVat,
        vatRateBasisPoints: line.vatRateBasisPoints,
        totalCents: line.totalCents,
        totalExclVatCents: line.totalCents - line.vatCents,
      };
    }),
    shipping:
      order.totals.shippingCents > 0
        ? {
            label: carrier ? `Livraison (${carrier})` : 'Livraison',
            totalCents: order.totals.shippingCents,
            vatRateBasisPoints: STANDARD_VAT_RATE_BASIS_POINTS,
          }
        : null,
    discount:
      order.totals.discountCents > 0
        ? {
            label: order.discount ? `Réduction (code ${order.discount.code})` : 'Réduction',
            cents: order.totals.discountCents,
          }
        : null,
    totals: {
      exclVatCents: order.totals.totalCents - order.totals.vatCents,
      vat: order.totals.vat,
      vatCents: order.totals.vatCents,
      inclVatCents: order.totals.totalCents,
      voucherCents: order.totals.voucherCents,
      paidCents: order.totals.amountDueCents,
    },
    payment: {
      method: paymentMeansText(order),
      paidAt: input.paidAt.toISOString(),
    },
  };
}
