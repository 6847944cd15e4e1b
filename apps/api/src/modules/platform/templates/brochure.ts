import { accountAndLegalPages } from './account-and-legal-pages';
import { frameElementLists } from './element-lists';
import type { SiteTemplateDefinition } from './types';

/** The business the template was first written for (the seed's site 91): its pages still name it. */
const NAME = "L'Atelier de Clémence";
const SANS = 'Inter, "Helvetica Neue", Arial, sans-serif';

/**
 * The brochure site (template BROCHURE): a hair salon and image-consulting business's showcase,
 * with a blog, services, a contact page and gift vouchers, no shop.
 */
export const brochureTemplate: SiteTemplateDefinition = {
  kind: {
    fonts: [
      {
        type: 'TITLE',
        family: 'Playfair Display, Georgia, serif',
        color: null,
        size: null,
        weight: 600,
        style: null,
      },
      { type: 'CONTENT', family: SANS, color: null, size: 16, weight: 400, style: null },
      { type: 'MENU', family: SANS, color: null, size: 15, weight: 500, style: null },
    ],
    isWinemaker: false,
    isECommerce: false,
    isBuilding: false,
    dashboardType: 'SHOWCASE',
    defaultLang: 'fr_FR',
  },
  parameters: {
    // A plum and terracotta palette on warm cream; every text/background pair passes WCAG AA.
    PRIMARY_COLOR: '#5b2a4e',
    ACCENT_COLOR: '#a0522d',
    BACKGROUND_COLOR: '#fdf8f5',
    FONT_COLOR: '#2d2327',
    HEADING_COLOR: '#4a1f3f',
    ACTIVE_FONT_COLOR: '#5b2a4e',
    FONT_BACKGROUND_COLOR: '#f5ebe6',
    BACKGROUND_HEADER_COLOR: '#fdf8f5',
    BACKGROUND_MENU_COLOR: '#fdf8f5',
    ACTIVE_MENU_COLOR: '#5b2a4e',
    MENU_COLOR_ON_TOP: '#ffffff',
    BACKGROUND_FOOTER_COLOR: '#3b1b33',
    FONT_FOOTER_COLOR: '#f7ede9',
    TOP_MENU_INFO_BAR_BACKGROUND_COLOR: '#5b2a4e',
    TOP_MENU_INFO_BAR_FONT_COLOR: '#ffffff',

    HIDE_CONTACT_PAGE: false,
    // Gift vouchers for the salon are paid by transfer or cheque (decision 0055).
    PAYMENT_METHOD: 'BANK_TRANSFER, CHEQUE',
    PAYMENT_IBAN: 'FR76 1380 7008 1203 0219 8765 445',
    PAYMENT_BIC: 'CCBPFRPPNAN',
    PAYMENT_CHEQUE_PAYEE: 'Clémence Garnier',
    SEND_MAIL_NAME: NAME,
  },
  pages: [
    {
      url: '/',
      title: 'Accueil',
      metaDescription:
        'Salon de coiffure et conseil en image à Saint-Malo-du-Bois, en Vendée : Clémence Garnier vous accueille pour révéler votre style, de la coupe à la colorimétrie.',
      order: 1,
      cms: { isCmsPage: true, route: 'HOME' },
    },
    {
      url: '/qui-sommes-nous',
      title: 'Qui sommes-nous ?',
      metaDescription:
        'Coiffeuse diplômée et conseillère en image, Clémence Garnier a ouvert son atelier en 2019 dans le bocage vendéen. Découvrez son parcours et sa philosophie.',
      order: 2,
      cms: { isCmsPage: true, route: null },
    },
    {
      url: '/salon-coiffure-saint-malo-du-bois',
      title: 'Salon de coiffure à Saint-Malo-du-Bois',
      menuTitle: 'Le salon',
      metaDescription:
        "Coupes femme, homme et enfant, couleurs végétales, balayages et soins : le salon de coiffure de L'Atelier de Clémence à Saint-Malo-du-Bois, sur rendez-vous.",
      order: 3,
      cms: { isCmsPage: true, route: null },
    },
    {
      url: '/conseil-en-image',
      title: 'Conseil en image',
      metaDescription:
        'Colorimétrie, morphologie, style vestimentaire : le conseil en image pour gagner en confiance et composer une allure qui vous ressemble.',
      order: 4,
      cms: { isCmsPage: true, route: null },
      children: [
        {
          url: '/conseil-en-image/notre-approche',
          title: 'Notre approche',
          metaDescription:
            'Une démarche bienveillante et sans jugement : écoute, analyse de vos couleurs et de votre silhouette, puis conseils concrets à appliquer au quotidien.',
          order: 1,
          cms: { isCmsPage: true, route: null },
        },
        {
          url: '/conseil-en-image/pour-les-particuliers',
          title: 'Pour les particuliers',
          metaDescription:
            'Bilan colorimétrique, étude morphologique, tri de garde-robe et séance de shopping accompagnée : des formules de conseil en image pour les particuliers.',
          order: 2,
          cms: { isCmsPage: true, route: null },
        },
        {
          url: '/conseil-en-image/formation-conseil-en-image',
          title: 'Formation conseil en image',
          metaDescription:
            'Devenez conseiller ou conseillère en image : une formation en petit groupe à Saint-Malo-du-Bois, de la colorimétrie à la relation client.',
          order: 3,
          cms: { isCmsPage: true, route: null },
        },
      ],
    },
    {
      url: '/prestation-conseil-en-image',
      title: 'Nos prestations',
      metaDescription:
        "Toutes les prestations de L'Atelier de Clémence, coiffure et conseil en image, avec leur durée et leur tarif.",
      order: 5,
      cms: { isCmsPage: false, route: 'SERVICES' },
    },
    {
      url: '/blog-beaute-conseils',
      title: 'Blog beauté & conseils',
      metaDescription:
        "Conseils de coiffure, astuces d'entretien, tendances couleur et idées de style : le blog beauté de L'Atelier de Clémence.",
      order: 6,
      cms: { isCmsPage: false, route: 'BLOG' },
    },
    {
      url: '/nous-contacter',
      title: 'Nous contacter',
      metaDescription:
        "Une question, un rendez-vous ? Contactez L'Atelier de Clémence à Saint-Malo-du-Bois par téléphone, par e-mail ou avec le formulaire de contact.",
      order: 7,
      cms: { isCmsPage: false, route: 'CONTACT' },
    },
    {
      url: '/offrir-un-bon-cadeau',
      title: 'Offrir un bon cadeau',
      metaDescription:
        "Faites plaisir avec un bon cadeau de L'Atelier de Clémence, valable sur toutes les prestations de coiffure et de conseil en image.",
      order: 8,
      isFixedOnRight: true,
      cms: { isCmsPage: false, route: 'GIFT_VOUCHER' },
    },
    {
      url: '/blog',
      title: 'Blog',
      metaDescription:
        "Tous les articles du blog de L'Atelier de Clémence, classés par dossier : coiffure, couleur, style et bien-être.",
      order: 50,
      showInMenu: false,
      cms: { isCmsPage: false, route: 'BLOG' },
    },
    ...accountAndLegalPages(NAME),
  ],
  variations: [],
  elementLists: frameElementLists,
};
