/** The cart page of every e-commerce site, beside the catalogue's /nos-vins (decision 0037). */
export const CART_PATH = '/panier';
