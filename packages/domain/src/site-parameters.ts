export const PARAMETER_KINDS = ['STRING', 'BOOLEAN', 'NUMBER', 'TEXT', 'LINK'] as const;
export type ParameterKind = (typeof PARAMETER_KINDS)[number];

export const PARAMETER_GROUPS = [
  'colours',
  'layout',
  'company',
  'hours',
  'icons',
  'social',
  'texts',
  'features',
  'shop',
  'seo',
] as const;
export type ParameterGroup = (typeof PARAMETER_GROUPS)[number];

export type ParameterValue = string | number | boolean | null;

export interface SiteParameterDefinition<Key extends string = string> {
  type: Key;
  kind: ParameterKind;
  label: string;
  defaultValue: ParameterValue;
  group: ParameterGroup;
}

function colour<const Key extends string>(
  type: Key,
  label: string,
  defaultValue: string,
): SiteParameterDefinition<Key> {
  return { type, kind: 'STRING', label, defaultValue, group: 'colours' };
}

function parameter<const Key extends string>(
  group: ParameterGroup,
  kind: ParameterKind,
  type: Key,
  label: string,
  defaultValue: ParameterValue,
): SiteParameterDefinition<Key> {
  return { type, kind, label, defaultValue, group };
}

/**
 * Every site parameter with its default (docs/requirements/site-parameters.md). The colour defaults are a neutral palette
 * that passes WCAG AA for each text/background pair; each site overrides them.
 */
