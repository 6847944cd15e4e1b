import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Citations of the project's requirements (docs/requirements/README.md). Code and docs once cited
 * documents kept outside the repository: the product specification by section number, its
 * reading notes and the design notes. This module finds those citations, says which page of
 * docs/requirements (or heading of docs/architecture.md) each one means, and rewrites them; the
 * rewrite script (rewrite-citations.ts) and the guard test (citations.test.ts) share it.
 *
 * The outside documents are named here only through the patterns below, built from pieces, so
 * that this file and its test do not cite them themselves.
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SECTION = '\u00a7';
const SPEC_WORD = '[Ss]pec';
const NOTES_WORD = 'READ' + 'INGS';
const DESIGN_WORD = 'DESI' + 'GN';

/** A citation of the outside documents, as the guard test looks for it. */
export const OUTSIDE_CITATION = new RegExp(
  `\\b${SPEC_WORD} ?${SECTION}|\\b${NOTES_WORD}\\b|\\b${DESIGN_WORD}(?:\\.md\\b| ?${SECTION})`,
);

/** A citation of a page of the repository's own requirements or architecture. */
export const REPOSITORY_CITATION =
  /\bdocs\/(requirements\/[a-z0-9-]+\.md|architecture\.md)(?:#([a-z0-9-]+))?/g;

const TEXT_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|md|css)$/;

/** The files that hold these documents' own text, or the patterns above, and are never rewritten. */
const OWN_FILES = new Set([
  'scripts/citations.ts',
  'scripts/citations.test.ts',
  'scripts/rewrite-citations.ts',
]);
const isOwnFile = (file: string) =>
  OWN_FILES.has(file) ||
  file.startsWith('docs/requirements/') ||
  file === 'docs/architecture.md' ||
  /^docs\/decisions\/0092-/.test(file);

/**
 * Every source and doc file of the repository, relative to its root: the files git tracks or
 * would add (what .gitignore leaves out, such as built or copied vendor files, is not ours).
 */
export function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\n'))]
    .filter((file) => TEXT_FILE.test(file) && existsSync(path.join(root, file)))
    .sort();
}

/** The files the rewrite changes: every file but the requirements, the architecture and these. */
export const rewritableFiles = () => repositoryFiles().filter((file) => !isOwnFile(file));

// ---------------------------------------------------------------------------------------------
// Which page a citation means

type Page = string;

/**
 * Named parts of a specification section, read after the section number ("§3 Cart"): a part that
 * names its feature decides the page; `null` leaves the choice to the context.
 */
const QUALIFIERS: ReadonlyArray<readonly [string, Page | null]> = [
  ['Order payload', 'order'],
  ['Address and relay', 'relay'],
  ['Access point', 'relay'],
  ['Company address', 'click-and-collect'],
  ['Site parameter', 'site-parameters'],
  ['TEXT parameters', 'site-parameters'],
  ['product store', 'catalogue'],
  ['product filter', 'catalogue'],
  ['customizationValues', 'product-customization'],
  ['Customization', 'product-customization'],
  ['Declination', 'catalogue'],
  ['Products', 'catalogue'],
  ['Product', 'catalogue'],
  ['Discount', 'discount-codes'],
  ['Carrier', 'delivery'],
  ['calendar', 'click-and-collect'],
  ['Address', null],
  ['Order', null],
  ['Other', null],
  ['Cart', 'cart'],
];

