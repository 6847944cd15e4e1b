import type { PageTemplate } from './types';

/** Sign-in, password and legal pages every site has, outside the menu, ordered from 100. */
export function accountAndLegalPages(siteName: string): PageTemplate[] {
  const hidden = { showInMenu: false } as const;
  return [
    {
      url: '/auth',
      title: 'Connexion',
      metaDescription: `Connectez-vous à votre espace client ${siteName} ou créez votre compte en quelques instants.`,
      order: 100,
      cms: { isCmsPage: false, route: 'AUTH' },
      ...hidden,
    },
    {
      url: '/password/reset/ask',
      title: 'Mot de passe oublié',
      metaDescription: `Mot de passe oublié ? Recevez par e-mail un lien pour choisir un nouveau mot de passe sur ${siteName}.`,
      order: 101,
      cms: { isCmsPage: false, route: 'PASSWORD_RESET_ASK' },
      ...hidden,
    },
    {
      url: '/password/reset',
      title: 'Nouveau mot de passe',
      metaDescription: `Choisissez un nouveau mot de passe pour votre compte ${siteName}.`,
      order: 102,
      cms: { isCmsPage: false, route: 'PASSWORD_RESET' },
      ...hidden,
    },
    {
      url: '/use-terms',
      title: "Conditions générales d'utilisation",
      metaDescription: `Les conditions générales d'utilisation du site ${siteName} : accès, propriété intellectuelle, responsabilité et droit applicable.`,
      order: 110,
      cms: { isCmsPage: false, route: 'USE_TERMS' },
      ...hidden,
    },
    {
      url: '/privacy-policy',
      title: 'Politique de confidentialité',
      metaDescription: `Comment ${siteName} collecte, utilise et protège vos données personnelles, et comment exercer vos droits.`,
      order: 111,
      cms: { isCmsPage: false, route: 'PRIVACY_POLICY' },
      ...hidden,
    },
    {
      url: '/cookie-policy',
      title: 'Politique de cookies',
      metaDescription: `Les cookies déposés sur le site ${siteName}, leur finalité et la manière de gérer votre consentement.`,
      order: 112,
      cms: { isCmsPage: false, route: 'COOKIE_POLICY' },
      ...hidden,
    },
    {
      url: '/legal-notice',
      title: 'Mentions légales',
      metaDescription: `Mentions légales du site ${siteName} : éditeur, hébergeur et coordonnées de contact.`,
      order: 113,
      cms: { isCmsPage: false, route: 'LEGAL_NOTICE' },
      ...hidden,
    },
    {
      url: '/sale-terms',
      title: 'Conditions générales de vente',
      metaDescription: `Les conditions générales de vente de ${siteName} : commande, prix, paiement, livraison et rétractation.`,
      order: 114,
      cms: { isCmsPage: false, route: 'SALE_TERMS' },
      ...hidden,
    },
  ];
}
