import QRCode from 'qrcode';
import PDFDocument from 'pdfkit';
import type { Award, Declination, DeclinationLabel, Product } from '@comptoir/contract/product';
import { ingredientsText, nutritionRows } from '@comptoir/domain/nutrition';
import {
  FEATURE_LABELS,
  KIND_LABELS,
  alcoholLabel,
  declinationLabel,
  grapeVarietiesLabel,
  priceView,
  type GrapeVarietyDisplay,
} from '@comptoir/domain/product-display';
import { descriptionParagraphs, pdfText, quantityDiscountRows } from './product-sheet-text';

/** Everything one product sheet shows, read from the catalogue and the site's parameters. */
export interface ProductSheet {
  siteName: string;
  product: Product;
  awards: readonly Award[];
  /** The declination the sheet is about: the one asked for, or the page's default one. */
  declination: Declination;
  /** Without a declination in the URL, the sheet lists every vintage and format. */
  listDeclinations: boolean;
  /** The picture as JPEG bytes, or null when there is none to show (the layout closes up). */
  image: Buffer | null;
  settings: {
    hidePrices: boolean;
    hideDiscountPercentage: boolean;
    grapeVarietyDisplay: GrapeVarietyDisplay;
  };
  /** The alcohol-prevention message (sites that sell alcohol, decision 0109), or null. */
  alcoholMessage: string | null;
  /** ETHYLOTEST_MESSAGE, under the alcohol message (decision 0102), or null. */
  ethylotestMessage: string | null;
  /** The vintage's nutrition declaration and ingredients when NUTRITIONAL_TABLE is on, or null. */
  label: DeclinationLabel | null;
  /**
   * The address of the vintage's public e-label page, drawn as a QR code beside its label
   * (decision 0109); null without a label or a known address of the site.
   */
  eLabelUrl: string | null;
  issuedOn: Date;
}

// A4 in PDF points, and the sheet's grid.
const PAGE = { width: 595.28, height: 841.89 };
/** The top margin leaves room for the site's name drawn above it on every page. */
const MARGIN = { top: 92, bottom: 84, left: 56, right: 56 };
const HEADER_TOP = 44;
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const IMAGE_BOX = { width: 170, height: 236 };
const GUTTER = 24;
const LABEL_WIDTH = 150;

const COLOURS = { ink: '#222222', muted: '#6b6460', accent: '#7a1f3d', rule: '#d9d0c8' };
const FONTS = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  title: 'Times-Bold',
  serif: 'Times-Roman',
};

const issuedDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

type Doc = PDFKit.PDFDocument;

/** Starts a new page when fewer than `needed` points remain above the footer. */
function ensureRoom(doc: Doc, needed: number): void {
  if (doc.y + needed > PAGE.height - MARGIN.bottom) doc.addPage();
}

function rule(doc: Doc, y: number, colour = COLOURS.rule): void {
  doc
    .save()
    .moveTo(MARGIN.left, y)
    .lineTo(PAGE.width - MARGIN.right, y)
    .lineWidth(0.75)
    .strokeColor(colour)
    .stroke()
    .restore();
}