export const siteParameterCatalogue = [
  colour('PRIMARY_COLOR', 'Couleur principale', '#1d4e89'),
  colour('ACCENT_COLOR', "Couleur d'accentuation", '#b45309'),
  colour('BACKGROUND_COLOR', 'Couleur de fond', '#ffffff'),
  colour('FONT_COLOR', 'Couleur du texte', '#1f2933'),
  colour('HEADING_COLOR', 'Couleur des titres', '#111827'),
  colour('ACTIVE_FONT_COLOR', 'Couleur du texte actif', '#1d4e89'),
  colour('FONT_BACKGROUND_COLOR', 'Couleur de fond des blocs de texte', '#f5f5f4'),
  colour('BACKGROUND_HEADER_COLOR', "Couleur de fond de l'en-tête", '#ffffff'),
  colour('BACKGROUND_MENU_COLOR', 'Couleur de fond du menu', '#ffffff'),
  colour('ACTIVE_MENU_COLOR', 'Couleur du menu actif', '#1d4e89'),
  colour('MENU_COLOR_ON_TOP', 'Couleur du menu en haut de page', '#ffffff'),
  colour('BACKGROUND_MOBILE_MENU_COLOR', 'Couleur de fond du menu mobile', '#ffffff'),
  colour('FONT_MOBILE_MENU_COLOR', 'Couleur du texte du menu mobile', '#1f2933'),
  colour('BACKGROUND_FOOTER_COLOR', 'Couleur de fond du pied de page', '#1f2933'),
  colour('FONT_FOOTER_COLOR', 'Couleur du texte du pied de page', '#f3f4f6'),
  colour(
    'TOP_MENU_INFO_BAR_BACKGROUND_COLOR',
    "Couleur de fond de la barre d'information",
    '#1d4e89',
  ),
  colour('TOP_MENU_INFO_BAR_FONT_COLOR', "Couleur du texte de la barre d'information", '#ffffff'),

  parameter('layout', 'NUMBER', 'LOGO_HEIGHT', 'Hauteur du logo', 100),
  parameter('layout', 'NUMBER', 'LOGO_HEIGHT_FOOTER', 'Hauteur du logo du pied de page', 120),
  parameter('layout', 'NUMBER', 'LOGO_HEIGHT_MOBILE', 'Hauteur du logo sur mobile', 110),
  // A width of 0 means automatic: the logo keeps its aspect ratio from its height.
  parameter('layout', 'NUMBER', 'LOGO_WIDTH', 'Largeur du logo (0 : automatique)', 0),
  parameter(
    'layout',
    'NUMBER',
    'LOGO_WIDTH_FOOTER',
    'Largeur du logo du pied de page (0 : automatique)',
    0,
  ),
  parameter(
    'layout',
    'NUMBER',
    'LOGO_WIDTH_MOBILE',
    'Largeur du logo sur mobile (0 : automatique)',
    0,
  ),
  parameter('layout', 'NUMBER', 'LOGO_MARGIN_TOP', 'Marge au-dessus du logo', 10),
  parameter('layout', 'NUMBER', 'LOGO_MARGIN_BOTTOM', 'Marge sous le logo', 10),
  parameter(
    'layout',
    'NUMBER',
    'COMPUTER_MENU_HEIGHT',
    'Hauteur du menu sur ordinateur (0 : automatique)',
    0,
  ),
  parameter('layout', 'NUMBER', 'SUBMENU_WIDTH', 'Largeur des sous-menus', 150),
  parameter('layout', 'NUMBER', 'DETAIL_PAGE_MARGIN_TOP', 'Marge haute des pages de détail', 130),
  parameter('layout', 'NUMBER', 'MENU_ICON_SIZE', 'Taille des icônes du menu (pt)', 12),
  parameter('layout', 'STRING', 'LOGO_POSITION', 'Position du logo', 'LEFT'),
  parameter('layout', 'STRING', 'MENU_ALIGNMENT', 'Alignement du menu', 'RIGHT'),
  parameter('layout', 'STRING', 'SUBMENU_ALIGNMENT', 'Alignement des sous-menus', 'LEFT'),
  parameter(
    'layout',
    'STRING',
    'MENU_ACTIVE_TYPE',
    'Style de la page active dans le menu',
    'TEXT_COLOR',
  ),
  parameter(
    'layout',
    'STRING',
    'MENU_HOVER_TRANSITION',
    'Effet au survol du menu',
    'SIMPLE_TEXT_COLOR',
  ),
  parameter('layout', 'STRING', 'MOBILE_MENU_POSITION', 'Position du menu mobile', 'BOTTOM'),
  parameter(
    'layout',
    'STRING',
    'DISPLAY_SOCIAL_ICON_IN_MENU',
    'Afficher les réseaux sociaux dans le menu',
    'NO',
  ),
  parameter('layout', 'STRING', 'MENU_TYPE', 'Type de menu', 'RELATIVE'),
  parameter('layout', 'BOOLEAN', 'IS_MENU_FIXED', 'Menu fixe au défilement', true),
  parameter('layout', 'BOOLEAN', 'MENU_ICON', 'Afficher les icônes du menu', true),
  parameter('layout', 'BOOLEAN', 'DARK_THEME', 'Thème sombre', false),
  parameter('layout', 'BOOLEAN', 'HIDE_HOMEPAGE_IN_MENU', "Masquer l'accueil dans le menu", false),
  parameter('layout', 'BOOLEAN', 'TOP_MENU_INFO_BAR', "Afficher la barre d'information", false),
  parameter('layout', 'BOOLEAN', 'CENTER_SUBMENU', 'Centrer les sous-menus', false),
  parameter('layout', 'BOOLEAN', 'SUBMENU_DROPSHADOW', 'Ombre portée des sous-menus', false),
  parameter('layout', 'BOOLEAN', 'REPEAT_ANIMATION', 'Répéter les animations', false),
  parameter(
    'layout',
    'BOOLEAN',
    'DISPLAY_ADDRESS_IN_TOPBAR',
    "Afficher l'adresse dans la barre d'information",
    false,
  ),
  parameter('layout', 'BOOLEAN', 'MENU_TOP_PADDING', 'Espacement au-dessus du menu', false),
  parameter('layout', 'BOOLEAN', 'MENU_BOTTOM_PADDING', 'Espacement sous le menu', false),
  parameter(
    'layout',
    'BOOLEAN',
    'INVERSE_ABSOLUTE_MENU_COLOR',
    'Inverser les couleurs du menu superposé',
    false,
  ),

  parameter('company', 'STRING', 'COMPANY_NAME', "Nom de l'entreprise", null),
  parameter('company', 'STRING', 'LEGAL_COMPANY_NAME', 'Raison sociale', null),
  parameter('company', 'STRING', 'LEGAL_AGENT', 'Représentant légal', null),
  parameter('company', 'STRING', 'CORPORATE_FORM', 'Forme juridique', null),
  parameter('company', 'STRING', 'SHARE_CAPITAL', 'Capital social', null),
  parameter('company', 'STRING', 'RCS_NUMBER', 'Numéro RCS', null),
  parameter('company', 'STRING', 'RM_NUMBER', 'Numéro au répertoire des métiers', null),
  parameter('company', 'STRING', 'SIRET_NUMBER', 'Numéro SIRET', null),
  parameter('company', 'STRING', 'INTRACO_VAT', 'Numéro de TVA intracommunautaire', null),
  parameter('company', 'STRING', 'HEAD_OFFICE', 'Siège social', null),
  parameter('company', 'STRING', 'COMPANY_EMAIL', "Adresse e-mail de l'entreprise", null),
  parameter('company', 'STRING', 'COMPANY_PHONE', "Téléphone de l'entreprise", null),
  parameter('company', 'STRING', 'COMPANY_MOBILE', "Téléphone portable de l'entreprise", null),
  parameter('company', 'STRING', 'COMPANY_FAX', "Fax de l'entreprise", null),
  parameter('company', 'LINK', 'COMPANY_ADDRESS', "Adresse de l'entreprise", null),
  parameter('company', 'BOOLEAN', 'SECONDARY_ADDRESSES', 'Afficher les adresses secondaires', null),
  // The privacy policy's period (decision 0110): an account unused this long is anonymised.
  parameter(
    'company',
    'NUMBER',
    'INACTIVE_ACCOUNT_YEARS',
    'Conservation des comptes inactifs (années)',
    3,
  ),
  parameter(
    'company',
    'BOOLEAN',
    'MOBILE_ONLY_PHONE',
    'Afficher le téléphone uniquement sur mobile',
    null,
  ),

  parameter('hours', 'STRING', 'MONDAY_HOURS', 'Horaires du lundi', null),
  parameter('hours', 'STRING', 'TUESDAY_HOURS', 'Horaires du mardi', null),
  parameter('hours', 'STRING', 'WEDNESDAY_HOURS', 'Horaires du mercredi', null),
  parameter('hours', 'STRING', 'THURSDAY_HOURS', 'Horaires du jeudi', null),
  parameter('hours', 'STRING', 'FRIDAY_HOURS', 'Horaires du vendredi', null),
  parameter('hours', 'STRING', 'SATURDAY_HOURS', 'Horaires du samedi', null),
  parameter('hours', 'STRING', 'SUNDAY_HOURS', 'Horaires du dimanche', null),

  // Font Awesome class names: the base style class plus one icon class per slot.
  parameter(
    'icons',
    'STRING',
    'BASE_FONTAWESOME_ICON',
    'Style des icônes Font Awesome',
    'fa-solid',
  ),
  parameter('icons', 'STRING', 'CART_ICON', 'Icône du panier', 'fa-cart-shopping'),
  parameter('icons', 'STRING', 'MY_ACCOUNT_ICON', 'Icône du compte client', 'fa-user'),

  parameter('social', 'STRING', 'FACEBOOK_URL', 'Lien Facebook', null),
  parameter('social', 'STRING', 'INSTAGRAM_URL', 'Lien Instagram', null),
  parameter('social', 'STRING', 'TWITTER_URL', 'Lien Twitter', null),
  parameter('social', 'STRING', 'LINKEDIN_URL', 'Lien LinkedIn', null),
  parameter('social', 'STRING', 'TIKTOK_URL', 'Lien TikTok', null),
  parameter('social', 'STRING', 'YOUTUBE_URL', 'Lien YouTube', null),
  parameter('social', 'STRING', 'TRIPADVISOR_URL', 'Lien Tripadvisor', null),
  parameter('social', 'STRING', 'REVIEW_PAGE_URL', 'Lien de la page des avis', null),
  parameter('social', 'STRING', 'PINTEREST_HANDLE', 'Identifiant Pinterest', null),
  parameter('social', 'STRING', 'TELEGRAM_HANDLE', 'Identifiant Telegram', null),
  parameter('social', 'STRING', 'DISCORD_HANDLE', 'Identifiant Discord', null),
  parameter('social', 'STRING', 'GITHUB_HANDLE', 'Identifiant GitHub', null),

  parameter('texts', 'TEXT', 'COMPANY_DESCRIPTION', "Présentation de l'entreprise", ''),
  parameter(
    'texts',
    'TEXT',
    'CONTACT_ADDITIONAL_INFOS',
    'Informations de contact complémentaires',
    '',
  ),
  parameter('texts', 'TEXT', 'LEGAL_NOTICE', 'Mentions légales', ''),
  parameter('texts', 'TEXT', 'PRIVACY_POLICY', 'Politique de confidentialité', ''),
  parameter('texts', 'TEXT', 'COOKIE_POLICY', 'Politique des cookies', ''),
  parameter('texts', 'TEXT', 'USE_TERMS', "Conditions générales d'utilisation", ''),
  parameter('texts', 'TEXT', 'SALE_TERMS', 'Conditions générales de vente', ''),
  parameter('texts', 'TEXT', 'GLOBAL_CSS', 'CSS personnalisé', ''),
  parameter(
    'texts',
    'TEXT',
    'AFTER_BODY_HTML_TO_LOAD',
    'HTML à charger après le corps de page',
    '',
  ),
  parameter('texts', 'TEXT', 'SCRIPT_TO_LOAD', 'Script à charger', ''),
  parameter('texts', 'STRING', 'CREATED_BY_MESSAGE', 'Mention « Site réalisé par »', null),
  parameter(
    'texts',
    'STRING',
    'CREATED_BY_BACKLINK',
    'Lien de la mention « Site réalisé par »',
    null,
  ),

  parameter('features', 'BOOLEAN', 'ENABLE_NEWSLETTER', "Activer la lettre d'information", true),
  parameter('features', 'BOOLEAN', 'IS_BLOG_ACTIVATED', 'Activer le blog', true),
  parameter(
    'features',
    'BOOLEAN',
    'SHOW_PROMOTE_MESSAGE',
    'Afficher le bandeau promotionnel',
    true,
  ),
  parameter('features', 'BOOLEAN', 'HIDE_CONTACT_PAGE', 'Masquer la page de contact', true),
  parameter('features', 'BOOLEAN', 'SHOW_SEARCHBAR', 'Afficher la barre de recherche', false),
  parameter('features', 'BOOLEAN', 'PROMOTED_NEWS', 'Afficher les actualités mises en avant', null),
  // A site that sells alcohol asks the birth date and refuses minors whatever the two keys below
  // say, and shows the health message on every page (legal-age.ts, decision 0109).
  parameter('features', 'BOOLEAN', 'SELLS_ALCOHOL', "Le site vend de l'alcool", false),
  parameter('features', 'BOOLEAN', 'BLOCK_MINORS', "Bloquer l'accès aux mineurs", null),
  parameter(
    'features',
    'BOOLEAN',
    'ASK_BIRTHDATE_AT_REGISTER',
    "Demander la date de naissance à l'inscription",
    null,
  ),
  parameter('features', 'BOOLEAN', 'LOCK_TEXT_SELECTION', 'Bloquer la sélection du texte', null),
  parameter('features', 'BOOLEAN', 'LOCK_RIGHT_CLICK', 'Bloquer le clic droit', null),
  parameter('features', 'STRING', 'SERVICE_PAGE_STYLE', 'Style des pages de prestation', null),
  parameter('features', 'STRING', 'FEATURES_STYLE', 'Style des caractéristiques', null),
  parameter('features', 'STRING', 'SEND_MAIL_NAME', "Nom d'expéditeur des e-mails", null),
  parameter('features', 'STRING', 'SEND_MAIL_ADDRESS', "Adresse d'expédition des e-mails", null),

  parameter('shop', 'BOOLEAN', 'HIDE_ECOMMERCE_LABEL', 'Masquer le libellé boutique', false),
  parameter('shop', 'BOOLEAN', 'SEE_CART_ON_HOVER', 'Aperçu du panier au survol', false),
  parameter('shop', 'BOOLEAN', 'SELLS_WORLDWIDE', 'Vente dans le monde entier', false),
  parameter('shop', 'BOOLEAN', 'USE_STOCK', 'Gérer les stocks', false),
  parameter('shop', 'BOOLEAN', 'HIDE_PRICES', 'Masquer les prix', null),
  parameter(
    'shop',
    'BOOLEAN',
    'HIDE_DISCOUNT_PERCENTAGE',
    'Masquer le pourcentage de remise',
    null,
  ),
  parameter('shop', 'BOOLEAN', 'HIDE_PRODUCT_ICON', 'Masquer les icônes des produits', null),
  parameter('shop', 'BOOLEAN', 'NUTRITIONAL_TABLE', 'Afficher le tableau nutritionnel', null),
  parameter('shop', 'STRING', 'ALCOHOL_MESSAGE', 'Message de prévention alcool', null),
  parameter('shop', 'STRING', 'ETHYLOTEST_MESSAGE', 'Message éthylotest', null),
  parameter('shop', 'STRING', 'PRODUCT_DISPLAY', 'Affichage des produits', null),
  parameter('shop', 'STRING', 'PRODUCT_ORDER', 'Ordre des produits', null),
  parameter('shop', 'STRING', 'PRODUCT_ASPECT_RATIO', 'Format des images produit', null),
  parameter('shop', 'STRING', 'PRODUCT_PAGE_STYLE', 'Style des fiches produit', null),
  parameter('shop', 'STRING', 'GRAPE_VARIETY_DISPLAY', 'Affichage des cépages', null),
  parameter('shop', 'STRING', 'IN_STOCK_LABEL', 'Libellé « en stock »', null),
  parameter('shop', 'STRING', 'OUT_OF_STOCK_LABEL', 'Libellé « en rupture de stock »', null),
  parameter('shop', 'NUMBER', 'STOCK_DISPLAY_LIMIT', "Seuil d'affichage du stock restant", null),
  parameter('shop', 'STRING', 'SHIPPING_MESSAGE', 'Message de livraison', null),
  // The offline methods accepted, e.g. "BANK_TRANSFER, CHEQUE, ON_PICKUP" (all when empty); a
  // transfer needs PAYMENT_IBAN, a cheque a payee and an address (decision 0055).
  parameter('shop', 'STRING', 'PAYMENT_METHOD', 'Moyens de paiement', null),
  parameter('shop', 'STRING', 'PAYMENT_IBAN', 'IBAN pour les virements', null),
  parameter('shop', 'STRING', 'PAYMENT_BIC', 'BIC pour les virements', null),
  parameter(
    'shop',
    'STRING',
    'PAYMENT_ACCOUNT_HOLDER',
    'Titulaire du compte (par défaut : raison sociale)',
    null,
  ),
  parameter(
    'shop',
    'STRING',
    'PAYMENT_CHEQUE_PAYEE',
    'Ordre des chèques (par défaut : raison sociale)',
    null,
  ),
  parameter(
    'shop',
    'STRING',
    'PAYMENT_CHEQUE_ADDRESS',
    "Adresse d'envoi des chèques (par défaut : siège social)",
    null,
  ),
  parameter('shop', 'NUMBER', 'BOTTLE_MULTIPLE', 'Vente par multiple de bouteilles', null),
  parameter(
    'shop',
    'NUMBER',
    'MINIMUM_EXPEDITION_BOTTLE',
    "Nombre minimum de bouteilles pour l'expédition",
    null,
  ),
  parameter(
    'shop',
    'NUMBER',
    'MAXIMUM_EXPEDITION_BOTTLE',
    "Nombre maximum de bouteilles pour l'expédition",
    null,
  ),
  parameter(
    'shop',
    'NUMBER',
    'FREE_SHIPPING_BOTTLE',
    'Livraison offerte à partir de (bouteilles)',
    null,
  ),
  parameter('shop', 'NUMBER', 'FREE_SHIPPING_PRICE', 'Livraison offerte à partir de (€)', null),
  parameter(
    'shop',
    'NUMBER',
    'CLICK_AND_COLLECT_HOURS',
    'Délai de préparation du retrait (heures)',
    null,
  ),
  parameter('shop', 'NUMBER', 'ORDER_REVIEW_DELAY', "Délai de demande d'avis après commande", null),
  parameter('shop', 'NUMBER', 'GIFT_VOUCHER_MIN_AMOUNT', 'Bon cadeau : montant minimum (€)', null),
  parameter('shop', 'NUMBER', 'GIFT_VOUCHER_MAX_AMOUNT', 'Bon cadeau : montant maximum (€)', null),
  parameter(
    'shop',
    'STRING',
    'GIFT_VOUCHER_AMOUNTS',
    'Bon cadeau : montants proposés (€, séparés par des virgules)',
    null,
  ),
  parameter(
    'shop',
    'NUMBER',
    'GIFT_VOUCHER_VALIDITY_MONTHS',
    'Bon cadeau : durée de validité (mois)',
    null,
  ),

  parameter('seo', 'STRING', 'META_DESCRIPTION_HOME', "Méta-description de l'accueil", null),
  parameter('seo', 'STRING', 'META_DESCRIPTION_NEWS', 'Méta-description des actualités', null),
  parameter(
    'seo',
    'STRING',
    'META_DESCRIPTION_WINE_LIST',
    'Méta-description de la liste des vins',
    null,
  ),
  parameter(
    'seo',
    'STRING',
    'META_DESCRIPTION_CONTACT',
    'Méta-description de la page contact',
    null,
  ),
] as const satisfies readonly SiteParameterDefinition[];

