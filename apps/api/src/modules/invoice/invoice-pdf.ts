import PDFDocument from 'pdfkit';
import { formatPercent, formatPrice } from '@comptoir/domain/money';
import { vatInsideCents } from '@comptoir/domain/order';
import {
  COLOURS,
  CONTENT_WIDTH,
  ensureRoom,
  FONTS,
  MARGIN,
  PAGE,
  pdfBytes,
  rule,
  type Doc,
} from '../../lib/pdf-page';
import { frenchDate } from '../order';
import { pdfText } from '../product';
import type { InvoiceContent } from './invoice-content';

/** The table's columns: designation, quantity, unit price excl. VAT, incl. VAT, rate, total incl. VAT. */
const COLUMNS = [
  { title: 'Désignation', width: 185, align: 'left' },
  { title: 'Qté', width: 35, align: 'right' },
  { title: 'PU HT', width: 65, align: 'right' },
  { title: 'PU TTC', width: 65, align: 'right' },
  { title: 'TVA', width: 45, align: 'right' },
  { title: 'Total TTC', width: CONTENT_WIDTH - 185 - 35 - 65 - 65 - 45, align: 'right' },
] as const;

/** The seller's identity, as the first lines of the invoice. */
function sellerLines(invoice: InvoiceContent): string[] {
  const { seller } = invoice;
  return [
    ...(seller.legalName && seller.legalName !== seller.name ? [seller.legalName] : []),
    ...(seller.address ? [seller.address] : []),
    ...(seller.email ? [seller.email] : []),
    ...(seller.phone ? [seller.phone] : []),
  ];
}

/** The legal identity line: form and capital, RCS, SIRET, VAT number. */
function legalLine(invoice: InvoiceContent): string {
  const { seller } = invoice;
  const form =
    seller.corporateForm && seller.shareCapital
      ? `${seller.corporateForm} au capital de ${seller.shareCapital}`
      : (seller.corporateForm ??
        (seller.shareCapital ? `Capital social : ${seller.shareCapital}` : null));
  return [
    seller.legalName ?? seller.name,
    form,
    seller.rcs,
    seller.siret ? `SIRET ${seller.siret}` : null,
    seller.vatNumber ? `TVA intracommunautaire ${seller.vatNumber}` : null,
  ]
    .filter((part): part is string => Boolean(part))
    .join(' – ');
}

function header(doc: Doc, invoice: InvoiceContent): void {
  const top = MARGIN.top;
  const half = CONTENT_WIDTH / 2 - 10;
  doc.font(FONTS.bold).fontSize(16).fillColor(COLOURS.ink);
  doc.text(pdfText(invoice.seller.name), MARGIN.left, top, { width: half });
  doc.font(FONTS.regular).fontSize(9).fillColor(COLOURS.muted);
  for (const line of sellerLines(invoice)) doc.text(pdfText(line), { width: half });
  const sellerBottom = doc.y;

  const right = MARGIN.left + CONTENT_WIDTH / 2 + 10;
  doc.font(FONTS.bold).fontSize(20).fillColor(COLOURS.ink);
  doc.text(pdfText(`Facture ${invoice.reference}`), right, top, { width: half, align: 'right' });
  doc.font(FONTS.regular).fontSize(10).fillColor(COLOURS.ink);
  doc.text(pdfText(`Date de facture : ${frenchDate(new Date(invoice.issuedAt))}`), {
    width: half,
    align: 'right',
  });
  doc.text(
    pdfText(
      `Commande ${invoice.order.reference} du ${frenchDate(new Date(invoice.order.placedAt))}`,
    ),
    {
      width: half,
      align: 'right',
    },
  );
  const numberBottom = doc.y;

  // The buyer, under the invoice number, where a window envelope would show it.
  const buyerTop = Math.max(sellerBottom, numberBottom) + 24;
  doc.font(FONTS.bold).fontSize(10).text('Facturé à', right, buyerTop, { width: half });
  doc.font(FONTS.regular).fontSize(10);
  doc.text(pdfText(invoice.buyer.name), { width: half });
  // The billing address's own first line repeats the name when it is the same person.
  const [first, ...rest] = invoice.buyer.addressLines;
  const lines = first === invoice.buyer.name ? rest : invoice.buyer.addressLines;
  for (const line of lines) doc.text(pdfText(line), { width: half });
  doc.y = Math.max(doc.y, buyerTop) + 24;
}

function row(doc: Doc, cells: readonly string[], options: { bold?: boolean; fill?: string } = {}) {
  doc.font(options.bold ? FONTS.bold : FONTS.regular).fontSize(9);
  const heights = cells.map((cell, index) =>
    doc.heightOfString(pdfText(cell), { width: COLUMNS[index]!.width - 8 }),
  );
  const height = Math.max(...heights) + 8;
  ensureRoom(doc, height);
  const top = doc.y;
  if (options.fill) {
    doc.save().rect(MARGIN.left, top, CONTENT_WIDTH, height).fill(options.fill).restore();
  }
  let x = MARGIN.left;
  doc.fillColor(COLOURS.ink);
  cells.forEach((cell, index) => {
    const column = COLUMNS[index]!;
    doc.text(pdfText(cell), x + 4, top + 4, { width: column.width - 8, align: column.align });
    x += column.width;
  });
  doc.y = top + height;
  rule(doc, doc.y);
}