/** Words of the citing line that name a feature, most specific first. */
const LINE_WORDS: ReadonlyArray<readonly [RegExp, Page]> = [
  [/discount code|order\/discount|\bcodes?\b.*\bdiscount/i, 'discount-codes'],
  [/gift.?voucher|bon.cadeau|voucher/i, 'gift-vouchers'],
  [/pg-boss|cachehandler|shared next cache|redis|scale.out/i, 'scale-out'],
  [/every mail a visitor|hardening|security and headers|\bcsp\b|x-forwarded/i, 'security'],
  [/relay|access.point/i, 'relay'],
  [/on_pickup|terms.of.sale|idempotency|order payload|orders are records/i, 'order'],
  [/click.and.collect|clickandcollect|calendar|\bslots?\b|slot holds?/i, 'click-and-collect'],
  [/customi[sz]ation|engraving/i, 'product-customization'],
  [
    /cookie banner|consent|accept-all|deny-all|analytics|tracker|tarteaucitron|from=|landing|\bvisits?\b|site\/visit/i,
    'consent-and-analytics',
  ],
  [/popup|promotional|\bbanner\b|bandeau/i, 'banner-and-popups'],
  [/element list|lists of small items|\belements?\b|registrations? to/i, 'elements'],
  [/shipping|carrier|delivery|bottle|\bfees?\b|\bcit(?:y|ies)\b|commune/i, 'delivery'],
  [/stripe|payment/i, 'payment'],
  [/\borders?\b|checkout|invoice/i, 'order'],
  [/\bcart\b|quantit|multiple|\bstock\b|add-to-cart/i, 'cart'],
  [/product|catalogue|declination|\bwines?\b|award|meal/i, 'catalogue'],
  [/\bblog\b/i, 'blog'],
  [/\bnews\b/i, 'news'],
  [/\balbums?\b/i, 'albums'],
  [/\bservices?\b/i, 'services'],
  [/\bforms?\b/i, 'forms'],
  [/\bcontact\b/i, 'contact'],
  [/\breviews?\b/i, 'reviews'],
  [/unsubscri/i, 'account'],
  [/newsletter/i, 'newsletter'],
  [/login|logout|register|registration|password|session|account|\bauth\b/i, 'account'],
  [/legal|terms of use|placeholder|privacy|cookie policy/i, 'legal-pages'],
  [
    /slider|lightbox|modal|backdrop|toast|loading|throttle|breakpoint|offline|online|connection|chunk|error|not.found|fallback|layout|footer|bottom bar|mobile/i,
    'storefront-layout',
  ],
  [
    /filter|operator|empty.string|empty query|list.quer|list endpoint|page size|per page|nbitem/i,
    'lists',
  ],
  [/\broles?\b|admin panel|\bpanel\b/i, 'platform'],
  [/back.office|\badmin\b/i, 'back-office'],
  [/prices show|two decimals|2 decimals|french format/i, 'platform'],
  [/parameter|theme|global_css|custom code|colou?r/i, 'site-parameters'],
  [/\bslugs?\b|page tree|\bmenu\b|\broutes?\b|\burl\b|svg|\bpages?\b/i, 'pages-and-menu'],
  [/site ?id|header|envelope|server start|every call|tenant|sample site|demo site/i, 'platform'],
];

/** The citing file's folder or name, when the line itself names no feature. */
const FILE_WORDS: ReadonlyArray<readonly [RegExp, Page]> = [
  [/gift-voucher/, 'gift-vouchers'],
  [/discount/, 'discount-codes'],
  [/relay/, 'relay'],
  [/calendar/, 'click-and-collect'],
  [/customization/, 'product-customization'],
  [/delivery|shipping|bottle-count|parcels|\/city|postal-code/, 'delivery'],
  [/payment|stripe/, 'payment'],
  [/order|checkout|invoice/, 'order'],
  [/cart|quantity-picker/, 'cart'],
  [/product|catalogue|declination/, 'catalogue'],
  [/consent|analytics|visit|external-app/, 'consent-and-analytics'],
  [/promo-banner|banner|popup/, 'banner-and-popups'],
  [/element/, 'elements'],
  [/blog/, 'blog'],
  [/news(?!letter)/, 'news'],
  [/album/, 'albums'],
  [/service/, 'services'],
  [/\/forms?\/|\/form\.ts/, 'forms'],
  [/contact/, 'contact'],
  [/review/, 'reviews'],
  [/newsletter/, 'newsletter'],
  [/account|mon-compte|auth|\/user|session|password/, 'account'],
  [/legal/, 'legal-pages'],
  [
    /slider|modal|toast|loading-bar|connection-status|error|not-found|globals\.css|site-layout|\/ui\//,
    'storefront-layout',
  ],
  [/list-query|list-filter/, 'lists'],
  [/parameter|theme|site-custom-code/, 'site-parameters'],
  [/page|slug|menu|image/, 'pages-and-menu'],
  [/admin/, 'back-office'],
  [/seed|request|money|site/, 'platform'],
];