function sectionHeading(doc: Doc, title: string): void {
  doc.moveDown(1.1);
  // The heading never ends a page: it goes with its first line.
  ensureRoom(doc, 44);
  doc
    .font(FONTS.title)
    .fontSize(13)
    .fillColor(COLOURS.accent)
    .text(pdfText(title), MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  rule(doc, doc.y + 3);
  doc.y += 9;
  doc.fillColor(COLOURS.ink);
}

/** A label and its value side by side; the pair moves to the next page whole. */
function labelledRow(doc: Doc, label: string, value: string, valueFont = FONTS.regular): void {
  const valueWidth = CONTENT_WIDTH - LABEL_WIDTH;
  doc.font(valueFont).fontSize(10);
  const height = Math.max(
    doc.heightOfString(pdfText(value), { width: valueWidth }),
    doc.font(FONTS.bold).heightOfString(pdfText(label), { width: LABEL_WIDTH - 8 }),
  );
  ensureRoom(doc, height + 4);
  const top = doc.y;
  doc
    .font(FONTS.bold)
    .fontSize(10)
    .fillColor(COLOURS.muted)
    .text(pdfText(label), MARGIN.left, top, { width: LABEL_WIDTH - 8 });
  doc
    .font(valueFont)
    .fillColor(COLOURS.ink)
    .text(pdfText(value), MARGIN.left + LABEL_WIDTH, top, { width: valueWidth });
  doc.y = top + height + 4;
}

/** The picture, name, vintage, format and price at the top of the first page. */
function hero(doc: Doc, sheet: ProductSheet): void {
  const { product, declination } = sheet;
  const top = MARGIN.top + 4;
  let textLeft = MARGIN.left;
  let imageBottom = top;
  if (sheet.image) {
    doc.image(sheet.image, MARGIN.left, top, {
      fit: [IMAGE_BOX.width, IMAGE_BOX.height],
      align: 'center',
      valign: 'center',
    });
    textLeft = MARGIN.left + IMAGE_BOX.width + GUTTER;
    imageBottom = top + IMAGE_BOX.height;
  }
  const width = PAGE.width - MARGIN.right - textLeft;

  const eyebrow = [
    product.kind ? KIND_LABELS[product.kind] : null,
    product.appellation,
    product.region,
  ].filter((part): part is string => Boolean(part));
  doc.y = top + 4;
  if (eyebrow.length > 0) {
    doc
      .font(FONTS.bold)
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text(pdfText(eyebrow.join(' · ').toUpperCase()), textLeft, doc.y, {
        width,
        characterSpacing: 0.6,
      });
    doc.moveDown(0.5);
  }
  doc
    .font(FONTS.title)
    .fontSize(24)
    .fillColor(COLOURS.ink)
    .text(pdfText(product.name), textLeft, doc.y, { width, lineGap: 2 });
  doc.moveDown(0.3);
  doc
    .font(FONTS.regular)
    .fontSize(12)
    .fillColor(COLOURS.ink)
    .text(pdfText(declinationLabel(declination, product.type)), textLeft, doc.y, { width });
  if (product.alcoholTenths !== null) {
    doc
      .fontSize(10)
      .fillColor(COLOURS.muted)
      .text(pdfText(alcoholLabel(product.alcoholTenths)), textLeft, doc.y + 2, { width });
  }

  const price = priceView(declination, sheet.settings);
  if (price) {
    doc.moveDown(0.9);
    const priceTop = doc.y;
    doc.font(FONTS.bold).fontSize(22).fillColor(COLOURS.accent);
    const priceText = pdfText(price.price);
    doc.text(priceText, textLeft, priceTop, { width, lineBreak: false });
    let x = textLeft + doc.widthOfString(priceText) + 12;
    if (price.previousPrice) {
      const previous = pdfText(price.previousPrice);
      doc
        .font(FONTS.regular)
        .fontSize(12)
        .fillColor(COLOURS.muted)
        .text(previous, x, priceTop + 8, { lineBreak: false, strike: true });
      x += doc.widthOfString(previous) + 10;
    }
    if (price.badge) {
      const badge = pdfText(price.badge);
      doc.font(FONTS.bold).fontSize(10);
      const badgeWidth = doc.widthOfString(badge) + 10;
      doc
        .save()
        .roundedRect(x, priceTop + 6, badgeWidth, 16, 3)
        .fill(COLOURS.accent)
        .restore();
      doc.fillColor('#ffffff').text(badge, x + 5, priceTop + 10, { lineBreak: false });
    }
    doc
      .font(FONTS.regular)
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text('Prix TTC, à l’unité', textLeft, priceTop + 30, { width });
  }
  if (product.summary) {
    doc.moveDown(0.9);
    doc
      .font(FONTS.serif)
      .fontSize(11.5)
      .fillColor(COLOURS.ink)
      .text(pdfText(product.summary), textLeft, doc.y, { width, lineGap: 2 });
  }
  doc.y = Math.max(doc.y, imageBottom) + 8;
  doc.x = MARGIN.left;
}

function body(doc: Doc, sheet: ProductSheet): void {
  const { product } = sheet;
  const paragraphs = descriptionParagraphs(product.description);
  if (paragraphs.length > 0) {
    sectionHeading(doc, 'Le vin');
    doc.font(FONTS.regular).fontSize(10.5).fillColor(COLOURS.ink);
    for (const paragraph of paragraphs) {
      ensureRoom(doc, 30);
      doc.text(pdfText(paragraph), MARGIN.left, doc.y, {
        width: CONTENT_WIDTH,
        lineGap: 2.5,
        align: 'justify',
      });
      doc.moveDown(0.6);
    }
  }

  const grapes = grapeVarietiesLabel(product.features, sheet.settings.grapeVarietyDisplay);
  const features = product.features.filter((feature) => feature.type !== 'GRAPE_VARIETY');
  if (grapes || features.length > 0 || product.alcoholTenths !== null) {
    sectionHeading(doc, 'Fiche technique');
    if (grapes) labelledRow(doc, FEATURE_LABELS.GRAPE_VARIETY, grapes);
    for (const feature of features) labelledRow(doc, FEATURE_LABELS[feature.type], feature.value);
    if (product.alcoholTenths !== null) {
      labelledRow(doc, 'Degré d’alcool', alcoholLabel(product.alcoholTenths));
    }
  }

  if (sheet.awards.length > 0) {
    sectionHeading(doc, 'Récompenses');
    for (const award of sheet.awards) {
      labelledRow(
        doc,
        award.distinction,
        [award.name, award.year?.toString()].filter(Boolean).join(' '),
      );
    }
  }

  if (product.mealIcons.length > 0) {
    sectionHeading(doc, 'Accords mets et vins');
    doc
      .font(FONTS.regular)
      .fontSize(10.5)
      .fillColor(COLOURS.ink)
      .text(pdfText(product.mealIcons.map((icon) => icon.name).join(' · ')), MARGIN.left, doc.y, {
        width: CONTENT_WIDTH,
      });
  }

  if (sheet.listDeclinations && product.declinations.length > 1) {
    sectionHeading(doc, 'Millésimes et formats');
    for (const declination of product.declinations) {
      const price = priceView(declination, sheet.settings);
      labelledRow(
        doc,
        declinationLabel(declination, product.type),
        price
          ? [
              price.price,
              price.previousPrice ? `au lieu de ${price.previousPrice}` : null,
              price.badge,
            ]
              .filter(Boolean)
              .join('  ')
          : '',
      );
    }
  }

  const tiers = sheet.settings.hidePrices ? [] : quantityDiscountRows(product, sheet.declination);
  if (tiers.length > 0) {
    sectionHeading(doc, 'Remises par quantité');
    for (const tier of tiers) {
      labelledRow(doc, tier.quantity, `${tier.discount}, soit ${tier.unitPrice} l’unité`);
    }
  }

  const label = sheet.label;
  if (label && sheet.eLabelUrl) eLabelCode(doc, sheet.eLabelUrl);
  if (label?.nutrition) {
    sectionHeading(doc, 'Déclaration nutritionnelle (pour 100 ml)');
    for (const row of nutritionRows(label.nutrition)) {
      labelledRow(doc, row.sub ? `   ${row.label}` : row.label, row.value);
    }
  }
  if (label && label.ingredients.length > 0) {
    if (!label.nutrition) sectionHeading(doc, 'Étiquette');
    // No bold inside a run of PDFKit text: the allergens are in capitals, as labels also do.
    labelledRow(doc, 'Ingrédients', `${ingredientsText(label.ingredients)}.`);
  }
}

const QR_SIZE = 84;

/**
 * The e-label's QR code, drawn as vector squares (sharp at any print size) with its address
 * written under it, as a section of its own that moves to the next page whole.
 */
function eLabelCode(doc: Doc, url: string): void {
  sectionHeading(doc, 'Étiquette électronique');
  ensureRoom(doc, QR_SIZE + 40);
  const top = doc.y + 4;
  const code = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const count = code.modules.size;
  // A quiet zone of two modules around the code.
  const cell = QR_SIZE / (count + 4);
  doc.save().fillColor('#000000');
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (code.modules.get(row, column)) {
        doc.rect(MARGIN.left + (column + 2) * cell, top + (row + 2) * cell, cell, cell);
      }
    }
  }
  doc.fill().restore();
  const textLeft = MARGIN.left + QR_SIZE + GUTTER;
  doc
    .font(FONTS.regular)
    .fontSize(10)
    .fillColor(COLOURS.ink)
    .text(
      pdfText(
        'Scannez ce code pour lire la déclaration nutritionnelle et la liste des ingrédients de ce millésime :',
      ),
      textLeft,
      top + 12,
      { width: CONTENT_WIDTH - QR_SIZE - GUTTER },
    )
    .font(FONTS.bold)
    .text(pdfText(url), { width: CONTENT_WIDTH - QR_SIZE - GUTTER });
  doc.x = MARGIN.left;
  doc.y = Math.max(doc.y, top + QR_SIZE);
}

