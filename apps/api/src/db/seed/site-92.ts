import { wineShopTemplate } from '../../modules/platform';
import { defaultLegalTexts, WINE_SHOP_SALE_TERMS } from './legal-texts';
import { site92ElementLists, site92ExternalApps } from './site-92-content-frame';
import type { SiteSeed } from './types';

const NAME = 'Domaine des Trois Coteaux';

/** A winemaker's shop in Anjou that exercises every e-commerce feature (docs/architecture.md#multi-tenancy). */
export const site92: SiteSeed = {
  site: {
    id: 92,
    name: NAME,
    devUrl: 'http://vins.localhost:3000',
    prodUrl: 'https://www.domaine-trois-coteaux.fr',
    ...wineShopTemplate.kind,
  },
  logos: [
    { type: 'LOGO', filename: 'logo.svg', alt: NAME, imageUrl: '/sites/92/logo.svg' },
    {
      type: 'LOGO_FOOTER',
      filename: 'logo-footer.svg',
      alt: NAME,
      imageUrl: '/sites/92/logo-footer.svg',
    },
    { type: 'LOGO_FAVICON', filename: 'favicon.svg', alt: NAME, imageUrl: '/sites/92/favicon.svg' },
  ],
  parameters: {
    ...wineShopTemplate.parameters,
    // The mobile menu's colours are the sample site's own: the templates do not carry them.
    BACKGROUND_MOBILE_MENU_COLOR: '#7b1e2b',
    FONT_MOBILE_MENU_COLOR: '#ffffff',

    COMPANY_NAME: NAME,
    LEGAL_COMPANY_NAME: 'SCEA Domaine des Trois Coteaux',
    LEGAL_AGENT: 'Antoine Mercier',
    CORPORATE_FORM: 'SCEA',
    SHARE_CAPITAL: '45 000 €',
    RCS_NUMBER: 'RCS Angers 812 345 676',
    SIRET_NUMBER: '812 345 676 00009',
    INTRACO_VAT: 'FR19812345676',
    HEAD_OFFICE: '4 chemin des Coteaux, 49380 Bellevigne-en-Layon',
    COMPANY_EMAIL: 'contact@domaine-trois-coteaux.fr',
    COMPANY_PHONE: '02 41 78 45 12',

    MONDAY_HOURS: '14h00 – 18h00',
    TUESDAY_HOURS: '10h00 – 12h30 / 14h00 – 18h30',
    WEDNESDAY_HOURS: '10h00 – 12h30 / 14h00 – 18h30',
    THURSDAY_HOURS: '10h00 – 12h30 / 14h00 – 18h30',
    FRIDAY_HOURS: '10h00 – 12h30 / 14h00 – 18h30',
    SATURDAY_HOURS: '10h00 – 18h00',

    ...defaultLegalTexts,
    SALE_TERMS: WINE_SHOP_SALE_TERMS,
    COMPANY_DESCRIPTION:
      "Sur les coteaux du Layon, la famille Mercier cultive depuis trois générations vingt-deux hectares de chenin, de cabernet franc et de grolleau. Vendanges manuelles, levures indigènes et élevage patient : nos vins racontent les schistes de l'Anjou noir.",
    SEND_MAIL_ADDRESS: 'ne-pas-repondre@domaine-trois-coteaux.fr',
    META_DESCRIPTION_HOME:
      'Domaine des Trois Coteaux, vigneron en Anjou : vins du Layon en vente directe, visites de cave et dégustations à Bellevigne-en-Layon.',
    META_DESCRIPTION_NEWS:
      'Vendanges, millésimes, salons et portes ouvertes : les actualités du Domaine des Trois Coteaux.',
    META_DESCRIPTION_WINE_LIST:
      'Chenin sec, coteaux-du-layon, rouges de cabernet franc et rosés : commandez les vins du Domaine des Trois Coteaux en ligne.',
    META_DESCRIPTION_CONTACT:
      'Contactez le Domaine des Trois Coteaux à Bellevigne-en-Layon : horaires du caveau, téléphone et formulaire de contact.',
  },
  elementLists: site92ElementLists,
  externalApps: site92ExternalApps,
  pages: wineShopTemplate.pages,
  variations: wineShopTemplate.variations,
};
