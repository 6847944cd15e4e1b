/**
 * Numbers as a French owner types them: a decimal comma or point ("12,50", "12.5"), spaces
 * (normal or non-breaking) between thousands ("1 234,50"), a euro sign or a percent sign around
 * them. The back office's forms and the CSV import read amounts with these, so that what Excel
 * writes in a French spreadsheet and what a phone keyboard types are both understood.
 */

const DECIMAL_TEXT = /^[-+]?\d+(?:[.,]\d+)?$/;

/** The number in `text`, or null when it is not one (blank included). */
export function parseDecimalText(text: string): number | null {
  const compact = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/[€%]$/, '')
    .replace(/^€/, '');
  if (!DECIMAL_TEXT.test(compact)) return null;
  return Number(compact.replace(',', '.'));
}

/** Euros typed by the owner, in integer cents; null when not a number or more than two decimals. */
export function eurosTextToCents(text: string): number | null {
  const euros = parseDecimalText(text);
  if (euros === null) return null;
  const cents = Math.round(euros * 100);
  return Math.abs(cents - euros * 100) < 1e-6 ? cents : null;
}

/** A number typed with at most `decimals` decimals, scaled to an integer (12,5 % → 125 tenths). */
export function decimalTextToScaled(text: string, decimals: number): number | null {
  const value = parseDecimalText(text);
  if (value === null) return null;
  const factor = 10 ** decimals;
  const scaled = Math.round(value * factor);
  return Math.abs(scaled - value * factor) < 1e-6 ? scaled : null;
}

/** An integer scaled by 10^decimals, written back with a decimal comma (1250, 2 → "12,50"). */
export function scaledToDecimalText(value: number, decimals: number): string {
  const sign = value < 0 ? '-' : '';
  const absolute = Math.abs(value);
  if (decimals === 0) return `${sign}${absolute}`;
  const factor = 10 ** decimals;
  const whole = Math.floor(absolute / factor);
  const fraction = String(absolute % factor).padStart(decimals, '0');
  return `${sign}${whole},${fraction}`;
}

/** Cents as the owner reads and types them: "12,50" (no sign, no thousands separator). */
export function centsToEurosText(cents: number): string {
  return scaledToDecimalText(cents, 2);
}