/** Pages of the whole site rather than of one feature: a feature named elsewhere wins over them. */
const GENERAL_PAGES = new Set<Page>([
  'platform',
  'pages-and-menu',
  'storefront-layout',
  'lists',
  'site-parameters',
  'back-office',
]);

/** What a bare section number means when neither the line nor the file names a feature. */
const SECTION_PAGES: Readonly<Record<string, Page>> = {
  '1': 'platform',
  '2': 'pages-and-menu',
  '3': 'platform',
  '4': 'storefront-layout',
  '5': 'lists',
  '6': 'platform',
  '7': 'platform',
  '8': 'storefront-layout',
  '9': 'site-parameters',
};

/** The headings of docs/architecture.md that the design notes' sections became. */
const ARCHITECTURE_ANCHORS: Readonly<Record<string, string>> = {
  '1': 'shape-of-the-system',
  '2': 'technology-choices',
  '3': 'multi-tenancy',
  '4': 'performance',
  '5': 'conventions',
  '6': 'the-shop-and-the-back-office',
  '7': 'the-house-as-it-grows',
};

/**
 * Lines whose words mislead the rules above, by a piece of their text. Add one when the rewrite
 * report shows a citation sent to the wrong page.
 */
const LINE_OVERRIDES: ReadonlyArray<readonly [string, Page]> = [
  ['Questions a product asks before it goes into the cart', 'product-customization'],
  ['The customizations in the order they are asked', 'product-customization'],
  ['Named lists of small items', 'elements'],
  ['the footer asks for up to 100 items', 'elements'],
  ['(the banner is always in French', 'consent-and-analytics'],
  ["The registration checkbox's label", 'legal-pages'],
  ['The registration checkbox (', 'legal-pages'],
  ['The one /admin route the storefront calls', 'platform'],
  ['What every page of a site needs', 'platform'],
  ['What a failed call tells the visitor', 'platform'],
  ['list operators of', 'lists'],
  ['a click on the backdrop closes it', 'storefront-layout'],
  ['The full-screen slider of', 'storefront-layout'],
  ["'n / total', arrows", 'storefront-layout'],
  ['puts a promotional banner, a cookie banner', 'storefront-layout'],
  ['The quantity picker and the add-to-cart button', 'cart'],
  ['Non-numeric input falls back to the multiple', 'cart'],
  ['Each quantity message', 'cart'],
  ['How the customer gets the order', 'delivery'],
  ['Bottles for free shipping', 'delivery'],
  ['The voucher pays last', 'gift-vouchers'],
  ['so a sold-out wine shows as such', 'catalogue'],
  ['come from OpenStreetMap', 'consent-and-analytics'],
  ['names the POST form', 'pages-and-menu'],
  ['only these roles see the panel', 'platform'],
  ['`message / key : error / key : error`', 'cart'],
  ['the API already writes them into its message', 'cart'],
  ['through `lib/list-query`', 'lists'],
  ['the page tree of', 'pages-and-menu'],
  ['(`component_confs`,', 'pages-and-menu'],
  ['Issue 10 (Payment) and', 'payment'],
  ['Every route of', 'pages-and-menu'],
  ['Most elements one list may hold', 'elements'],
  ['A customization answer (', 'product-customization'],
  ['Empty strings, null and undefined are omitted', 'lists'],
  ['used as a means of payment after VAT', 'gift-vouchers'],
  ['the code, then shipping, then the voucher', 'discount-codes'],
  ['give their rules', 'storefront-layout'],
  ['a hold lasts', 'click-and-collect'],
  ['as the API answers them, and see the confirmation', 'cart'],
];

const overrideOf = (line: string): Page | null =>
  LINE_OVERRIDES.find(([piece]) => line.includes(piece))?.[1] ?? null;

