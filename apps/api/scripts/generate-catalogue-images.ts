/**
 * Draws the illustrations of site 92's catalogue (bottles, half bottles, magnums, boxes, the visit
 * ticket), its medals and its food-pairing pictograms, into apps/web/public/sites/92/. The output
 * is committed; run this again after changing apps/api/src/db/seed/catalogue-92.ts:
 *   npx tsx apps/api/scripts/generate-catalogue-images.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  declinationImageUrl,
  MEAL_ICONS,
  mealIconUrl,
  medalImageUrl,
  productImageUrl,
  site92Catalogue,
  type MedalColour,
  type ProductSeed,
} from '../src/db/seed/catalogue-92';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const publicDir = path.join(root, 'apps/web/public');
const WIDTH = 480;
const HEIGHT = 640;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** Splits a name into lines of at most `max` characters, on spaces. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const palette: Record<string, { glass: string; capsule: string }> = {
  RED: { glass: '#23382b', capsule: '#7b1e2b' },
  WHITE: { glass: '#9fb36e', capsule: '#c9a23a' },
  SWEET: { glass: '#e9dcc0', capsule: '#7a5c12' },
  ROSE: { glass: '#f1dfe0', capsule: '#b04a5a' },
  SPARKLING: { glass: '#1f3326', capsule: '#c9a23a' },
};

function frame(content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="100%" height="100%" fill="#f6efe4"/>
<ellipse cx="240" cy="600" rx="150" ry="14" fill="#e4d7c3"/>
${content}
</svg>`;
}

function label(lines: string[], sub: string, x: number, y: number, width: number, height: number) {
  // Bold serif glyphs average about 0.62 em: the name and the appellation shrink to fit the label.
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(22, (width - 14) / (longest * 0.62));
  const subSize = Math.min(15, (width - 10) / (sub.length * 0.56));
  const text = lines
    .map(
      (line, index) =>
        `<text x="${x + width / 2}" y="${y + 16 + size + index * (size + 5)}" font-family="DejaVu Serif" font-size="${size.toFixed(1)}" font-weight="bold" fill="#3a1d22" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="6" fill="#fbf6ec" stroke="#b89b5e" stroke-width="3"/>
<text x="${x + width / 2}" y="${y + height - 16}" font-family="DejaVu Sans" font-size="${subSize.toFixed(1)}" fill="#6b4a2f" text-anchor="middle">${escapeXml(sub)}</text>
${text}`;
}

/** A Loire bottle: scale 1 for 75 cl, smaller for a half, wider and taller for a magnum. */
function bottleSvg(product: ProductSeed, size: 'bottle' | 'demi' | 'magnum'): string {
  const colours = palette[product.kind ?? 'RED']!;
  const scale = size === 'demi' ? 0.78 : size === 'magnum' ? 1.12 : 1;
  const bodyWidth = (size === 'magnum' ? 190 : 150) * scale;
  const bodyHeight = 300 * scale;
  const neckWidth = 46 * scale;
  const neckHeight = 130 * scale;
  const bottom = 596;
  const cx = WIDTH / 2;
  const bodyTop = bottom - bodyHeight;
  const neckTop = bodyTop - neckHeight;
  const left = cx - bodyWidth / 2;
  const right = cx + bodyWidth / 2;
  const outline = `M ${cx - neckWidth / 2} ${neckTop} L ${cx - neckWidth / 2} ${bodyTop - 60 * scale}
    C ${cx - neckWidth / 2} ${bodyTop - 10 * scale}, ${left} ${bodyTop - 20 * scale}, ${left} ${bodyTop + 40 * scale}
    L ${left} ${bottom - 14} Q ${left} ${bottom} ${left + 14} ${bottom} L ${right - 14} ${bottom}
    Q ${right} ${bottom} ${right} ${bottom - 14} L ${right} ${bodyTop + 40 * scale}
    C ${right} ${bodyTop - 20 * scale}, ${cx + neckWidth / 2} ${bodyTop - 10 * scale}, ${cx + neckWidth / 2} ${bodyTop - 60 * scale}
    L ${cx + neckWidth / 2} ${neckTop} Z`;
  const capsule = `<rect x="${cx - neckWidth / 2 - 2}" y="${neckTop - 4}" width="${neckWidth + 4}" height="${70 * scale}" rx="4" fill="${colours.capsule}"/>`;
  const bubbles =
    product.kind === 'SPARKLING'
      ? `<path d="M ${cx - neckWidth / 2 - 6} ${neckTop + 4} q ${neckWidth / 2 + 6} -26 ${neckWidth + 12} 0 z" fill="${colours.capsule}"/>`
      : '';
  const labelWidth = bodyWidth - 24;
  const labelHeight = Math.min(170, bodyHeight * 0.55);
  const year = product.declinations.find((declination) => declination.year)?.year;
  const sub = [
    product.appellation,
    size === 'magnum' ? 'Magnum' : size === 'demi' ? '37,5 cl' : year,
  ]
    .filter(Boolean)
    .join(' · ');
  return frame(`<path d="${outline}" fill="${colours.glass}" stroke="#1b120f" stroke-opacity="0.25" stroke-width="3"/>
<rect x="${left + 10}" y="${bodyTop + 60 * scale}" width="10" height="${bodyHeight * 0.6}" rx="5" fill="#ffffff" opacity="0.25"/>
${capsule}${bubbles}
${label(wrap(product.name, 11).slice(0, 5), sub, cx - labelWidth / 2, bottom - labelHeight - 40 * scale, labelWidth, labelHeight)}`);
}

