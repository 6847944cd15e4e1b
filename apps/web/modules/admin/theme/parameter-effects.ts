import type { ParameterKey } from '@comptoir/domain/site-parameters';

/**
 * What a setting changes on the site, in one sentence shown under its control (issue 27: the
 * back office says what each setting does). The choices of the text settings are those of
 * domain/site-header.ts (decision 0097).
 */
export const PARAMETER_EFFECTS: Partial<Record<ParameterKey, string>> = {
  DARK_THEME:
    'Le site passe en couleurs sombres, calculées à partir de vos couleurs, avec le logo pour le thème sombre s’il y en a un. Le contraste du thème sombre est vérifié dans la section Couleurs.',
  MENU_TYPE:
    'RELATIVE : le menu est au-dessus de la page. ABSOLUTE : le menu se superpose au haut de la page (sa première image ou son titre), sur un voile.',
  INVERSE_ABSOLUTE_MENU_COLOR:
    'Avec le menu superposé (ABSOLUTE) : le menu prend la couleur du texte sur un voile clair, au lieu de la « couleur du menu en haut de page » sur un voile sombre.',
  MOBILE_MENU_POSITION:
    'Sur téléphone, la barre de raccourcis (accueil, menu, contact, panier, compte) : BOTTOM en bas de l’écran, TOP en haut, sous le logo.',
  MENU_ICON:
    'Affiche les icônes à côté de « Se connecter », du panier et des raccourcis mobiles. Décoché : le texte seul.',
  CART_ICON:
    'Nom d’icône Font Awesome (par exemple fa-cart-shopping, fa-basket-shopping, fa-bag-shopping) : le site dessine l’icône équivalente de son propre jeu.',
  MY_ACCOUNT_ICON:
    'Nom d’icône Font Awesome (par exemple fa-user, fa-circle-user) : le site dessine l’icône équivalente de son propre jeu.',
  BASE_FONTAWESOME_ICON:
    'L’épaisseur des icônes du menu : fa-solid (la plus épaisse), fa-regular, fa-light ou fa-thin.',
  DISPLAY_SOCIAL_ICON_IN_MENU:
    'Les icônes de vos réseaux sociaux dans le menu. NO : nulle part ; YES : partout ; DESKTOP : sur ordinateur seulement ; MOBILE : dans le menu du téléphone seulement.',
  TOP_MENU_INFO_BAR:
    'Une fine barre au-dessus de l’en-tête avec votre téléphone, votre e-mail et vos horaires, dans les couleurs de la barre d’information.',
  DISPLAY_ADDRESS_IN_TOPBAR:
    'Ajoute l’adresse du siège social à la barre d’information (qui doit être affichée).',
  MENU_TOP_PADDING: 'Ajoute 12 pixels d’espace au-dessus du menu, sur ordinateur.',
  MENU_BOTTOM_PADDING: 'Ajoute 12 pixels d’espace sous le menu, sur ordinateur.',
};
