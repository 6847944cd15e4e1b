import type { ParameterKey } from '@comptoir/domain/site-parameters';

/**
 * What each setting changes on the site, in one sentence shown under its control in « Thème et
 * paramètres » (issue 27: the owner sees what a setting does before saving it). A Record over every
 * key: a key added to the catalogue without its sentence does not compile. The colours also show in
 * the live preview beside the form.
 */
export const PARAMETER_EFFECTS: Record<ParameterKey, string> = {
  PRIMARY_COLOR: 'Boutons, liens et éléments mis en avant sur toutes les pages.',
  ACCENT_COLOR: 'Petites touches de couleur : soulignés des titres, badges, pastilles.',
  BACKGROUND_COLOR: 'Fond de toutes les pages.',
  FONT_COLOR: 'Texte courant des pages.',
  HEADING_COLOR: 'Titres des pages et des sections.',
  ACTIVE_FONT_COLOR: 'Texte de l’élément sélectionné : onglet, filtre, page en cours.',
  FONT_BACKGROUND_COLOR: 'Fond des encadrés de texte et des cartes.',
  BACKGROUND_HEADER_COLOR: 'Fond de l’en-tête, derrière le logo.',
  BACKGROUND_MENU_COLOR: 'Fond du menu principal et des sous-menus.',
  ACTIVE_MENU_COLOR: 'Entrée du menu de la page où se trouve le visiteur.',
  MENU_COLOR_ON_TOP: 'Texte du menu posé sur l’image d’en-tête, en haut de page.',
  BACKGROUND_MOBILE_MENU_COLOR: 'Fond du menu sur téléphone.',
  FONT_MOBILE_MENU_COLOR: 'Texte du menu sur téléphone.',
  BACKGROUND_FOOTER_COLOR: 'Fond du pied de page.',
  FONT_FOOTER_COLOR: 'Texte et liens du pied de page.',
  TOP_MENU_INFO_BAR_BACKGROUND_COLOR: 'Fond de la barre d’information au-dessus du menu.',
  TOP_MENU_INFO_BAR_FONT_COLOR: 'Texte de la barre d’information au-dessus du menu.',

  LOGO_HEIGHT: 'Hauteur du logo dans l’en-tête, sur ordinateur (en pixels).',
  LOGO_HEIGHT_FOOTER: 'Hauteur du logo dans le pied de page (en pixels).',
  LOGO_HEIGHT_MOBILE: 'Hauteur du logo dans la barre du haut, sur téléphone (en pixels).',
  LOGO_WIDTH: 'Largeur du logo dans l’en-tête ; 0 garde ses proportions.',
  LOGO_WIDTH_FOOTER: 'Largeur du logo du pied de page ; 0 garde ses proportions.',
  LOGO_WIDTH_MOBILE: 'Largeur du logo sur téléphone ; 0 garde ses proportions.',
  LOGO_MARGIN_TOP: 'Espace au-dessus du logo dans l’en-tête.',
  LOGO_MARGIN_BOTTOM: 'Espace sous le logo dans l’en-tête.',
  COMPUTER_MENU_HEIGHT: 'Hauteur de la barre de menu sur ordinateur ; 0 l’ajuste au contenu.',
  SUBMENU_WIDTH: 'Largeur minimale des sous-menus déroulants.',
  DETAIL_PAGE_MARGIN_TOP:
    'Quand le menu est superposé à la page, distance entre le haut de l’écran et le contenu d’une fiche produit.',
  MENU_ICON_SIZE: 'Taille des icônes du menu (panier, compte, réseaux sociaux).',
  LOGO_POSITION: 'Place du logo dans l’en-tête : à gauche, au centre ou à droite.',
  MENU_ALIGNMENT: 'Alignement des entrées du menu principal.',
  SUBMENU_ALIGNMENT: 'Alignement des sous-menus sous leur entrée.',
  MENU_ACTIVE_TYPE: 'Façon de signaler la page en cours dans le menu.',
  MENU_HOVER_TRANSITION: 'Effet quand la souris passe sur une entrée du menu.',
  MOBILE_MENU_POSITION:
    'Sur téléphone, la barre de raccourcis (accueil, menu, contact, panier, compte) : BOTTOM en bas de l’écran, TOP en haut, sous le logo.',
  DISPLAY_SOCIAL_ICON_IN_MENU:
    'Les icônes de vos réseaux sociaux dans le menu. NO : nulle part ; YES : partout ; DESKTOP : sur ordinateur seulement ; MOBILE : dans le menu du téléphone seulement.',
  MENU_TYPE:
    'RELATIVE : le menu est au-dessus de la page. ABSOLUTE : le menu se superpose au haut de la page (sa première image ou son titre), sur un voile.',
  IS_MENU_FIXED: 'Le menu reste visible en haut de l’écran pendant le défilement.',
  MENU_ICON:
    'Affiche les icônes à côté de « Se connecter », du panier et des raccourcis mobiles. Décoché : le texte seul.',
  DARK_THEME:
    'Le site passe en couleurs sombres, calculées à partir de vos couleurs, avec le logo pour le thème sombre s’il y en a un. Le contraste du thème sombre est vérifié dans la section Couleurs.',
  HIDE_HOMEPAGE_IN_MENU: 'Retire l’entrée « Accueil » du menu ; le logo y mène toujours.',
  TOP_MENU_INFO_BAR:
    'Une fine barre au-dessus de l’en-tête avec votre téléphone, votre e-mail et vos horaires, dans les couleurs de la barre d’information.',
  CENTER_SUBMENU: 'Centre chaque sous-menu sous son entrée.',
  SUBMENU_DROPSHADOW: 'Ajoute une ombre sous les sous-menus pour les détacher de la page.',
  REPEAT_ANIMATION:
    'Les blocs des pages glissent en place chaque fois qu’ils apparaissent au défilement (sauf pour les visiteurs qui ont réduit les animations).',
  DISPLAY_ADDRESS_IN_TOPBAR:
    'Ajoute l’adresse du siège social à la barre d’information (qui doit être affichée).',
  MENU_TOP_PADDING: 'Ajoute 12 pixels d’espace au-dessus du menu, sur ordinateur.',
  MENU_BOTTOM_PADDING: 'Ajoute 12 pixels d’espace sous le menu, sur ordinateur.',
  INVERSE_ABSOLUTE_MENU_COLOR:
    'Avec le menu superposé (ABSOLUTE) : le menu prend la couleur du texte sur un voile clair, au lieu de la « couleur du menu en haut de page » sur un voile sombre.',

  COMPANY_NAME:
    'Nom affiché dans l’en-tête, le pied de page, les e-mails et l’onglet du navigateur.',
  LEGAL_COMPANY_NAME: 'Raison sociale des mentions légales et des factures.',
  LEGAL_AGENT: 'Représentant légal cité dans les mentions légales.',
  CORPORATE_FORM: 'Forme juridique des mentions légales et des factures.',
  SHARE_CAPITAL: 'Capital social des mentions légales et des factures.',
  RCS_NUMBER: 'Numéro RCS des mentions légales et des factures.',
  RM_NUMBER: 'Numéro au répertoire des métiers des mentions légales.',
  SIRET_NUMBER: 'Numéro SIRET des mentions légales et des factures.',
  INTRACO_VAT: 'Numéro de TVA des mentions légales et des factures.',
  HEAD_OFFICE: 'Adresse du pied de page et des mentions légales.',
  COMPANY_EMAIL: 'Adresse affichée dans le pied de page et la page contact.',
  COMPANY_PHONE: 'Numéro affiché dans le pied de page et la page contact, cliquable sur téléphone.',
  COMPANY_MOBILE: 'Second numéro affiché après le téléphone fixe.',
  COMPANY_FAX: 'Numéro de fax affiché après les téléphones, sans lien d’appel.',
  COMPANY_ADDRESS: 'Lien vers un plan (Google Maps, OpenStreetMap) ouvert depuis votre adresse.',
  INACTIVE_ACCOUNT_YEARS:
    'Un compte client sans connexion ni commande pendant ce nombre d’années est anonymisé (ses commandes restent), après un courriel d’avertissement 30 jours avant ; la politique de confidentialité cite la même durée. Entre 1 et 10 ans, 3 par défaut.',
  SECONDARY_ADDRESSES:
    'La page contact liste aussi vos autres adresses, après le siège ; sinon, le siège seul.',
  MOBILE_ONLY_PHONE:
    'Vos numéros de téléphone n’apparaissent que sur téléphone, où un appui suffit à vous appeler.',

  MONDAY_HOURS: 'Horaires du lundi dans le pied de page et la page contact ; vide : non affiché.',
  TUESDAY_HOURS: 'Horaires du mardi dans le pied de page et la page contact ; vide : non affiché.',
  WEDNESDAY_HOURS:
    'Horaires du mercredi dans le pied de page et la page contact ; vide : non affiché.',
  THURSDAY_HOURS: 'Horaires du jeudi dans le pied de page et la page contact ; vide : non affiché.',
  FRIDAY_HOURS:
    'Horaires du vendredi dans le pied de page et la page contact ; vide : non affiché.',
  SATURDAY_HOURS:
    'Horaires du samedi dans le pied de page et la page contact ; vide : non affiché.',
  SUNDAY_HOURS:
    'Horaires du dimanche dans le pied de page et la page contact ; vide : non affiché.',

  BASE_FONTAWESOME_ICON:
    'L’épaisseur des icônes du menu : fa-solid (la plus épaisse), fa-regular, fa-light ou fa-thin.',
  CART_ICON:
    'Nom d’icône Font Awesome (par exemple fa-cart-shopping, fa-basket-shopping, fa-bag-shopping) : le site dessine l’icône équivalente de son propre jeu.',
  MY_ACCOUNT_ICON:
    'Nom d’icône Font Awesome (par exemple fa-user, fa-circle-user) : le site dessine l’icône équivalente de son propre jeu.',

  FACEBOOK_URL: 'Lien « Facebook » du pied de page.',
  INSTAGRAM_URL: 'Lien « Instagram » du pied de page.',
  TWITTER_URL: 'Lien « X (Twitter) » du pied de page.',
  LINKEDIN_URL: 'Lien « LinkedIn » du pied de page.',
  TIKTOK_URL: 'Lien « TikTok » du pied de page.',
  YOUTUBE_URL: 'Lien « YouTube » du pied de page.',
  TRIPADVISOR_URL: 'Lien « Tripadvisor » du pied de page.',
  REVIEW_PAGE_URL: 'Lien « Avis clients » du pied de page et bouton des demandes d’avis envoyées après commande.',
  PINTEREST_HANDLE: 'Lien « Pinterest » du pied de page, vers ce compte.',
  TELEGRAM_HANDLE: 'Lien « Telegram » du pied de page, vers ce compte.',
  DISCORD_HANDLE: 'Lien « Discord » du pied de page, vers ce serveur.',
  GITHUB_HANDLE: 'Lien « GitHub » du pied de page, vers ce compte.',

  COMPANY_DESCRIPTION: 'Texte d’introduction sous le titre de la page d’accueil.',
  CONTACT_ADDITIONAL_INFOS: 'Encadré « Bon à savoir » de la page contact.',
  LEGAL_NOTICE: 'Page « Mentions légales » ; vide : le texte type rempli avec vos informations.',
  PRIVACY_POLICY: 'Page « Politique de confidentialité » ; vide : le texte type.',
  COOKIE_POLICY: 'Page « Politique des cookies » ; vide : le texte type.',
  USE_TERMS: 'Page « Conditions générales d’utilisation » ; vide : le texte type.',
  SALE_TERMS: 'Conditions générales de vente acceptées à chaque commande.',
  GLOBAL_CSS: 'Votre feuille de style, ajoutée telle quelle à toutes les pages.',
  AFTER_BODY_HTML_TO_LOAD: 'Contenu ajouté en bas de chaque page, nettoyé de tout script.',
  SCRIPT_TO_LOAD: 'Votre script, exécuté sur chaque page une fois celle-ci chargée.',
  CREATED_BY_MESSAGE: 'Mention ajoutée en bas du pied de page, par exemple « Site réalisé par … ».',
  CREATED_BY_BACKLINK: 'Adresse web vers laquelle mène la mention « Site réalisé par ».',

  ENABLE_NEWSLETTER: 'Propose l’inscription à la lettre d’information et sa page.',
  IS_BLOG_ACTIVATED: 'Publie le blog et son entrée de menu ; désactivé, /blog n’existe plus.',
  SHOW_PROMOTE_MESSAGE: 'Affiche le bandeau promotionnel en haut de chaque page.',
  HIDE_CONTACT_PAGE: 'Retire la page contact et son entrée de menu.',
  SHOW_SEARCHBAR: 'Ajoute au menu une recherche dans les pages, actualités, articles et produits.',
  PROMOTED_NEWS: 'Met l’actualité épinglée « À la une » en tête de l’accueil et des actualités.',
  SELLS_ALCOHOL:
    'Demande la date de naissance et refuse les moins de 18 ans à l’inscription et à la commande, et affiche le message de prévention en pied de chaque page et dans les e-mails de commande.',
  BLOCK_MINORS: 'Refuse l’inscription et la commande aux moins de 18 ans.',
  ASK_BIRTHDATE_AT_REGISTER: 'Demande la date de naissance à la création d’un compte.',
  LOCK_TEXT_SELECTION:
    'Le texte des pages ne peut plus être sélectionné ni copié ; les champs de formulaire restent utilisables.',
  LOCK_RIGHT_CLICK:
    'Le clic droit n’ouvre plus le menu du navigateur sur les pages (pas d’« Enregistrer l’image ») ; il reste possible dans les champs de formulaire.',
  SERVICE_PAGE_STYLE: 'Présentation des prestations : liste, cartes ou en alternance.',
  FEATURES_STYLE: 'La « Fiche technique » d’un produit, en tableau ou en vignettes côte à côte.',
  SEND_MAIL_NAME: 'Nom d’expéditeur des e-mails envoyés aux clients.',
  SEND_MAIL_ADDRESS:
    'Adresse d’expédition des e-mails envoyés aux clients ; les réponses vont à l’e-mail de l’entreprise.',

  HIDE_ECOMMERCE_LABEL:
    'Le bouton du panier, dans l’en-tête, ne montre que son icône et le nombre d’articles (le mot « Panier » reste lu aux lecteurs d’écran).',
  SEE_CART_ON_HOVER: 'Sur ordinateur, le contenu du panier s’affiche au survol de son icône.',
  SELLS_WORLDWIDE: 'Les adresses de livraison peuvent être hors de France.',
  USE_STOCK:
    'Suit le stock de chaque produit : affiché, réservé à la commande, épuisé au-delà. Désactivé : aucun stock n’est affiché ni limité.',
  HIDE_PRICES: 'Masque les prix du catalogue et des fiches produit (catalogue vitrine).',
  HIDE_DISCOUNT_PERCENTAGE: 'Garde l’ancien prix barré, sans le badge du pourcentage de remise.',
  HIDE_PRODUCT_ICON:
    'Retire les pictogrammes des fiches produit (accords mets et vins, médailles) ; leurs noms restent.',
  NUTRITIONAL_TABLE: 'Affiche le tableau nutritionnel et les ingrédients sur les fiches produit.',
  ALCOHOL_MESSAGE:
    'Message de prévention des pages de vins et des fiches PDF ; vide : le message légal par défaut.',
  ETHYLOTEST_MESSAGE: 'Message sur l’éthylotest affiché avec le message de prévention.',
  PRODUCT_DISPLAY:
    'La liste des produits : en grille de vignettes, ou une ligne par produit avec sa photo à côté.',
  PRODUCT_ORDER:
    'Ordre de la liste des vins quand le visiteur n’en choisit pas : par prix, par nom, ou le vôtre (« Notre sélection »).',
  PRODUCT_ASPECT_RATIO:
    'Format des photos de produits, dans les listes et sur les fiches : portrait, carré ou paysage.',
  PRODUCT_PAGE_STYLE:
    'Place de la photo sur les fiches produit : à gauche, à droite ou au-dessus de l’achat.',
  GRAPE_VARIETY_DISPLAY:
    'Cépages d’un vin avec leurs parts (PERCENT), leurs noms seuls (NAME) ou masqués (HIDDEN).',
  IN_STOCK_LABEL: 'Texte affiché sur un produit disponible ; vide : « En stock ».',
  OUT_OF_STOCK_LABEL: 'Texte affiché sur un produit épuisé ; vide : « Épuisé ».',
  STOCK_DISPLAY_LIMIT:
    'À partir de ce nombre d’unités et en dessous, la fiche dit combien il en reste.',
  SHIPPING_MESSAGE: 'Message affiché au choix du transporteur, à l’étape de livraison.',
  PAYMENT_METHOD: 'Moyens de paiement hors carte proposés à la commande (virement, chèque…).',
  PAYMENT_IBAN: 'IBAN donné au client qui paie par virement.',
  PAYMENT_BIC: 'BIC donné au client qui paie par virement.',
  PAYMENT_ACCOUNT_HOLDER: 'Titulaire du compte donné avec l’IBAN.',
  PAYMENT_CHEQUE_PAYEE: 'Ordre des chèques donné au client qui paie par chèque.',
  PAYMENT_CHEQUE_ADDRESS: 'Adresse où envoyer les chèques.',
  BOTTLE_MULTIPLE: 'Les vins se commandent par multiples de ce nombre de bouteilles.',
  MINIMUM_EXPEDITION_BOTTLE: 'En dessous, la livraison à domicile n’est pas proposée.',
  MAXIMUM_EXPEDITION_BOTTLE: 'Au-delà, la livraison à domicile n’est pas proposée.',
  FREE_SHIPPING_BOTTLE: 'À partir de ce nombre de bouteilles, la livraison est offerte.',
  FREE_SHIPPING_PRICE: 'À partir de ce montant de produits, la livraison est offerte.',
  CLICK_AND_COLLECT_HOURS: 'Délai avant le premier créneau de retrait proposé.',
  ORDER_REVIEW_DELAY:
    'Nombre de jours après la livraison ou le retrait où le client reçoit une demande d’avis, qui mène à la page des avis (ou à la fiche Google du domaine) ; vide ou 0 : aucune demande.',
  GIFT_VOUCHER_MIN_AMOUNT: 'Montant le plus bas qu’un client peut offrir.',
  GIFT_VOUCHER_MAX_AMOUNT: 'Montant le plus haut qu’un client peut offrir.',
  GIFT_VOUCHER_AMOUNTS: 'Montants proposés en un clic sur la page du bon cadeau.',
  GIFT_VOUCHER_VALIDITY_MONTHS: 'Durée pendant laquelle un bon cadeau peut être utilisé.',

  META_DESCRIPTION_HOME: 'Description de l’accueil dans les résultats des moteurs de recherche.',
  META_DESCRIPTION_NEWS: 'Description des actualités dans les résultats des moteurs de recherche.',
  META_DESCRIPTION_WINE_LIST:
    'Description de la liste des vins dans les résultats des moteurs de recherche.',
  META_DESCRIPTION_CONTACT:
    'Description de la page contact dans les résultats des moteurs de recherche.',
};
