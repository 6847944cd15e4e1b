import { foldText } from '../catalogue/catalogue-filter';

/**
 * SERVICE_PAGE_STYLE, « Style des pages de prestation » (docs/requirements/site-parameters.md):
 * how the services page lays its services out (decision 0100).
 * - 'cards': a grid of cards, the picture above the text (unset, the catalogue's null, and any
 *   value it does not know: what the page has always shown);
 * - 'list': one service a row, a small picture beside the text, for a long price list;
 * - 'alternating': one service a row with a large picture, left then right, for a few services
 *   told at length.
 * The owner types the value: the English names and their French words are both read, whatever
 * the case and the accents ('liste', 'Cartes', 'alterné').
 */
export const SERVICE_PAGE_STYLES = ['cards', 'list', 'alternating'] as const;
export type ServicePageStyle = (typeof SERVICE_PAGE_STYLES)[number];

const STYLE_WORDS: Record<string, ServicePageStyle> = {
  cards: 'cards',
  cartes: 'cards',
  grille: 'cards',
  list: 'list',
  liste: 'list',
  alternating: 'alternating',
  alterne: 'alternating',
  alternee: 'alternating',
};

export function servicePageStyle(value: string | null): ServicePageStyle {
  if (value === null) return 'cards';
  return STYLE_WORDS[foldText(value.trim())] ?? 'cards';
}
