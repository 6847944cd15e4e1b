import { accountAndLegalPages } from './common-pages';
import { defaultLegalTexts } from './legal-texts';
import { site91ElementLists, site91Popups } from './site-91-content-frame';
import type { ElementListSeed, SiteSeed } from './types';

const NAME = "L'Atelier de Clémence";
const SANS = 'Inter, "Helvetica Neue", Arial, sans-serif';

/** Workshops visitors register to (POST /element/ateliers/{id}/register), by date. */
const workshops: ElementListSeed = {
  route: 'ateliers',
  name: 'Ateliers et événements',
  elements: [
    {
      title: 'Atelier colorimétrie — samedi 12 décembre 2026',
      html: "<p>Drapés de couleur à l'appui, découvrez votre saison et les teintes qui illuminent votre visage. Chacune repart avec son nuancier personnel, à glisser dans son sac pour les prochains achats.</p><p><strong>De 9 h 30 à 12 h 30</strong>, à l'atelier. 45 € par personne, café et petits gâteaux offerts.</p>",
      imageUrl: '/samples/ateliers/colorimetrie.svg',
      linkUrl: '/conseil-en-image/pour-les-particuliers',
      registrationCapacity: 8,
    },
    {
      title: 'Atelier auto-maquillage du quotidien — samedi 16 janvier 2027',
      html: "<p>Un teint frais en dix minutes chrono : Clémence vous montre les bons gestes avec <em>vos</em> produits, puis vous essayez devant le miroir. Apportez votre trousse, nous complétons si besoin.</p><p><strong>De 14 h à 17 h</strong>, à l'atelier. 55 € par personne.</p>",
      imageUrl: '/samples/ateliers/maquillage.svg',
      registrationCapacity: 6,
    },
    {
      title: 'Coiffage express : chignons et tresses — samedi 13 février 2027',
      html: '<p>Un format en duo pour apprendre à se coiffer seule pour une soirée ou un mariage : chignon flou, tresse couronne et demi-queue bohème. Venez cheveux propres et secs, avec vos barrettes préférées.</p><p><strong>De 10 h à 12 h</strong>, au salon. 40 € par personne.</p>',
      imageUrl: '/samples/ateliers/coiffage.svg',
      registrationCapacity: 2,
    },
  ],
};

/** The spec's sample site: a hair salon and image-consulting business in Vendée (docs/requirements/platform.md). */
export const site91: SiteSeed = {
  site: {
    id: 91,
    name: NAME,
    devUrl: 'http://localhost:3000',
    prodUrl: 'https://www.atelier-clemence.fr',
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
  logos: [
    { type: 'LOGO', filename: 'logo.svg', alt: NAME, imageUrl: '/sites/91/logo.svg' },
    {
      type: 'LOGO_FOOTER',
      filename: 'logo-footer.svg',
      alt: NAME,
      imageUrl: '/sites/91/logo-footer.svg',
    },
    { type: 'LOGO_FAVICON', filename: 'favicon.svg', alt: NAME, imageUrl: '/sites/91/favicon.svg' },
  ],
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
    BACKGROUND_MOBILE_MENU_COLOR: '#5b2a4e',
    FONT_MOBILE_MENU_COLOR: '#ffffff',
    BACKGROUND_FOOTER_COLOR: '#3b1b33',
    FONT_FOOTER_COLOR: '#f7ede9',
    TOP_MENU_INFO_BAR_BACKGROUND_COLOR: '#5b2a4e',
    TOP_MENU_INFO_BAR_FONT_COLOR: '#ffffff',

    COMPANY_NAME: NAME,
    LEGAL_COMPANY_NAME: 'Clémence Garnier EI',
    LEGAL_AGENT: 'Clémence Garnier',
    CORPORATE_FORM: 'EI',
    // A hairdresser is a craft business: registered with the Répertoire des métiers, not the RCS.
    RM_NUMBER: '852 147 966 RM 85',
    SIRET_NUMBER: '852 147 966 00018',
    INTRACO_VAT: 'FR83852147966',
    HEAD_OFFICE: '12 rue du Bocage, 85590 Saint-Malo-du-Bois',
    COMPANY_EMAIL: 'contact@atelier-clemence.fr',
    COMPANY_PHONE: '02 51 64 23 18',
    COMPANY_MOBILE: '06 48 27 15 93',
    // Gift vouchers for the salon are paid by transfer or cheque (decision 0055).
    PAYMENT_METHOD: 'BANK_TRANSFER, CHEQUE',
    PAYMENT_IBAN: 'FR56 1380 7008 1203 0219 8765 417',
    PAYMENT_BIC: 'CCBPFRPPNAN',
    PAYMENT_CHEQUE_PAYEE: 'Clémence Garnier',

    TUESDAY_HOURS: '9h00 – 18h00',
    WEDNESDAY_HOURS: '9h00 – 12h00 / 14h00 – 18h00',
    THURSDAY_HOURS: '9h00 – 18h00',
    FRIDAY_HOURS: '9h00 – 19h00',
    SATURDAY_HOURS: '8h30 – 16h00',

    HIDE_CONTACT_PAGE: false,
    ...defaultLegalTexts,
    COMPANY_DESCRIPTION:
      "Installée au cœur du bocage vendéen, à une demi-heure de la côte atlantique, L'Atelier de Clémence réunit un salon de coiffure mixte et un cabinet de conseil en image. Clémence Garnier vous reçoit sur rendez-vous pour des coupes, des couleurs végétales et des soins sur mesure, et vous accompagne dans la recherche d'un style qui vous ressemble : colorimétrie, morphologie, garde-robe et maquillage.",
    CONTACT_ADDITIONAL_INFOS:
      "Le salon est accessible aux personnes à mobilité réduite. Stationnement gratuit sur la place de l'église, à deux pas.",
    SEND_MAIL_NAME: NAME,
    SEND_MAIL_ADDRESS: 'ne-pas-repondre@atelier-clemence.fr',
    META_DESCRIPTION_HOME:
      "L'Atelier de Clémence, salon de coiffure et conseil en image à Saint-Malo-du-Bois (Vendée) : coupes, couleurs, soins et accompagnement personnalisé pour révéler votre style.",
    META_DESCRIPTION_NEWS:
      "Les actualités de L'Atelier de Clémence : nouvelles prestations, ateliers et offres du salon de Saint-Malo-du-Bois.",
    META_DESCRIPTION_CONTACT:
      "Prenez rendez-vous à L'Atelier de Clémence, 12 rue du Bocage à Saint-Malo-du-Bois : téléphone, e-mail, horaires et formulaire de contact.",
  },
  elementLists: [...site91ElementLists, workshops],
  popups: site91Popups,
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
};
