import type { ElementListSeed, PopupSeed } from './types';

/** Site 91's banner messages, footer lists and welcome popup. */
export const site91ElementLists: ElementListSeed[] = [
  {
    route: 'bandeau-promotionnel',
    name: 'Bandeau promotionnel',
    elements: [
      {
        title: 'Couleurs végétales à -15 %',
        backgroundColor: '#5b2a4e',
        html: "<strong>-15 % sur les couleurs végétales</strong> jusqu'au 31 décembre, sur rendez-vous.",
      },
      {
        title: 'Bons cadeaux de Noël',
        backgroundColor: '#8a4524',
        html: 'Noël approche : <a href="/offrir-un-bon-cadeau">offrez un bon cadeau</a>, valable un an sur toutes nos prestations.',
      },
      {
        title: 'Atelier colorimétrie du 16 janvier',
        backgroundColor: '#2f5148',
        html: 'Atelier colorimétrie en petit groupe le <strong>samedi 16 janvier 2027</strong> : <a href="/nous-contacter">réservez votre place</a>.',
      },
    ],
  },
  {
    route: 'logo-footer',
    name: 'Labels et partenaires',
    elements: [
      {
        title: 'Artisan coiffeur en Vendée',
        imageUrl: '/sites/91/label-artisan-coiffeur.svg',
      },
      {
        title: 'Colorations 100 % végétales',
        imageUrl: '/sites/91/label-couleurs-vegetales.svg',
      },
      {
        title: 'Salon éco-responsable : cheveux coupés recyclés',
        imageUrl: '/sites/91/label-salon-eco-responsable.svg',
      },
    ],
  },
  {
    route: 'link-footer',
    name: 'Liens utiles',
    elements: [
      { title: 'Offrir un bon cadeau', linkUrl: '/offrir-un-bon-cadeau' },
      { title: 'Prendre rendez-vous', linkUrl: '/reserver' },
      { title: 'Nos prestations et tarifs', linkUrl: '/prestation-conseil-en-image' },
      { title: 'Conseils beauté', linkUrl: '/blog-beaute-conseils' },
    ],
  },
];

export const site91Popups: PopupSeed[] = [
  {
    title: "Bienvenue à L'Atelier de Clémence",
    html:
      '<p>Envie de changement pour les fêtes ? Découvrez notre nouveau <strong>bilan colorimétrie express</strong> : 45 minutes pour trouver les couleurs qui illuminent votre visage, coupe et coiffage compris.</p>' +
      '<p><a href="/nous-contacter">Prendre rendez-vous</a></p>',
    showOnEveryReload: false,
    rememberClosedDays: 7,
    pageUrls: ['/'],
  },
];
