import type { AlcoholMessages } from '@comptoir/domain/product-display';
import type { Order, OrderAddress } from '@comptoir/contract/order';
import { deliveryFeeLine } from '@comptoir/domain/delivery';
import { formatPercent, formatPrice } from '@comptoir/domain/money';
import { ORDER_STATUS_LABELS, type OrderStatus, paymentMeansText } from '@comptoir/domain/order';
import {
  capText,
  detailsListHtml,
  escapeHtml,
  type MailContent,
  mailHtml,
  oneLine,
  VISITOR_TEXT_LIMITS,
} from '../mail';
import {
  accessPointLines,
  addressLines,
  DELIVERY_TYPE_LABELS,
  frenchDate,
  lineName,
} from '../order';

/*
 * The order's mails (confirmation, new-order notice, status changes, invoice), and first the
 * wording they use: amounts, lines, slots and payments as a French customer reads them (the
 * means of payment and the fee line in packages/domain, shared with the storefront's pages,
 * decision 0086; the order's own words, shared with the invoice and the packing slip, in the
 * order module's order-text.ts). Values typed by the customer are capped here; the HTML parts
 * escape them where they are written.
 */

const longDate = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});
const clockTime = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});

/** « 10 h 00 », in Paris. */
function frenchTime(at: Date): string {
  return clockTime.format(at).replace(':', ' h ');
}

/** A pick-up slot: « mardi 2 juin 2026, de 10 h 00 à 10 h 30 ». */
export function slotText(start: Date, end: Date): string {
  return `${longDate.format(start)}, de ${frenchTime(start)} à ${frenchTime(end)}`;
}

/** A line of the order: what, how many, at what price. */
export function lineText(line: Order['lines'][number]): string {
  const unit = line.quantity > 1 ? ` (${formatPrice(line.unitPriceCents)} l’unité)` : '';
  return `${line.quantity} × ${lineName(line)} : ${formatPrice(line.totalCents)}${unit}`;
}

/** The order's amounts as label/value rows, in the order a receipt reads them. */
export function totalRows(order: Pick<Order, 'totals' | 'discount' | 'deliveryType'>) {
  const { totals } = order;
  const rows: [string, string][] = [['Produits', formatPrice(totals.productsCents)]];
  if (totals.discountCents > 0) {
    const code = order.discount ? ` (code ${order.discount.code})` : '';
    rows.push([`Réduction${code}`, `−${formatPrice(totals.discountCents)}`]);
  }
  const fee = deliveryFeeLine(order.deliveryType, totals.shippingCents);
  if (fee) rows.push([fee.label, fee.value]);
  rows.push(['Total TTC', formatPrice(totals.totalCents)]);
  for (const rate of totals.vat) {
    rows.push([`dont TVA ${formatPercent(rate.rateBasisPoints)}`, formatPrice(rate.vatCents)]);
  }
  if (totals.voucherCents > 0) {
    rows.push(['Payé par bon cadeau', `−${formatPrice(totals.voucherCents)}`]);
    rows.push(['Reste à payer', formatPrice(totals.amountDueCents)]);
  }
  return rows;
}

/** How to pay an offline order, as lines; none when there is nothing to do. */
export function paymentInstructionLines(order: Pick<Order, 'paymentInstructions' | 'reference'>) {
  const instructions = order.paymentInstructions;
  if (!instructions) return [];
  if (instructions.method === 'BANK_TRANSFER') {
    return [
      'Pour régler votre commande par virement :',
      ...(instructions.accountHolder
        ? [`Titulaire du compte : ${instructions.accountHolder}`]
        : []),
      ...(instructions.iban ? [`IBAN : ${instructions.iban}`] : []),
      ...(instructions.bic ? [`BIC : ${instructions.bic}`] : []),
      `Référence à indiquer : ${instructions.reference}`,
    ];
  }
  if (instructions.method === 'CHEQUE') {
    return [
      'Pour régler votre commande par chèque :',
      ...(instructions.payableTo ? [`À l’ordre de : ${instructions.payableTo}`] : []),
      ...(instructions.mailingAddress ? [`À envoyer à : ${instructions.mailingAddress}`] : []),
      `Au dos du chèque, indiquez la référence : ${instructions.reference}`,
    ];
  }
  return [];
}

/** The customer's name as the mail greets them, capped. */
export function customerName(firstname: string, lastname: string): string {
  return capText(`${firstname} ${lastname}`, VISITOR_TEXT_LIMITS.name);
}

// ---------------------------------------------------------------------------------------------
// The order's mails
// ---------------------------------------------------------------------------------------------

