import type { ElementListTemplate } from './types';

/**
 * The lists the storefront shows around every page (docs/requirements/elements.md): the
 * promotional banner, the footer's labels and its links. Every template starts a site with them,
 * empty (the seed's sample sites write their own lists, with their elements).
 */
export const frameElementLists: ElementListTemplate[] = [
  { route: 'bandeau-promotionnel', name: 'Bandeau promotionnel' },
  { route: 'logo-footer', name: 'Labels et partenaires' },
  { route: 'link-footer', name: 'Liens utiles' },
];
