/**
 * Legal texts (terms of use, privacy policy, cookie policy, legal notice, terms of sale) are
 * stored as HTML templates in the site's TEXT parameters. They name the company's details with
 * placeholders written `{{KEY}}` — two braces on each side of an upper-case parameter key, spaces
 * inside the braces allowed: `{{ LEGAL_AGENT }}` — which are filled from the company parameters
 * when the page is shown, so that a change of address or of legal representative reaches every
 * text at once.
 */

/** The company parameters a legal text may name (docs/requirements/legal-pages.md), plus the trade register number. */
export const LEGAL_PLACEHOLDER_KEYS = [
  'LEGAL_AGENT',
  'LEGAL_COMPANY_NAME',
  'CORPORATE_FORM',
  'SHARE_CAPITAL',
  'RCS_NUMBER',
  'RM_NUMBER',
  'SIRET_NUMBER',
  'HEAD_OFFICE',
  'COMPANY_PHONE',
  'COMPANY_EMAIL',
  'COMPANY_NAME',
  'INTRACO_VAT',
] as const;
export type LegalPlaceholderKey = (typeof LEGAL_PLACEHOLDER_KEYS)[number];

/**
 * The privacy policy's retention period of an inactive account, in words (« trois ans »): a
 * placeholder of its own, filled from INACTIVE_ACCOUNT_YEARS, so that the text says the period
 * the anonymisation job applies (decision 0110).
 */
export const INACTIVE_ACCOUNT_PERIOD_PLACEHOLDER = 'INACTIVE_ACCOUNT_PERIOD';
export const DEFAULT_INACTIVE_ACCOUNT_YEARS = 3;
const MAX_INACTIVE_ACCOUNT_YEARS = 10;

/**
 * The whole years after which an unused account is anonymised: INACTIVE_ACCOUNT_YEARS between 1
 * and 10; unset, not a number or out of range, the default three years (never « 0 years »,
 * which would erase every account at the next run).
 */
export function inactiveAccountYears(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_INACTIVE_ACCOUNT_YEARS;
  const years = Math.floor(value);
  return years >= 1 && years <= MAX_INACTIVE_ACCOUNT_YEARS ? years : DEFAULT_INACTIVE_ACCOUNT_YEARS;
}

const YEARS_IN_WORDS = [
  '',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
];

/** « un an », « trois ans »: how a legal text writes the period. */
export function yearsInWords(years: number): string {
  const word = YEARS_IN_WORDS[years] ?? String(years);
  return years === 1 ? `${word} an` : `${word} ans`;
}

/** A value per key; null, undefined or blank means the site has not set it. */
export type LegalPlaceholderValues = Partial<Record<string, string | null | undefined>>;

const PLACEHOLDER = /\{\{\s*([A-Z][A-Z0-9_]*)\s*\}\}/g;
/**
 * A paragraph or list item without a nested element of its own kind. Legal texts are flat
 * documents, so this is enough to find the sentence that carries a placeholder.
 */
const BLOCK = /<(p|li)(\s[^>]*)?>((?:(?!<\1[\s>])[\s\S])*?)<\/\1>/gi;

/** A list left without items once its unset details are dropped. */
const EMPTY_LIST = /<(ul|ol)(\s[^>]*)?>\s*<\/\1>/gi;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes a value for HTML text and attribute values alike: a company name is data, not markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

function valueOf(values: LegalPlaceholderValues, key: string): string | null {
  const value = Object.hasOwn(values, key) ? values[key] : undefined;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The keys of every placeholder the text contains, in order of appearance, without repeats. */
export function legalPlaceholdersIn(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * Fills a legal text's placeholders with the company's details (escaped for HTML).
 *
 * A detail the site has not set must not leave a raw `{{KEY}}` nor a sentence that ends in the
 * void ("Capital social : ."): a paragraph or list item whose placeholders are all unset is
 * dropped (and a list left empty with it), and an unset placeholder among set ones is removed.
 * A key outside the company parameters is treated as unset.
 */
export function fillLegalText(template: string, values: LegalPlaceholderValues): string {
  const isSet = (key: string) => valueOf(values, key) !== null;
  const withoutEmptyBlocks = template.replace(
    BLOCK,
    (block: string, _tag, _attributes, inner: string) => {
      const keys = legalPlaceholdersIn(inner);
      return keys.length > 0 && !keys.some(isSet) ? '' : block;
    },
  );
  return withoutEmptyBlocks.replace(EMPTY_LIST, '').replace(PLACEHOLDER, (_match, key: string) => {
    const value = valueOf(values, key);
    return value === null ? '' : escapeHtml(value);
  });
}

/** Whether a stored legal text has any content once its markup is set aside. */
export function hasLegalContent(text: string | null | undefined): boolean {
  if (!text) return false;
  return (
    text
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}