const pageOfLine = (line: string): Page | null =>
  LINE_WORDS.find(([words]) => words.test(line))?.[1] ?? null;

const pageOfFile = (file: string): Page | null =>
  FILE_WORDS.find(([words]) => words.test(file))?.[1] ?? null;

/**
 * The page a citation without a named part means. In code, the feature the file belongs to says
 * most; in a document (a decision covers several features) the citing line does. A page of the
 * whole site (GENERAL_PAGES) gives way to a feature the other one names; the section number
 * decides last.
 */
function contextPage(file: string, line: string, section: string | null): Page {
  const override = overrideOf(line);
  if (override) return override;
  const byLine = pageOfLine(line);
  const byFile = pageOfFile(file);
  const [first, second] = file.endsWith('.md') ? [byLine, byFile] : [byFile, byLine];
  const feature = [first, second].find((page) => page !== null && !GENERAL_PAGES.has(page));
  return feature ?? first ?? second ?? SECTION_PAGES[section ?? ''] ?? 'README';
}

const requirementsPath = (page: Page) => `docs/requirements/${page}.md`;

// ---------------------------------------------------------------------------------------------
// The rewrite

const qualifierPattern = QUALIFIERS.map(([name]) => name).join('|');
/** `§3 Cart`, `§7`, …: one element of a chain (never `§13.1`, a section of another text). */
const CHAIN_ELEMENT = `${SECTION} ?\\d(?!\\d|\\.\\d)(?: (?:${qualifierPattern})\\b)?`;
/** `spec §3 Cart, §4, §5 and §8`, or the same chain without the word: `(§5)`. */
const SPEC_CHAIN = new RegExp(
  `(\\b${SPEC_WORD} ?)?${CHAIN_ELEMENT}(?:(?:, | and |, and |–)${CHAIN_ELEMENT})*`,
  'g',
);
const CHAIN_PART = new RegExp(`${SECTION} ?(\\d)(?: (${qualifierPattern})\\b)?`, 'g');
/** A section sign that belongs to another text: `issue 14 §5`, `RFC 9110 §13.1.2`. */
const OTHER_TEXT_BEFORE = /\b(?:issue|rfc) \d+[^.;()]*$/i;

/** Whether a section sign without the word "spec" at `offset` cites the specification. */
const citesSpecification = (line: string, offset: number) =>
  !OTHER_TEXT_BEFORE.test(line.slice(0, offset));

/** The citations of outside documents in a line, as the guard test reports them. */
export function outsideCitations(line: string): string[] {
  const found = [...line.matchAll(new RegExp(OUTSIDE_CITATION, 'g'))].map(([text]) => text);
  for (const match of line.matchAll(SPEC_CHAIN)) {
    if (!match[1] && citesSpecification(line, match.index)) found.push(match[0]);
  }
  return found;
}
/** The reading notes, with the heading of theirs a citation may quote: `… "Cart and money"`. */
const NOTES = new RegExp(`\\b${NOTES_WORD}(?:\\.md)?(?: "([^"]+)")?`, 'g');
/** The design notes, with their section: `….md §6`, `… §6`, or the bare file name. */
const DESIGN = new RegExp(
  `\\b${DESIGN_WORD}(?=\\.md\\b| ?${SECTION})(?:\\.md)?(?: ?${SECTION} ?(\\d))?`,
  'g',
);
/** The outside files by their path, as the README and issues wrote them. */
const OUTSIDE_PATHS: ReadonlyArray<readonly [RegExp, string]> = [
  [new RegExp(`(?:\\.\\./|/work/)shared/${DESIGN_WORD}\\.md`, 'g'), 'docs/architecture.md'],
  [/(?:\.\.\/|\/work\/)shared\/spec\/storefront-spec\.md/g, 'docs/requirements/README.md'],
  [new RegExp(`(?:\\.\\./|/work/)shared/${NOTES_WORD}\\.md`, 'g'), 'docs/requirements/README.md'],
];

/** The headings of the notes that name one page whatever the line says. */
const NOTES_HEADINGS: Readonly<Record<string, Page>> = {
  'Security and headers': 'security',
  Speed: 'speed',
  'Scale-out': 'scale-out',
};