function boxSvg(product: ProductSeed): string {
  const bottles = product.declinations[0]?.sellByMultipleOf ?? 3;
  const necks = Array.from({ length: bottles }, (_, index) => {
    const x = 90 + ((index + 0.5) * 300) / bottles;
    return `<rect x="${x - 14}" y="170" width="28" height="120" rx="6" fill="${index % 2 ? '#23382b' : '#9fb36e'}"/><rect x="${x - 16}" y="160" width="32" height="40" rx="4" fill="#7b1e2b"/>`;
  }).join('');
  return frame(`${necks}
<path d="M 70 280 L 410 280 L 430 590 L 50 590 Z" fill="#b07d4a" stroke="#6b4a2f" stroke-width="4"/>
<path d="M 70 280 L 410 280 L 416 330 L 64 330 Z" fill="#c8955d"/>
${label(wrap(product.name, 18).slice(0, 3), `${bottles} bouteilles`, 110, 360, 260, 170)}`);
}

function ticketSvg(product: ProductSeed): string {
  return frame(`<g transform="rotate(-6 240 330)">
<rect x="60" y="200" width="360" height="240" rx="18" fill="#7b1e2b"/>
<circle cx="60" cy="320" r="26" fill="#f6efe4"/><circle cx="420" cy="320" r="26" fill="#f6efe4"/>
<line x1="330" y1="215" x2="330" y2="425" stroke="#f6efe4" stroke-width="3" stroke-dasharray="10 8"/>
${wrap(product.name, 16)
  .slice(0, 4)
  .map(
    (line, index) =>
      `<text x="195" y="${270 + index * 32}" font-family="DejaVu Serif" font-size="24" font-weight="bold" fill="#fbf6ec" text-anchor="middle">${escapeXml(line)}</text>`,
  )
  .join('')}
<text x="375" y="330" font-family="DejaVu Sans" font-size="20" fill="#fbf6ec" text-anchor="middle" transform="rotate(-90 375 330)">BILLET</text>
</g>`);
}

const medalColours: Record<MedalColour, [string, string]> = {
  gold: ['#d4a72c', '#8a6a12'],
  silver: ['#c7c9cc', '#74777c'],
  bronze: ['#c0804a', '#7a4a22'],
};

