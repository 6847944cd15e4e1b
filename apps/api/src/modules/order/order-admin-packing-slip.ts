import PDFDocument from 'pdfkit';
import type { AdminOrderDetail } from '@comptoir/contract/admin-orders';
import type { OrderAddress } from '@comptoir/contract/order';
import {
  COLOURS,
  CONTENT_WIDTH,
  ensureRoom,
  FONTS,
  MARGIN,
  pdfBytes,
  rule,
  type Doc,
} from '../../lib/pdf-page';
import { pdfText } from '../product';
import {
  accessPointLines,
  addressLines,
  DELIVERY_TYPE_LABELS,
  frenchDate,
  lineName,
} from './order-text';

/** "600" minutes → "10 h 00". */
export function clockText(minutes: number): string {
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

/** Where the parcel goes, as the preparer reads it. */
function destinationLines(detail: AdminOrderDetail): string[] {
  const { order } = detail;
  switch (order.deliveryType) {
    case 'DELIVERY':
      return [
        ...(order.carrier ? [`Transporteur : ${order.carrier.name}`] : []),
        ...addressLines(detail.deliveryAddress as OrderAddress | null),
      ];
    case 'PICKUP':
      return [
        ...(order.carrier ? [`Transporteur : ${order.carrier.name}`] : []),
        ...accessPointLines(order.accessPoint),
      ];
    case 'CLICK_AND_COLLECT':
      return detail.pickup
        ? [
            detail.pickup.place,
            `Le ${frenchDate(new Date(`${detail.pickup.date}T12:00:00Z`))} à ${clockText(detail.pickup.startMinutes)}`,
          ].filter((line) => line !== '')
        : [];
    case 'NO_DELIVERY':
      return [];
  }
}

const QUANTITY_WIDTH = 60;
const CHECK_WIDTH = 50;

/**
 * The packing slip: what to put in the parcel and where it goes, without prices (it travels in
 * the parcel, and a gift's receiver need not see them). A box to tick per line.
 */
export function renderPackingSlip(siteName: string, detail: AdminOrderDetail): Promise<Buffer> {
  const { order } = detail;
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: pdfText(`Bon de préparation ${order.reference}`),
      Author: pdfText(siteName),
      Creator: 'Comptoir',
      CreationDate: new Date(order.createdAt),
    },
  });
  const done = pdfBytes(doc);
  const half = CONTENT_WIDTH / 2 - 10;
  const right = MARGIN.left + CONTENT_WIDTH / 2 + 10;

  doc.font(FONTS.bold).fontSize(16).fillColor(COLOURS.ink);
  doc.text(pdfText(siteName), MARGIN.left, MARGIN.top, { width: half });
  doc.font(FONTS.bold).fontSize(18);
  doc.text(pdfText(`Bon de préparation`), right, MARGIN.top, { width: half, align: 'right' });
  doc.font(FONTS.regular).fontSize(10);
  doc.text(
    pdfText(`Commande ${order.reference} du ${frenchDate(new Date(order.createdAt))}`),
    right,
    undefined,
    { width: half, align: 'right' },
  );
  doc.y += 24;

  const blockTop = doc.y;
  doc.font(FONTS.bold).fontSize(10).text('Client', MARGIN.left, blockTop, { width: half });
  doc.font(FONTS.regular);
  for (const line of [
    `${detail.customer.firstname} ${detail.customer.lastname}`,
    detail.customer.phone,
    detail.customer.email,
  ].filter((text) => text.trim() !== '')) {
    doc.text(pdfText(line), { width: half });
  }
  const customerBottom = doc.y;
  doc.font(FONTS.bold).text(DELIVERY_TYPE_LABELS[order.deliveryType], right, blockTop, {
    width: half,
  });
  doc.font(FONTS.regular);
  for (const line of destinationLines(detail)) doc.text(pdfText(line), { width: half });
  doc.y = Math.max(doc.y, customerBottom) + 24;

  const nameWidth = CONTENT_WIDTH - QUANTITY_WIDTH - CHECK_WIDTH;
  const drawRow = (cells: [string, string, string], bold: boolean) => {
    doc.font(bold ? FONTS.bold : FONTS.regular).fontSize(10);
    const height = doc.heightOfString(pdfText(cells[0]), { width: nameWidth - 8 }) + 10;
    ensureRoom(doc, height);
    const top = doc.y;
    doc.fillColor(COLOURS.ink);
    doc.text(pdfText(cells[0]), MARGIN.left + 4, top + 5, { width: nameWidth - 8 });
    doc.text(cells[1], MARGIN.left + nameWidth, top + 5, {
      width: QUANTITY_WIDTH - 8,
      align: 'right',
    });
    if (cells[2] === 'box') {
      doc
        .save()
        .rect(MARGIN.left + nameWidth + QUANTITY_WIDTH + 18, top + 5, 11, 11)
        .lineWidth(0.75)
        .strokeColor(COLOURS.muted)
        .stroke()
        .restore();
    } else {
      doc.text(cells[2], MARGIN.left + nameWidth + QUANTITY_WIDTH, top + 5, {
        width: CHECK_WIDTH,
        align: 'center',
      });
    }
    doc.y = top + height;
    rule(doc, doc.y);
  };
  drawRow(['Article', 'Quantité', 'Fait'], true);
  for (const line of order.lines) drawRow([lineName(line), String(line.quantity), 'box'], false);
  const bottles = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  drawRow([`Total : ${bottles} article${bottles > 1 ? 's' : ''}`, String(bottles), ''], true);

  if (detail.message) {
    doc.y += 16;
    ensureRoom(doc, 40);
    doc.font(FONTS.bold).fontSize(10).text('Message du client', MARGIN.left, doc.y);
    doc.font(FONTS.regular).text(pdfText(detail.message), { width: CONTENT_WIDTH });
  }
  doc.end();
  return done;
}