/** The pick-up place and slot of a click-and-collect order. */
export interface PickupDetails {
  label: string;
  addressLines: string[];
  start: Date;
  end: Date;
}

/**
 * The health message (and the ethylotest one) that closes every mail a customer gets about an
 * order on a site that sells alcohol (decision 0109).
 */
function preventionText(prevention: AlcoholMessages | null | undefined): string[] {
  if (!prevention) return [];
  return ['', prevention.health, ...(prevention.ethylotest ? [prevention.ethylotest] : [])];
}

function preventionHtml(prevention: AlcoholMessages | null | undefined): string {
  if (!prevention) return '';
  const lines = [prevention.health, ...(prevention.ethylotest ? [prevention.ethylotest] : [])];
  return `\n<p style="font-size:13px;font-style:italic">${lines.map(escapeHtml).join('<br>')}</p>`;
}

/** Everything an order's mails say, read from the order as it was committed. */
export interface OrderMailInput {
  siteName: string;
  /** The site sells alcohol: the customer's mails end with the health message. */
  prevention?: AlcoholMessages | null;
  order: Order;
  customer: { firstname: string; lastname: string; email: string; phone: string };
  deliveryAddress: OrderAddress | null;
  billingAddress: OrderAddress;
  message: string | null;
  pickup: PickupDetails | null;
}

function paragraphsHtml(lines: readonly string[]): string {
  return lines.map((line) => escapeHtml(line)).join('<br>');
}

/** Where the order goes: the delivery address, the relay point, or the pick-up place and slot. */
function deliverySection(input: OrderMailInput): { title: string; lines: string[] } {
  const { order } = input;
  const title = DELIVERY_TYPE_LABELS[order.deliveryType];
  switch (order.deliveryType) {
    case 'DELIVERY':
      return {
        title,
        lines: [
          ...(order.carrier ? [`Transporteur : ${order.carrier.name}`] : []),
          ...addressLines(input.deliveryAddress),
        ],
      };
    case 'PICKUP':
      return {
        title,
        lines: [
          ...(order.carrier ? [`Transporteur : ${order.carrier.name}`] : []),
          ...accessPointLines(order.accessPoint),
        ],
      };
    case 'CLICK_AND_COLLECT':
      return {
        title,
        lines: input.pickup
          ? [
              `Créneau : ${slotText(input.pickup.start, input.pickup.end)}`,
              input.pickup.label,
              ...input.pickup.addressLines,
            ]
          : [],
      };
    case 'NO_DELIVERY':
      return {
        title,
        lines: ['Rien à livrer : votre commande ne contient que des produits dématérialisés.'],
      };
  }
}

/** How the customer pays, and what is left to do. */
function paymentLines(order: Order): string[] {
  const method = `Mode de paiement : ${paymentMeansText(order)}`;
  if (order.isPaid) return [method, 'Votre commande est payée.'];
  const instructions = paymentInstructionLines(order);
  if (instructions.length > 0) {
    const deadline = order.paymentDueAt
      ? [
          `Sans paiement reçu le ${frenchDate(new Date(order.paymentDueAt))}, la commande sera annulée.`,
        ]
      : [];
    return [method, ...instructions, ...deadline];
  }
  if (order.paymentMethod === 'ON_PICKUP') {
    return [method, `Vous réglerez ${formatPrice(order.totals.amountDueCents)} lors du retrait.`];
  }
  if (order.paymentMethod === 'CARD') {
    return [method, 'Votre facture vous sera envoyée dès que le paiement sera confirmé.'];
  }
  return [method, 'Votre facture vous sera envoyée dès réception de votre paiement.'];
}

function linesTableHtml(order: Order): string {
  const rows = order.lines.map((line) => `<li>${escapeHtml(lineText(line))}</li>`).join('\n');
  return `<ul>\n${rows}\n</ul>`;
}

function totalsHtml(order: Order): string {
  const rows = totalRows(order)
    .map(([label, value]) => {
      const strong = label === 'Total TTC' || label === 'Reste à payer';
      const cell = (text: string) =>
        strong ? `<strong>${escapeHtml(text)}</strong>` : escapeHtml(text);
      return `<tr><td style="padding:2px 16px 2px 0">${cell(label)}</td><td style="padding:2px 0;text-align:right">${cell(value)}</td></tr>`;
    })
    .join('\n');
  return `<table role="presentation" style="border-collapse:collapse">\n${rows}\n</table>`;
}

function totalsText(order: Order): string[] {
  return totalRows(order).map(([label, value]) => `${label} : ${value}`);
}