/**
 * Every parameter's key, from the catalogue: a read of a key the catalogue does not have does not
 * compile (issue 26).
 */
export type ParameterKey = (typeof siteParameterCatalogue)[number]['type'];

const definitionsByType = new Map<string, SiteParameterDefinition>(
  siteParameterCatalogue.map((definition) => [definition.type, definition]),
);

export function findParameterDefinition(type: string): SiteParameterDefinition | undefined {
  return definitionsByType.get(type);
}

/**
 * The parameter-default rule: a site uses its stored value, or the catalogue default when it has
 * none (no row, or a null value). An unknown type has no default. API and storefront both read
 * parameters through this, so that they never disagree (IS_BLOG_ACTIVATED unset is on for both).
 */
export function effectiveParameterValue(
  type: string,
  stored: ParameterValue | undefined,
): ParameterValue {
  return stored ?? findParameterDefinition(type)?.defaultValue ?? null;
}

/** Typed reads of one site's parameters, each through the default rule. */
export interface SiteParameterReader {
  /** The effective value. */
  value(type: ParameterKey): ParameterValue;
  /** A non-blank text, trimmed, or null. */
  text(type: ParameterKey): string | null;
  /** True only for a BOOLEAN parameter that is on. */
  flag(type: ParameterKey): boolean;
  /** A finite number, or null. */
  number(type: ParameterKey): number | null;
}