function medalSvg(medal: MedalColour): string {
  const [fill, edge] = medalColours[medal];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<path d="M30 4 L44 40 L34 44 L20 8 Z M66 4 L52 40 L62 44 L76 8 Z" fill="#7b1e2b"/>
<circle cx="48" cy="62" r="30" fill="${fill}" stroke="${edge}" stroke-width="4"/>
<circle cx="48" cy="62" r="21" fill="none" stroke="${edge}" stroke-width="2" stroke-dasharray="3 3"/>
<path d="M48 48 l4.1 8.4 9.2 1.3 -6.7 6.5 1.6 9.2 -8.2-4.3 -8.2 4.3 1.6-9.2 -6.7-6.5 9.2-1.3z" fill="${edge}"/>
</svg>
`;
}

/** Simple line pictograms on a 48 px grid, drawn in the site's wine red. */
const pictograms: Record<string, string> = {
  poissons:
    '<path d="M6 24 C14 12 30 12 36 24 C30 36 14 36 6 24 Z"/><path d="M36 24 L44 16 L44 32 Z"/><circle cx="15" cy="22" r="1.8" fill="currentColor"/>',
  'fruits-de-mer':
    '<path d="M24 40 L8 18 C14 8 34 8 40 18 Z"/><path d="M24 40 L16 12 M24 40 L24 9 M24 40 L32 12"/><path d="M20 40 h8 v4 h-8 z"/>',
  volailles:
    '<path d="M30 8 C40 8 42 22 34 28 L22 30 C16 30 14 22 18 16 C20 12 24 8 30 8 Z"/><path d="M22 30 L14 38"/><circle cx="12" cy="40" r="3"/><circle cx="16" cy="42" r="3"/>',
  'viandes-rouges':
    '<path d="M10 20 C10 10 30 6 38 14 C46 22 40 38 26 38 C16 38 10 30 10 20 Z"/><circle cx="30" cy="22" r="4"/>',
  charcuterie:
    '<path d="M8 30 C8 20 18 12 30 12 C38 12 42 16 42 22 C42 30 32 36 20 36 C12 36 8 34 8 30 Z"/><circle cx="20" cy="24" r="1.6" fill="currentColor"/><circle cx="28" cy="20" r="1.6" fill="currentColor"/><circle cx="32" cy="28" r="1.6" fill="currentColor"/><path d="M42 22 L46 20"/>',
  fromages:
    '<path d="M6 34 L42 34 L42 22 L6 34 Z M6 34 L6 40 L42 40 L42 34"/><path d="M42 22 L24 12 L6 34"/><circle cx="30" cy="30" r="2"/><circle cx="20" cy="37" r="1.5"/>',
  desserts:
    '<path d="M8 40 L40 40 L40 26 L8 26 Z"/><path d="M8 26 C8 18 40 18 40 26"/><path d="M8 33 L40 33"/><circle cx="24" cy="14" r="3"/><path d="M24 17 L24 20"/>',
  'cuisine-epicee':
    '<path d="M14 14 C20 14 36 22 38 36 C38 40 34 42 30 40 C20 34 14 24 12 18 Z"/><path d="M14 14 C12 10 14 6 18 6"/>',
};

function pictogramSvg(file: string, name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" role="img" aria-label="${escapeXml(name)}" color="#7b1e2b" fill="none" stroke="#7b1e2b" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">
<title>${escapeXml(name)}</title>
${pictograms[file]}
</svg>
`;
}

async function writePng(url: string, svg: string): Promise<void> {
  const file = path.join(publicDir, url);
  await mkdir(path.dirname(file), { recursive: true });
  // A 64-colour palette keeps these flat drawings small; next/image resizes them for each screen.
  await writeFile(
    file,
    await sharp(Buffer.from(svg))
      .png({ palette: true, colours: 64, compressionLevel: 9 })
      .toBuffer(),
  );
}

async function writeText(url: string, text: string): Promise<void> {
  const file = path.join(publicDir, url);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

const written = new Set<string>();
for (const product of site92Catalogue) {
  const main = productImageUrl(product);
  if (product.type === 'BOX') await writePng(main, boxSvg(product));
  else if (product.type === 'OTHER') await writePng(main, ticketSvg(product));
  else await writePng(main, bottleSvg(product, 'bottle'));
  written.add(main);
  for (const declination of product.declinations) {
    const url = declinationImageUrl(product, declination);
    if (written.has(url)) continue;
    await writePng(url, bottleSvg(product, url.endsWith('-magnum.png') ? 'magnum' : 'demi'));
    written.add(url);
  }
}
for (const medal of ['gold', 'silver', 'bronze'] as const) {
  await writeText(medalImageUrl(medal), medalSvg(medal));
}
for (const icon of MEAL_ICONS)
  await writeText(mealIconUrl(icon.file), pictogramSvg(icon.file, icon.name));
console.log(`${written.size} product images, 3 medals, ${MEAL_ICONS.length} pictograms`);
