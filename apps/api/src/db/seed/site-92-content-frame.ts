import type { ElementListSeed, ExternalAppSeed } from './types';

/** Site 92's banner (two messages, so it stays still), footer links and audience measurement. */
export const site92ElementLists: ElementListSeed[] = [
  {
    route: 'bandeau-promotionnel',
    name: 'Bandeau promotionnel',
    elements: [
      {
        title: 'Portes ouvertes de décembre',
        backgroundColor: '#7b1e2b',
        html: '<strong>Portes ouvertes au caveau</strong> les 5 et 6 décembre : dégustation des nouveaux millésimes.',
      },
      {
        title: "Coffrets de fin d'année",
        backgroundColor: '#2e1a1d',
        html: 'Coffrets de fin d\'année : <a href="/nos-vins">découvrez nos sélections</a> à offrir.',
      },
    ],
  },
  {
    route: 'link-footer',
    name: 'Liens utiles',
    elements: [
      { title: 'Commander nos vins', linkUrl: '/nos-vins' },
      { title: 'Réserver une dégustation', linkUrl: '/reserver' },
      { title: 'Offrir un bon cadeau', linkUrl: '/offrir-un-bon-cadeau' },
    ],
  },
];

export const site92ExternalApps: ExternalAppSeed[] = [
  { app: 'GOOGLE_ANALYTICS', publicConfig: { measurementId: 'G-3C0TEAUX92' } },
];
