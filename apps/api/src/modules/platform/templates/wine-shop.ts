import { accountAndLegalPages } from './account-and-legal-pages';
import { frameElementLists } from './element-lists';
import type { SiteTemplateDefinition } from './types';

/** The business the template was first written for (the seed's site 92): its pages still name it. */
const NAME = 'Domaine des Trois Coteaux';
const SANS = 'Inter, "Helvetica Neue", Arial, sans-serif';

/**
 * The wine shop (template WINE_SHOP): a winemaker's site that sells online, with delivery,
 * click-and-collect, gift vouchers and news, and its catalogue's variations.
 */
export const wineShopTemplate: SiteTemplateDefinition = {
  kind: {
    fonts: [
      {
        type: 'TITLE',
        family: 'Cormorant Garamond, Georgia, serif',
        color: null,
        size: null,
        weight: 600,
        style: null,
      },
      { type: 'CONTENT', family: SANS, color: null, size: 16, weight: 400, style: null },
      { type: 'MENU', family: SANS, color: null, size: 15, weight: 500, style: null },
    ],
    isWinemaker: true,
    isECommerce: true,
    isBuilding: false,
    dashboardType: 'ECOMMERCE',
    defaultLang: 'fr_FR',
  },
  parameters: {
    // Wine red and old gold on parchment; every text/background pair passes WCAG AA.
    PRIMARY_COLOR: '#7b1e2b',
    ACCENT_COLOR: '#7a5c12',
    BACKGROUND_COLOR: '#fbf8f3',
    FONT_COLOR: '#2b2222',
    HEADING_COLOR: '#5e1420',
    ACTIVE_FONT_COLOR: '#7b1e2b',
    FONT_BACKGROUND_COLOR: '#f3ebe0',
    BACKGROUND_HEADER_COLOR: '#fbf8f3',
    BACKGROUND_MENU_COLOR: '#fbf8f3',
    ACTIVE_MENU_COLOR: '#7b1e2b',
    MENU_COLOR_ON_TOP: '#ffffff',
    BACKGROUND_FOOTER_COLOR: '#2e1a1d',
    FONT_FOOTER_COLOR: '#f3ece4',
    TOP_MENU_INFO_BAR_BACKGROUND_COLOR: '#7b1e2b',
    TOP_MENU_INFO_BAR_FONT_COLOR: '#ffffff',

    HIDE_CONTACT_PAGE: false,
    USE_STOCK: true,
    // Offline payments (decision 0055): the cheques go to the head office.
    PAYMENT_METHOD: 'BANK_TRANSFER, CHEQUE, ON_PICKUP',
    PAYMENT_IBAN: 'FR76 1790 6000 3200 0123 4567 872',
    PAYMENT_BIC: 'AGRIFRPP879',
    PAYMENT_ACCOUNT_HOLDER: 'SCEA Domaine des Trois Coteaux',
    PAYMENT_CHEQUE_PAYEE: 'Domaine des Trois Coteaux',
    // The demo shop shows every shop feature: the cart's lines under the header's badge too.
    SEE_CART_ON_HOVER: true,
    SELLS_WORLDWIDE: true,
    FREE_SHIPPING_BOTTLE: 12,
    CLICK_AND_COLLECT_HOURS: 2,
    SHIPPING_MESSAGE:
      'Vos bouteilles voyagent en cartons renforcés. Livraison offerte dès 12 bouteilles.',
    ALCOHOL_MESSAGE: "L'abus d'alcool est dangereux pour la santé, à consommer avec modération.",
    // A wine shop shows each vintage's nutrition declaration and ingredients and, beside the alcohol
    // message, a reminder not to drive after drinking (decision 0102).
    ETHYLOTEST_MESSAGE:
      'Avant de prendre le volant, pensez à l’éthylotest : au-delà de 0,5 g d’alcool par litre de sang, on ne conduit pas.',
    NUTRITIONAL_TABLE: true,
    // A wine shop sells alcohol: birth date asked, minors refused, the health message on every
    // page and in its order mails (decision 0109).
    SELLS_ALCOHOL: true,
    SEND_MAIL_NAME: NAME,
  },
  pages: [
    {
      url: '/',
      title: 'Accueil',
      metaDescription:
        'Vigneron indépendant sur les coteaux du Layon : découvrez le Domaine des Trois Coteaux et commandez nos vins en ligne.',
      order: 1,
      cms: { isCmsPage: true, route: 'HOME' },
    },
    {
      url: '/le-domaine',
      title: 'Le domaine',
      metaDescription:
        "Trois générations de vignerons, vingt-deux hectares sur les schistes de l'Anjou noir : l'histoire et le travail du Domaine des Trois Coteaux.",
      order: 2,
      cms: { isCmsPage: true, route: null },
    },
    {
      url: '/nos-vins',
      title: 'Nos vins',
      metaDescription:
        'Blancs secs et moelleux, rouges et rosés de Loire : tous les vins du Domaine des Trois Coteaux, livrés chez vous ou à retirer au caveau.',
      order: 3,
      isEcommercePage: true,
      cms: { isCmsPage: false, route: 'PRODUCT_LIST' },
    },
    {
      url: '/visites-et-degustations',
      title: 'Visites et dégustations',
      metaDescription:
        'Visitez nos caves creusées dans le tuffeau et dégustez nos cuvées avec le vigneron, sur réservation, du lundi au samedi.',
      order: 4,
      cms: { isCmsPage: true, route: null },
    },
    {
      url: '/actualites',
      title: 'Actualités',
      metaDescription:
        'Vendanges, nouveaux millésimes, salons et portes ouvertes : toutes les actualités du Domaine des Trois Coteaux.',
      order: 5,
      cms: { isCmsPage: false, route: 'NEWS' },
    },
    {
      url: '/nous-contacter',
      title: 'Nous contacter',
      metaDescription:
        'Une question sur une commande ou une visite ? Écrivez-nous ou appelez le caveau du Domaine des Trois Coteaux.',
      order: 6,
      cms: { isCmsPage: false, route: 'CONTACT' },
    },
    {
      url: '/offrir-un-bon-cadeau',
      title: 'Offrir un bon cadeau',
      metaDescription:
        'Offrez les vins du Domaine des Trois Coteaux : un bon cadeau du montant de votre choix, envoyé par e-mail le jour choisi.',
      order: 7,
      isFixedOnRight: true,
      isEcommercePage: true,
      cms: { isCmsPage: false, route: 'GIFT_VOUCHER' },
    },
    {
      url: '/panier',
      title: 'Panier',
      metaDescription: 'Votre panier sur la boutique du Domaine des Trois Coteaux.',
      order: 60,
      showInMenu: false,
      isEcommercePage: true,
      cms: { isCmsPage: false, route: 'CART' },
    },
    {
      url: '/mon-compte',
      title: 'Mon compte',
      metaDescription:
        "Vos commandes, vos adresses et vos préférences de lettre d'information sur la boutique du Domaine des Trois Coteaux.",
      order: 61,
      showInMenu: false,
      cms: { isCmsPage: false, route: 'ACCOUNT' },
    },
    ...accountAndLegalPages(NAME),
  ],
  variations: [
    { name: 'Couleur', values: ['Rouge', 'Blanc', 'Rosé'] },
    { name: 'Élevage', values: ['Cuve', 'Fût de chêne'] },
  ],
  elementLists: frameElementLists,
};