/** The confirmation the customer receives when the order is placed. */
export function orderConfirmationMail(input: OrderMailInput): MailContent {
  const { order, siteName } = input;
  const firstname = capText(input.customer.firstname, VISITOR_TEXT_LIMITS.name);
  const message = input.message ? capText(input.message, VISITOR_TEXT_LIMITS.message) : null;
  const delivery = deliverySection(input);
  const payment = paymentLines(order);
  const billing = addressLines(input.billingAddress);
  const placedOn = frenchDate(new Date(order.createdAt));
  const subject = oneLine(`Confirmation de votre commande ${order.reference} – ${siteName}`);
  const intro = `Merci pour votre commande ${order.reference} du ${placedOn} sur ${siteName}. En voici le récapitulatif.`;
  const slotNote =
    input.pickup !== null
      ? 'Le créneau de retrait est joint à ce message : ouvrez le fichier .ics pour l’ajouter à votre agenda.'
      : null;
  const text = [
    `Bonjour ${firstname},`,
    '',
    intro,
    '',
    'Votre commande',
    ...order.lines.map((line) => `- ${lineText(line)}`),
    '',
    ...totalsText(order),
    '',
    delivery.title,
    ...delivery.lines,
    ...(slotNote ? ['', slotNote] : []),
    '',
    'Adresse de facturation',
    ...billing,
    '',
    'Paiement',
    ...payment,
    ...(message ? ['', 'Votre message :', message] : []),
    '',
    `Pour toute question, répondez à ce message en rappelant la référence ${order.reference}.`,
    ...preventionText(input.prevention),
    '',
    siteName,
  ].join('\n');
  const html = mailHtml(
    subject,
    `<p>Bonjour ${escapeHtml(firstname)},</p>
<p>${escapeHtml(intro)}</p>
<h2 style="font-size:18px">Votre commande</h2>
${linesTableHtml(order)}
${totalsHtml(order)}
<h2 style="font-size:18px">${escapeHtml(delivery.title)}</h2>
<p>${paragraphsHtml(delivery.lines)}</p>
${slotNote ? `<p>${escapeHtml(slotNote)}</p>` : ''}
<h2 style="font-size:18px">Adresse de facturation</h2>
<p>${paragraphsHtml(billing)}</p>
<h2 style="font-size:18px">Paiement</h2>
<p>${paragraphsHtml(payment)}</p>
${message ? `<p><strong>Votre message :</strong></p>\n<p style="white-space:pre-wrap">${escapeHtml(message)}</p>` : ''}
<p>Pour toute question, répondez à ce message en rappelant la référence ${escapeHtml(order.reference)}.</p>${preventionHtml(input.prevention)}`,
    { footnote: siteName },
  );
  return { subject, text, html };
}

/** The notice the site's inbox receives for a new order. */
export function newOrderNoticeMail(input: OrderMailInput): MailContent {
  const { order, siteName } = input;
  const name = customerName(input.customer.firstname, input.customer.lastname);
  const message = input.message ? capText(input.message, VISITOR_TEXT_LIMITS.message) : null;
  const delivery = deliverySection(input);
  const subject = oneLine(
    `Nouvelle commande ${order.reference} de ${name} – ${formatPrice(order.totals.totalCents)}`,
  );
  const details: [string, string][] = [
    ['Client', name],
    ['Adresse e-mail', capText(input.customer.email, VISITOR_TEXT_LIMITS.line)],
    ['Téléphone', capText(input.customer.phone, VISITOR_TEXT_LIMITS.line)],
    ['Mode de paiement', paymentMeansText(order)],
    ['Statut', ORDER_STATUS_LABELS[order.status]],
  ];
  const text = [
    `Une commande vient d’être passée sur le site ${siteName}.`,
    '',
    ...details.map(([label, value]) => `${label} : ${value}`),
    '',
    ...order.lines.map((line) => `- ${lineText(line)}`),
    '',
    ...totalsText(order),
    '',
    delivery.title,
    ...delivery.lines,
    ...(message ? ['', 'Message du client :', message] : []),
    '',
    'Répondez directement à ce mail pour écrire au client.',
  ].join('\n');
  const html = mailHtml(
    subject,
    `<p>Une commande vient d’être passée sur le site ${escapeHtml(siteName)}.</p>
${detailsListHtml(details)}
${linesTableHtml(order)}
${totalsHtml(order)}
<h2 style="font-size:18px">${escapeHtml(delivery.title)}</h2>
<p>${paragraphsHtml(delivery.lines)}</p>
${message ? `<p><strong>Message du client :</strong></p>\n<p style="white-space:pre-wrap">${escapeHtml(message)}</p>` : ''}`,
    { footnote: 'Répondez directement à ce mail pour écrire au client.' },
  );
  return { subject, text, html };
}

