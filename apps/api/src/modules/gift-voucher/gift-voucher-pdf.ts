import PDFDocument from 'pdfkit';
import { pdfText } from '../product';

/** What the printable voucher says; every text is the buyer's or the site's, drawn as text only. */
export interface PrintableGiftVoucher {
  siteName: string;
  siteUrl: string | null;
  /** The code as printed: ABCD-EFGH-JKMN-PQRS. */
  code: string;
  amount: string;
  recipientName: string;
  buyerName: string;
  message: string | null;
  /** "31 mai 2027". */
  expiresOn: string;
}

const PAGE = { width: 595.28, height: 419.53 }; // A5 landscape
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;
const COLOURS = { ink: '#1f2933', muted: '#52606d', accent: '#7c2d12', frame: '#d6c7a1' };

/**
 * The voucher as a one-page PDF (A5 landscape, French) to print or forward, drawn with the
 * standard fonts (pdfText keeps what they can draw). Attached to the voucher mail.
 */
export function renderGiftVoucherPdf(voucher: PrintableGiftVoucher): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: pdfText(`Bon cadeau ${voucher.siteName}`),
      Author: pdfText(voucher.siteName),
      Subject: pdfText(`Bon cadeau de ${voucher.amount}`),
      Creator: 'Comptoir',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc
    .save()
    .rect(18, 18, PAGE.width - 36, PAGE.height - 36)
    .lineWidth(2)
    .strokeColor(COLOURS.frame)
    .stroke()
    .restore();
  doc
    .font('Times-Roman')
    .fontSize(13)
    .fillColor(COLOURS.muted)
    .text(pdfText(voucher.siteName), MARGIN, MARGIN, { width: WIDTH, align: 'center' });
  doc
    .moveDown(0.3)
    .font('Times-Bold')
    .fontSize(30)
    .fillColor(COLOURS.accent)
    .text('Bon cadeau', { width: WIDTH, align: 'center' });
  doc
    .moveDown(0.2)
    .font('Helvetica-Bold')
    .fontSize(26)
    .fillColor(COLOURS.ink)
    .text(pdfText(voucher.amount), { width: WIDTH, align: 'center' });
  doc
    .moveDown(0.6)
    .font('Helvetica')
    .fontSize(12)
    .text(pdfText(`Pour ${voucher.recipientName}, de la part de ${voucher.buyerName}`), {
      width: WIDTH,
      align: 'center',
    });
  if (voucher.message) {
    doc
      .moveDown(0.5)
      .font('Helvetica-Oblique')
      .fontSize(11)
      .fillColor(COLOURS.muted)
      .text(pdfText(`« ${voucher.message} »`), {
        width: WIDTH,
        align: 'center',
        height: 70,
        ellipsis: true,
      });
  }
  doc
    .moveDown(0.8)
    .font('Helvetica')
    .fontSize(10)
    .fillColor(COLOURS.muted)
    .text('Code à saisir au moment de la commande', { width: WIDTH, align: 'center' });
  doc
    .font('Courier-Bold')
    .fontSize(20)
    .fillColor(COLOURS.ink)
    .text(voucher.code, { width: WIDTH, align: 'center', characterSpacing: 1 });
  doc
    .moveDown(0.6)
    .font('Helvetica')
    .fontSize(10)
    .fillColor(COLOURS.muted)
    .text(
      pdfText(
        `Valable jusqu’au ${voucher.expiresOn}, en une ou plusieurs fois${voucher.siteUrl ? ` sur ${voucher.siteUrl}` : ''}.`,
      ),
      { width: WIDTH, align: 'center' },
    );
  doc.end();
  return done;
}
