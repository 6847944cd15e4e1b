/**
 * The back office's navigation, in the order the frame shows it. Each screen adds its one line
 * when it exists (an entry whose screen does not exist yet is not listed).
 */
export interface AdminNavEntry {
  href: string;
  label: string;
  /** Shown to SUPER_ADMIN only (the API refuses the screen's calls to anyone else). */
  superAdminOnly?: boolean;
}

export const ADMIN_HOME_PATH = '/admin';

export const ADMIN_NAV_ENTRIES: readonly AdminNavEntry[] = [
  { href: ADMIN_HOME_PATH, label: 'Tableau de bord' },
  { href: '/admin/commandes', label: 'Commandes' },
  { href: '/admin/clients', label: 'Clients' },
  { href: '/admin/chiffres', label: 'Chiffres' },
  { href: '/admin/pages', label: 'Pages et menu' },
  // Every site: one without products yet opens its shop from here (decision 0064).
  { href: '/admin/catalogue', label: 'Catalogue' },
  { href: '/admin/theme', label: 'Thème et paramètres' },
  { href: '/admin/elements', label: "Listes d'éléments" },
  { href: '/admin/blog', label: 'Blog' },
  { href: '/admin/actualites', label: 'Actualités' },
  { href: '/admin/albums', label: 'Albums photo' },
  { href: '/admin/services', label: 'Prestations' },
  { href: '/admin/agenda', label: 'Agenda' },
  { href: '/admin/reservations', label: 'Réglages des réservations' },
  { href: '/admin/popups', label: 'Fenêtres' },
  { href: '/admin/avis', label: 'Avis clients' },
  { href: '/admin/composants', label: 'Composants' },
  { href: '/admin/livraison', label: 'Livraison' },
  { href: '/admin/paiement', label: 'Paiement' },
  { href: '/admin/codes-promo', label: 'Codes de réduction' },
  { href: '/admin/cartes-cadeaux', label: 'Bons cadeaux' },
  { href: '/admin/integrations', label: 'Intégrations' },
  { href: '/admin/messages', label: 'Messages' },
  { href: '/admin/formulaires', label: 'Formulaires' },
  { href: '/admin/newsletter', label: 'Newsletter' },
  { href: '/admin/inscriptions', label: 'Inscriptions' },
  { href: '/admin/cookies', label: 'Consentements cookies' },
  { href: '/admin/emails-non-envoyes', label: 'E-mails non envoyés' },
  { href: '/admin/journal', label: 'Journal' },
  { href: '/admin/plateforme', label: 'Plateforme', superAdminOnly: true },
];

/** The entries a user of this role sees. */
export function navEntriesFor(role: string): AdminNavEntry[] {
  return ADMIN_NAV_ENTRIES.filter((entry) => !entry.superAdminOnly || role === 'SUPER_ADMIN');
}

/** Whether `pathname` (as the browser shows it) is the entry's screen or one of its sub-screens. */
export function isCurrentEntry(entry: AdminNavEntry, pathname: string): boolean {
  if (entry.href === ADMIN_HOME_PATH) return pathname === ADMIN_HOME_PATH;
  return pathname === entry.href || pathname.startsWith(`${entry.href}/`);
}

/**
 * The path as the browser shows it. The server serves `/admin/x` from the route `/admin/{siteId}/x`;
 * should a render see the internal path, the site segment is dropped so server and browser agree.
 */
export function publicAdminPathname(pathname: string, siteId: number): string {
  const internalPrefix = `${ADMIN_HOME_PATH}/${siteId}`;
  if (pathname === internalPrefix) return ADMIN_HOME_PATH;
  if (pathname.startsWith(`${internalPrefix}/`)) {
    return `${ADMIN_HOME_PATH}${pathname.slice(internalPrefix.length)}`;
  }
  return pathname;
}
