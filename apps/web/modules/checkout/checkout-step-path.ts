/**
 * The checkout's path alone, for the delivery step's links: a module is loaded whole, and the
 * step's first load has no use for the other paths and builders of checkout-paths.ts
 * (decision 0086).
 */
export const CHECKOUT_PATH = '/panier/commande';
