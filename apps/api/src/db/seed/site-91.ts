import { brochureTemplate } from '../../modules/platform';
import { defaultLegalTexts } from './legal-texts';
import { site91ElementLists, site91Popups } from './site-91-content-frame';
import type { ElementListSeed, SiteSeed } from './types';

const NAME = "L'Atelier de Clémence";

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
    ...brochureTemplate.kind,
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
    ...brochureTemplate.parameters,
    // The mobile menu's colours are the sample site's own: the templates do not carry them.
    BACKGROUND_MOBILE_MENU_COLOR: '#5b2a4e',
    FONT_MOBILE_MENU_COLOR: '#ffffff',

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

    TUESDAY_HOURS: '9h00 – 18h00',
    WEDNESDAY_HOURS: '9h00 – 12h00 / 14h00 – 18h00',
    THURSDAY_HOURS: '9h00 – 18h00',
    FRIDAY_HOURS: '9h00 – 19h00',
    SATURDAY_HOURS: '8h30 – 16h00',

    ...defaultLegalTexts,
    COMPANY_DESCRIPTION:
      "Installée au cœur du bocage vendéen, à une demi-heure de la côte atlantique, L'Atelier de Clémence réunit un salon de coiffure mixte et un cabinet de conseil en image. Clémence Garnier vous reçoit sur rendez-vous pour des coupes, des couleurs végétales et des soins sur mesure, et vous accompagne dans la recherche d'un style qui vous ressemble : colorimétrie, morphologie, garde-robe et maquillage.",
    CONTACT_ADDITIONAL_INFOS:
      "Le salon est accessible aux personnes à mobilité réduite. Stationnement gratuit sur la place de l'église, à deux pas.",
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
  pages: brochureTemplate.pages,
  variations: brochureTemplate.variations,
};