function linesTable(doc: Doc, invoice: InvoiceContent): void {
  row(
    doc,
    COLUMNS.map((column) => column.title),
    { bold: true, fill: COLOURS.header },
  );
  for (const line of invoice.lines) {
    row(doc, [
      line.name,
      String(line.quantity),
      formatPrice(line.unitPriceExclVatCents),
      formatPrice(line.unitPriceCents),
      formatPercent(line.vatRateBasisPoints),
      formatPrice(line.totalCents),
    ]);
  }
  if (invoice.shipping) {
    const { shipping } = invoice;
    const exclVat =
      shipping.totalCents - vatInsideCents(shipping.totalCents, shipping.vatRateBasisPoints);
    row(doc, [
      shipping.label,
      '1',
      formatPrice(exclVat),
      formatPrice(shipping.totalCents),
      formatPercent(shipping.vatRateBasisPoints),
      formatPrice(shipping.totalCents),
    ]);
  }
  if (invoice.discount) {
    row(doc, [invoice.discount.label, '', '', '', '', `−${formatPrice(invoice.discount.cents)}`]);
  }
}

function totals(doc: Doc, invoice: InvoiceContent): void {
  const { totals: amounts } = invoice;
  const rows: [string, string, boolean][] = [
    ['Total HT', formatPrice(amounts.exclVatCents), false],
    ...amounts.vat.map((rate): [string, string, boolean] => [
      `TVA ${formatPercent(rate.rateBasisPoints)} sur ${formatPrice(rate.baseCents)}`,
      formatPrice(rate.vatCents),
      false,
    ]),
    ['Total TTC', formatPrice(amounts.inclVatCents), true],
    ...(amounts.voucherCents > 0
      ? ([
          ['Réglé par bon cadeau', `−${formatPrice(amounts.voucherCents)}`, false],
          [
            `Réglé par ${invoice.payment.method.toLowerCase()}`,
            formatPrice(amounts.paidCents),
            true,
          ],
        ] as [string, string, boolean][])
      : []),
  ];
  doc.moveDown(1);
  const labelWidth = 200;
  const valueWidth = 90;
  const left = PAGE.width - MARGIN.right - labelWidth - valueWidth;
  for (const [label, value, bold] of rows) {
    ensureRoom(doc, 16);
    const top = doc.y;
    doc
      .font(bold ? FONTS.bold : FONTS.regular)
      .fontSize(10)
      .fillColor(COLOURS.ink);
    doc.text(pdfText(label), left, top, { width: labelWidth });
    doc.text(pdfText(value), left + labelWidth, top, { width: valueWidth, align: 'right' });
    doc.y = top + 16;
  }
}

function paymentNote(doc: Doc, invoice: InvoiceContent): void {
  doc.moveDown(1.5);
  ensureRoom(doc, 40);
  doc.font(FONTS.bold).fontSize(10).fillColor(COLOURS.ink);
  doc.text(
    pdfText(
      `Facture acquittée le ${frenchDate(new Date(invoice.payment.paidAt))} – paiement : ${invoice.payment.method}.`,
    ),
    MARGIN.left,
    doc.y,
    { width: CONTENT_WIDTH },
  );
  doc.font(FONTS.regular).fontSize(9).fillColor(COLOURS.muted);
  doc.text(pdfText(`Mode de livraison : ${invoice.order.deliveryLabel}. Prix en euros.`), {
    width: CONTENT_WIDTH,
  });
}

/** The legal identity at the foot of every page. */
function footer(doc: Doc, invoice: InvoiceContent): void {
  const range = doc.bufferedPageRange();
  const line = legalLine(invoice);
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc.font(FONTS.regular).fontSize(8).fillColor(COLOURS.muted);
    doc.text(pdfText(line), MARGIN.left, PAGE.height - MARGIN.bottom + 20, {
      width: CONTENT_WIDTH,
      align: 'center',
    });
    doc.text(pdfText(`Facture ${invoice.reference} – page ${index + 1}/${range.count}`), {
      width: CONTENT_WIDTH,
      align: 'center',
    });
    doc.page.margins = margins;
  }
}

/** The invoice as PDF bytes (A4, French), drawn with PDFKit's standard fonts. */
export function renderInvoice(invoice: InvoiceContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: pdfText(`Facture ${invoice.reference}`),
      Author: pdfText(invoice.seller.legalName ?? invoice.seller.name),
      Subject: pdfText(`Facture de la commande ${invoice.order.reference}`),
      Creator: 'Comptoir',
      // The issue date, so that the same invoice draws the same document every time.
      CreationDate: new Date(invoice.issuedAt),
    },
  });
  const done = pdfBytes(doc);
  header(doc, invoice);
  linesTable(doc, invoice);
  totals(doc, invoice);
  paymentNote(doc, invoice);
  footer(doc, invoice);
  doc.end();
  return done;
}