export function readSiteParameters(
  parameters: Iterable<{ type: string; value: ParameterValue }>,
): SiteParameterReader {
  const stored = new Map<string, ParameterValue>();
  for (const parameter of parameters) stored.set(parameter.type, parameter.value);
  const value = (type: string) => effectiveParameterValue(type, stored.get(type));
  return {
    value,
    text(type) {
      const text = value(type);
      return typeof text === 'string' && text.trim() !== '' ? text.trim() : null;
    },
    flag: (type) => value(type) === true,
    number(type) {
      const number = value(type);
      return typeof number === 'number' && Number.isFinite(number) ? number : null;
    },
  };
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** '#rgb', '#rrggbb' or '#rrggbbaa': the only colour syntax accepted, so it is safe inside CSS. */
export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

// MENU_COLOR_ON_TOP is a colour whose key does not end in _COLOR, hence the catalogue check.
function isColourParameter(type: string): boolean {
  return type.endsWith('_COLOR') || definitionsByType.get(type)?.group === 'colours';
}

/** Reads a value stored as text in the database. */
export function parseParameterValue(kind: ParameterKind, raw: string | null): ParameterValue {
  if (raw === null) return null;
  switch (kind) {
    case 'BOOLEAN': {
      const flag = raw.trim().toLowerCase();
      if (flag === 'true') return true;
      if (flag === 'false') return false;
      return null;
    }
    case 'NUMBER': {
      if (raw.trim() === '') return null;
      const number = Number(raw);
      return Number.isFinite(number) ? number : null;
    }
    default:
      return raw;
  }
}

/**
 * Writes a value as text for the database. A value of the wrong type is a programming error
 * (values are checked with isValidParameterValue at the edge), so it throws instead of storing
 * text that would read back differently.
 */
export function serializeParameterValue(kind: ParameterKind, value: ParameterValue): string | null {
  if (value === null) return null;
  if (!isValidParameterValue(kind, value)) {
    throw new TypeError(`A ${kind} parameter cannot hold the value ${JSON.stringify(value)}`);
  }
  return String(value);
}

/**
 * Whether a value fits a parameter's kind. Pass the parameter's type so that colour parameters
 * (keys ending in _COLOR, and every colour of the catalogue) are held to the hex syntax.
 */
export function isValidParameterValue(
  kind: ParameterKind,
  value: ParameterValue,
  type?: string,
): boolean {
  if (value === null) return true;
  switch (kind) {
    case 'BOOLEAN':
      return typeof value === 'boolean';
    case 'NUMBER':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      if (typeof value !== 'string') return false;
      return type !== undefined && isColourParameter(type) ? isHexColour(value) : true;
  }
}