/** The news a status change gives the customer, or null when it needs no mail of its own. */
function statusNews(
  input: {
    reference: string;
    status: OrderStatus;
    refundedCents: number;
    carrierName: string | null;
  },
  pickup: PickupDetails | null,
): string[] | null {
  const { reference } = input;
  switch (input.status) {
    case 'PREPARING':
      return [`Votre commande ${reference} est en préparation.`];
    case 'SHIPPED':
      return [
        input.carrierName
          ? `Votre commande ${reference} a été expédiée avec ${input.carrierName}.`
          : `Votre commande ${reference} a été expédiée.`,
      ];
    case 'READY_FOR_PICKUP':
      return [
        `Votre commande ${reference} est prête : elle vous attend.`,
        ...(pickup
          ? [
              `Créneau : ${slotText(pickup.start, pickup.end)}`,
              pickup.label,
              ...pickup.addressLines,
            ]
          : []),
      ];
    case 'DELIVERED':
      return [`Votre commande ${reference} a été livrée. Merci de votre confiance !`];
    case 'PICKED_UP':
      return [`Vous avez retiré votre commande ${reference}. Merci de votre confiance !`];
    case 'CANCELLED':
      return [`Votre commande ${reference} a été annulée.`];
    case 'REFUNDED':
      return [
        `Votre commande ${reference} a été remboursée (${formatPrice(input.refundedCents)}). Le remboursement apparaîtra sur votre compte sous quelques jours.`,
      ];
    // Paid: the invoice mail says it. Pending: the confirmation said it.
    case 'PAID':
    case 'PENDING_PAYMENT':
      return null;
  }
}

/** A short mail for a later step of the order (prepared, shipped, ready, cancelled…). */
export function orderStatusMail(input: {
  siteName: string;
  firstname: string;
  reference: string;
  status: OrderStatus;
  /** Why an unpaid order was cancelled by the payment deadline. */
  expired: boolean;
  refundedCents: number;
  carrierName: string | null;
  pickup: PickupDetails | null;
  prevention?: AlcoholMessages | null;
}): MailContent | null {
  const news = statusNews(input, input.pickup);
  if (!news) return null;
  if (input.status === 'CANCELLED' && input.expired) {
    news.push('Le paiement n’a pas été reçu dans le délai prévu.');
  }
  const firstname = capText(input.firstname, VISITOR_TEXT_LIMITS.name);
  const subject = oneLine(
    `Votre commande ${input.reference} est ${ORDER_STATUS_LABELS[input.status]} – ${input.siteName}`,
  );
  const closing = `Pour toute question, répondez à ce message en rappelant la référence ${input.reference}.`;
  return {
    subject,
    text: [
      `Bonjour ${firstname},`,
      '',
      ...news,
      '',
      closing,
      ...preventionText(input.prevention),
      '',
      input.siteName,
    ].join('\n'),
    html: mailHtml(
      subject,
      `<p>Bonjour ${escapeHtml(firstname)},</p>
<p>${paragraphsHtml(news)}</p>
<p>${escapeHtml(closing)}</p>${preventionHtml(input.prevention)}`,
      { footnote: input.siteName },
    ),
  };
}

/** The mail that carries the invoice once the order is paid. */
export function invoiceMail(input: {
  siteName: string;
  firstname: string;
  reference: string;
  invoiceNumber: string;
  amountCents: number;
  prevention?: AlcoholMessages | null;
}): MailContent {
  const firstname = capText(input.firstname, VISITOR_TEXT_LIMITS.name);
  const subject = oneLine(`Votre facture ${input.invoiceNumber} – ${input.siteName}`);
  const lines = [
    `Nous avons bien reçu le paiement de votre commande ${input.reference} (${formatPrice(input.amountCents)}). Merci !`,
    `Votre facture ${input.invoiceNumber} est jointe à ce message au format PDF. Vous la retrouvez aussi dans votre espace client si vous avez un compte.`,
  ];
  return {
    subject,
    text: [
      `Bonjour ${firstname},`,
      '',
      ...lines,
      ...preventionText(input.prevention),
      '',
      input.siteName,
    ].join('\n'),
    html: mailHtml(
      subject,
      `<p>Bonjour ${escapeHtml(firstname)},</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}${preventionHtml(input.prevention)}`,
      { footnote: input.siteName },
    ),
  };
}
