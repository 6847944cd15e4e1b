import sanitizeHtml from 'sanitize-html';
import type { Declination, Product, ProductFeature } from '@comptoir/contract/product';
import { capacityInLitres } from '@comptoir/domain/catalogue';
import { isDiscounted, unitPriceForQuantityCents } from '@comptoir/domain/declination-price';
import { formatCost, formatPercent, formatPrice } from '@comptoir/domain/money';

/*
 * The French wording of the product sheet (GET /product/generate/file/…). The labels read as the
 * storefront's product page writes them (apps/web/modules/catalogue/shop-display.ts); a test
 * compares the two, so that the sheet and the page never drift apart.
 */

/** The alcohol-prevention message of a winemaker site without an ALCOHOL_MESSAGE parameter. */
export const DEFAULT_ALCOHOL_MESSAGE =
  "L'abus d'alcool est dangereux pour la santé, à consommer avec modération.";

export const FEATURE_LABELS: Record<ProductFeature['type'], string> = {
  GRAPE_VARIETY: 'Cépages',
  AGEING: 'Élevage',
  SERVING_TEMPERATURE: 'Température de service',
  KEEPING: 'Garde',
  SOIL: 'Terroir',
  TASTING: 'Dégustation',
};

export const KIND_LABELS: Record<NonNullable<Product['kind']>, string> = {
  RED: 'Vin rouge',
  WHITE: 'Vin blanc',
  ROSE: 'Vin rosé',
  SWEET: 'Vin moelleux',
  SPARKLING: 'Effervescent',
};

export type GrapeVarietyDisplay = 'PERCENT' | 'NAME' | 'HIDDEN';

const decimals = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** 75 cl → « Bouteille 75 cl », 37,5 cl → « Demi-bouteille 37,5 cl », 1,5 L → « Magnum 1,5 L ». */
export function capacityLabel(
  declination: Pick<Declination, 'capacity' | 'capacityUnit'>,
): string | null {
  if (declination.capacity === null || declination.capacityUnit === null) return null;
  const litres = capacityInLitres(declination.capacity, declination.capacityUnit);
  const size =
    declination.capacityUnit === 'CENTILITRE'
      ? `${decimals.format(declination.capacity)} cl`
      : `${decimals.format(declination.capacity)} L`;
  if (litres >= 1.5 && litres < 3) return `Magnum ${size}`;
  if (litres >= 3) return `Grand format ${size}`;
  if (litres < 0.75 && litres >= 0.35) return `Demi-bouteille ${size}`;
  if (litres === 0.75) return `Bouteille ${size}`;
  return size;
}

/** « 2022 · Magnum 150 cl », or the part there is. */
export function declinationLabel(declination: Declination): string {
  return (
    [declination.year?.toString(), capacityLabel(declination)].filter(Boolean).join(' · ') ||
    'Format unique'
  );
}

/** The grape varieties line per GRAPE_VARIETY_DISPLAY; null when hidden or there are none. */
export function grapeVarietiesLabel(
  features: readonly ProductFeature[],
  display: GrapeVarietyDisplay,
): string | null {
  if (display === 'HIDDEN') return null;
  const grapes = features.filter((feature) => feature.type === 'GRAPE_VARIETY');
  if (grapes.length === 0) return null;
  return grapes
    .map((grape) =>
      display === 'PERCENT' && grape.percent !== null
        ? `${grape.value} (${grape.percent} %)`
        : grape.value,
    )
    .join(', ');
}

export interface SheetPrice {
  /** What one unit costs, « 12,50 € ». */
  price: string;
  /** The catalogue price, struck through, when the declination is discounted. */
  previousPrice: string | null;
  /** « −10 % », unless the site hides the percentage (HIDE_DISCOUNT_PERCENTAGE). */
  badge: string | null;
}