export interface Rewrite {
  file: string;
  line: number;
  before: string;
  after: string;
}

/** One line with its citations pointing into the repository; unchanged when it cites none. */
export function rewriteLine(file: string, line: string): string {
  let out = line;
  for (const [pattern, target] of OUTSIDE_PATHS) out = out.replace(pattern, target);
  out = out.replace(DESIGN, (_design, section: string | undefined) => {
    const anchor = section ? ARCHITECTURE_ANCHORS[section] : undefined;
    return anchor ? `docs/architecture.md#${anchor}` : 'docs/architecture.md';
  });
  out = out.replace(NOTES, (_notes, heading: string | undefined) => {
    const page = (heading && NOTES_HEADINGS[heading]) || contextPage(file, line, null);
    return requirementsPath(page);
  });
  out = out.replace(SPEC_CHAIN, (chain, word: string | undefined, offset: number) => {
    if (!word && !citesSpecification(out, offset)) return chain;
    const pages: Page[] = [];
    for (const [, section, qualifier] of chain.matchAll(CHAIN_PART)) {
      const named = QUALIFIERS.find(([name]) => name === qualifier)?.[1] ?? null;
      const page = named ?? contextPage(file, line, section ?? null);
      if (!pages.includes(page)) pages.push(page);
    }
    return pages.map(requirementsPath).join(', ');
  });
  return out === line ? line : collapseRepeats(out);
}

/** `(docs/requirements/x.md, issue 10, docs/requirements/x.md)` names the page once. */
function collapseRepeats(line: string): string {
  let out = line;
  for (const cited of new Set(line.match(REPOSITORY_CITATION) ?? [])) {
    const first = out.indexOf(cited) + cited.length;
    const rest = out
      .slice(first)
      .replace(
        new RegExp(`(?:, (?:and )?| and )${cited.replace(/[.#]/g, '\\$&')}(?=[),;.:]|$)`, 'g'),
        '',
      );
    out = out.slice(0, first) + rest;
  }
  return out;
}

/**
 * Citations that run over two lines and read badly when each line is rewritten alone: the whole
 * passage, and what it becomes.
 */
const PASSAGES: ReadonlyArray<readonly [string, string]> = [
  [
    `(spec ${SECTION}3 Product, Declination, Customization, product store and filter; ${SECTION}7\n * "Products and services")`,
    '(docs/requirements/catalogue.md,\n * docs/requirements/product-customization.md)',
  ],
  [`the ${SECTION}3 payload`, 'the payload of docs/requirements/order.md'],
];

/** A line that goes on with the citation of the line before: ` * §7 POST /order/discount…`. */
const CONTINUED_CHAIN = new RegExp(
  `^(\\s*(?:\\*|//)?\\s*)${CHAIN_ELEMENT}(?:(?:, | and )${CHAIN_ELEMENT})*[,;]? ?`,
);

/** A file's text with every citation rewritten, and what changed, line by line. */
export function rewriteText(file: string, text: string): { text: string; rewrites: Rewrite[] } {
  let whole = text;
  for (const [passage, replacement] of PASSAGES) whole = whole.split(passage).join(replacement);
  const original = text.split('\n');
  const rewrites: Rewrite[] = [];
  const lines = whole.split('\n').map((before, index) => {
    const previousCited = index > 0 && OUTSIDE_CITATION.test(original[index - 1] ?? '');
    const continued = previousCited ? before.replace(CONTINUED_CHAIN, '$1') : before;
    const after = rewriteLine(file, continued);
    const was = original[index] ?? before;
    if (after !== was) rewrites.push({ file, line: index + 1, before: was, after });
    return after;
  });
  return { text: lines.join('\n'), rewrites };
}

// ---------------------------------------------------------------------------------------------
// What the repository's pages hold

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown file's headings. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.+)$/.exec(line)?.[1];
    if (heading) anchors.add(headingAnchor(heading));
  }
  return anchors;
}

export function readRepositoryFile(file: string): string {
  return readFileSync(path.join(root, file), 'utf8');
}
