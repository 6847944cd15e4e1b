import sanitizeHtml from 'sanitize-html';
import type { Declination, Product } from '@comptoir/contract/product';
import { unitPriceForQuantityCents } from '@comptoir/domain/cart';
import { formatCost, formatPrice } from '@comptoir/domain/money';
import { unitNoun } from '@comptoir/domain/product-display';

/*
 * What only the PDF product sheet (GET /product/generate/file/…) needs beyond the shared wording
 * of @comptoir/domain/product-display: the quantity discount rows, the description as plain text,
 * and text the standard PDF fonts can draw.
 */

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
      quantity: `Dès ${tier.minQuantity} ${unitNoun(product.type)}`,
      discount: cost ? `−${cost}` : '—',
      unitPrice: formatPrice(unitPriceForQuantityCents(declination, tiers, tier.minQuantity)),
    };
  });
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