/** The price of one declination as the product page shows it; null when the site hides prices. */
export function sheetPrice(
  declination: Declination,
  settings: { hidePrices: boolean; hideDiscountPercentage: boolean },
): SheetPrice | null {
  if (settings.hidePrices) return null;
  const discounted = isDiscounted(declination);
  // A whole percentage, as on the page: 1,00 € off 7,90 € reads « −13 % ».
  const off =
    discounted && declination.priceCents > 0
      ? Math.round(
          ((declination.priceCents - declination.unitPriceCents) * 100) / declination.priceCents,
        ) * 100
      : 0;
  return {
    price: formatPrice(declination.unitPriceCents),
    previousPrice: discounted ? formatPrice(declination.priceCents) : null,
    badge:
      discounted && !settings.hideDiscountPercentage && off > 0 ? `−${formatPercent(off)}` : null,
  };
}

/** The unit the quantity rows count in: « bouteilles » for a wine. */
export function unitNoun(product: Pick<Product, 'type'>): string {
  return product.type === 'WINE' ? 'bouteilles' : 'unités';
}

export interface QuantityDiscountRow {
  /** « Dès 6 bouteilles » */
  quantity: string;
  /** « −5 % », « −1,00 € », or « — » for a tier that takes nothing off. */
  discount: string;
  /** The unit price of the declination at that quantity. */
  unitPrice: string;
}

/** The product page's « Remises par quantité » table, for one declination. */
export function quantityDiscountRows(
  product: Product,
  declination: Declination,
): QuantityDiscountRow[] {
  const tiers = [...product.decreasingDiscounts].sort((a, b) => a.minQuantity - b.minQuantity);
  return tiers.map((tier) => {
    const cost = formatCost(tier.discountType, tier.discountAmount);
    return {
      quantity: `Dès ${tier.minQuantity} ${unitNoun(product)}`,
      discount: cost ? `−${cost}` : '—',
      unitPrice: formatPrice(unitPriceForQuantityCents(declination, tiers, tier.minQuantity)),
    };
  });
}

/** « 12,5 % vol. » */
export function alcoholLabel(alcoholTenths: number): string {
  return `${(alcoholTenths / 10).toLocaleString('fr-FR')} % vol.`;
}

const BLOCK_END = /<\/(p|div|h[1-6]|ul|ol|blockquote|tr|table)\s*>/gi;

/**
 * A product description (rich text the site wrote) as plain paragraphs: block ends and line
 * breaks become line breaks, list items get a bullet, every tag goes and entities are decoded.
 */
export function descriptionParagraphs(html: string | null): string[] {
  if (!html) return [];
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(BLOCK_END, '\n\n');
  // sanitize-html parses the markup (so no tag survives, whatever its shape) and keeps the text.
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return text
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
        .filter((line) => line !== '')
        .join('\n'),
    )
    .filter((paragraph) => paragraph !== '');
}

/*
 * The PDF's standard fonts (Helvetica, Times) write text in WinAnsiEncoding: Latin-1 plus a few
 * typographic characters. French fits, but Intl's narrow no-break space (« 1 250,00 € »), the
 * minus sign of « −10 % » and any emoji would come out as wrong glyphs: they are mapped to their
 * closest WinAnsi character, or dropped.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const CLOSEST: Record<string, string> = {
  '\u202f': '\u00a0',
  '\u2009': ' ',
  '\u2007': '\u00a0',
  '\u2212': '–',
  '\u2010': '-',
  '\u2011': '-',
  '\u2032': "'",
  '\u2033': '"',
};

function isWinAnsi(character: string): boolean {
  const code = character.codePointAt(0)!;
  return (
    character === '\n' ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.has(character)
  );
}

/** The text with every character the standard PDF fonts can draw. */
export function pdfText(text: string): string {
  let out = '';
  for (const character of text.normalize('NFC')) {
    if (isWinAnsi(character)) out += character;
    else if (CLOSEST[character] !== undefined) out += CLOSEST[character];
    else if (character === '\t' || character === '\r') out += ' ';
    else {
      // Accented letters outside Latin-1 (ő, ł…) keep their base letter; the rest goes.
      const base = character.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].filter(isWinAnsi).join('');
    }
  }
  return out;
}
