/** WCAG 2 relative luminance of '#rgb', '#rrggbb' or '#rrggbbaa' (alpha ignored), or null. */
export function relativeLuminance(hex: string): number | null {
  const digits = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex)?.[1];
  if (!digits) return null;
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [red, green, blue] = [0, 2, 4].map((start) => {
    const channel = parseInt(full.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export function contrastRatio(first: string, second: string): number | null {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  if (a === null || b === null) return null;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#161616';

/** The text colour (white or near-black) that reads best on a filled background. */
export function readableTextOn(background: string): string {
  const light = contrastRatio(LIGHT_TEXT, background) ?? 0;
  const dark = contrastRatio(DARK_TEXT, background) ?? 0;
  return light >= dark ? LIGHT_TEXT : DARK_TEXT;
}
