/** The longest excerpt shown under a result, in characters. */
export const EXCERPT_LENGTH = 240;

const NAMED: Readonly<Record<string, string>> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  euro: '€',
  deg: '°',
  oelig: 'œ',
  OElig: 'Œ',
  aelig: 'æ',
  AElig: 'Æ',
  szlig: 'ß',
};

/** The combining mark of an accented letter's entity: &eacute; is e and U+0301. */
const MARKS: Readonly<Record<string, string>> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  uml: '\u0308',
  cedil: '\u0327',
  tilde: '\u0303',
  ring: '\u030a',
};

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const code = /^#x/i.test(body) ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : ' ';
  }
  const named = NAMED[body];
  if (named !== undefined) return named;
  const accented = /^([A-Za-z])(acute|grave|circ|uml|cedil|tilde|ring)$/.exec(body);
  if (accented) return `${accented[1]}${MARKS[accented[2]!]}`.normalize('NFC');
  return entity.length > 0 ? ' ' : '';
}

/**
 * An excerpt as plain text: HTML entities decoded, spaces collapsed, cut at a word before
 * EXCERPT_LENGTH with « … ». The markup is already gone (search-repository.ts).
 */
export function excerptText(source: string | null): string | null {
  if (source === null) return null;
  const decoded = source
    // An entity cut by the excerpt's source length is dropped.
    .replace(/&[#A-Za-z0-9]*$/, '')
    .replace(/&([#A-Za-z0-9]+);/g, (entity, body: string) => decodeEntity(entity, body))
    .replace(/\s+/g, ' ')
    .trim();
  if (decoded === '') return null;
  const characters = [...decoded];
  if (characters.length <= EXCERPT_LENGTH) return decoded;
  const cut = characters.slice(0, EXCERPT_LENGTH).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–—-]+$/, '')} …`;
}
