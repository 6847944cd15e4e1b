/**
 * The public routes Lighthouse measures, in one place: add a route here and every bench run
 * measures it beside the bare Next page.
 * `host` is the storefront host naming the site (the storefront resolves the site from it; any
 * port): `localhost` is site 91, `vins.localhost` site 92 (Chromium resolves *.localhost itself).
 */
export interface PublicRoute {
  site: 91 | 92;
  host: 'localhost' | 'vins.localhost';
  path: string;
}

const site91 = (path: string): PublicRoute => ({ site: 91, host: 'localhost', path });
const site92 = (path: string): PublicRoute => ({ site: 92, host: 'vins.localhost', path });

export const publicRoutes: PublicRoute[] = [
  // Site 91, L'Atelier de Clémence: home and content pages (with albums), blog, forms, legal, auth.
  site91('/'),
  site91('/qui-sommes-nous'),
  site91('/salon-coiffure-saint-malo-du-bois'),
  site91('/conseil-en-image/notre-approche'),
  site91('/prestation-conseil-en-image'),
  site91('/blog-beaute-conseils'),
  site91('/blog'),
  site91('/blog/conseils-coiffure/choisir-sa-coupe-selon-la-forme-du-visage'),
  site91('/nous-contacter'),
  site91('/legal-notice'),
  site91('/sale-terms'),
  site91('/auth'),
  // The booking page (issue 29): the services, then the time picker once one is chosen.
  site91('/reserver'),
  // Site 92, Domaine des Trois Coteaux: home and content pages, the wine list, a wine, the cart
  // and the checkout.
  site92('/'),
  site92('/le-domaine'),
  site92('/nos-vins'),
  site92('/nos-vins/anjou-blanc-les-schistes-1'),
  // The cart page, as a new visitor sees it (no cart yet: the page, its empty state and island).
  site92('/panier'),
  // The checkout page as a new visitor reaches it: its cached shell and the island that reads
  // the cart.
  site92('/panier/commande'),
  site92('/visites-et-degustations'),
  site92('/actualites'),
  site92('/nous-contacter'),
  site92('/legal-notice'),
  site92('/reserver'),
];

/**
 * The routes `BENCH_LIGHTHOUSE_ROUTES` keeps, e.g. `92:/nos-vins,91:/`: each entry a site and a
 * path of `publicRoutes`, so that one page can be measured again without the twenty others (an
 * on/off comparison of a setting needs many runs of one page). Empty or unset: every route. An
 * entry that names no public route is an error, not a silently empty measure.
 */
export function selectRoutes(routes: PublicRoute[], selection: string | undefined): PublicRoute[] {
  const entries = (selection ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return routes;
  return entries.map((entry) => {
    const [site, ...rest] = entry.split(':');
    const path = rest.join(':');
    const route = routes.find(
      (candidate) => `${candidate.site}` === site && candidate.path === path,
    );
    if (!route) {
      throw new Error(
        `BENCH_LIGHTHOUSE_ROUTES: "${entry}" is no public route (site:path, e.g. 92:/nos-vins; bench/routes.ts)`,
      );
    }
    return route;
  });
}