/** The largest size, from `size` down to 6 points, at which the text holds on one line. */
function oneLineSize(doc: Doc, text: string, size: number): number {
  let fitted = size;
  doc.font(FONTS.italic);
  while (fitted > 6 && doc.fontSize(fitted).widthOfString(text) > CONTENT_WIDTH) fitted -= 0.5;
  return fitted;
}

/** The site's name on top of every page; the prevention message and the page number below. */
function frame(doc: Doc, sheet: ProductSheet): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Text below the bottom margin would open a new page: the frame is drawn without margins.
    const margins = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc
      .font(FONTS.title)
      .fontSize(14)
      .fillColor(COLOURS.accent)
      .text(pdfText(sheet.siteName), MARGIN.left, HEADER_TOP, {
        width: CONTENT_WIDTH * 0.7,
        lineBreak: false,
      });
    doc
      .font(FONTS.regular)
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text('Fiche produit', MARGIN.left, HEADER_TOP + 4, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
    rule(doc, HEADER_TOP + 22, COLOURS.accent);

    const footerTop = PAGE.height - MARGIN.bottom + 18;
    rule(doc, footerTop);
    // With the ethylotest message as well, both lines move up and shrink a little.
    const both = sheet.alcoholMessage !== null && sheet.ethylotestMessage !== null;
    if (sheet.alcoholMessage) {
      doc
        .font(FONTS.italic)
        .fontSize(both ? oneLineSize(doc, pdfText(sheet.alcoholMessage), 8.5) : 9.5)
        .fillColor(COLOURS.ink)
        .text(pdfText(sheet.alcoholMessage), MARGIN.left, footerTop + (both ? 5 : 9), {
          width: CONTENT_WIDTH,
          align: 'center',
          lineBreak: !both,
        });
    }
    if (sheet.ethylotestMessage) {
      doc
        .font(FONTS.italic)
        .fontSize(oneLineSize(doc, pdfText(sheet.ethylotestMessage), 8.5))
        .fillColor(COLOURS.ink)
        .text(pdfText(sheet.ethylotestMessage), MARGIN.left, footerTop + (both ? 17 : 9), {
          width: CONTENT_WIDTH,
          align: 'center',
          lineBreak: false,
        });
    }
    doc
      .font(FONTS.regular)
      .fontSize(8)
      .fillColor(COLOURS.muted)
      .text(
        pdfText(
          `${sheet.siteName} · fiche éditée le ${issuedDate.format(sheet.issuedOn)} · page ${
            index - range.start + 1
          } sur ${range.count}`,
        ),
        MARGIN.left,
        footerTop + 34,
        { width: CONTENT_WIDTH, align: 'center', lineBreak: false },
      );
    doc.page.margins = margins;
  }
}

/** The product sheet as PDF bytes (A4, French), drawn with PDFKit's standard fonts. */
export function renderProductSheet(sheet: ProductSheet): Promise<Buffer> {
  const title = `${sheet.product.name} – ${declinationLabel(sheet.declination, sheet.product.type)}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: pdfText(title),
      Author: pdfText(sheet.siteName),
      Subject: pdfText(`Fiche produit : ${sheet.product.name}`),
      Creator: 'Comptoir',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  hero(doc, sheet);
  body(doc, sheet);
  frame(doc, sheet);
  doc.end();
  return done;
}
