/**
 * The shop's two entries in the layout — the header's cart badge and the bottom bar's cart
 * shortcut — loaded as one chunk: both show on every page of a site that sells, and as two chunks
 * each carried its own copy of the count and the icon, in one more response (decision 0059).
 */
export { CartBadge } from './cart-badge';
export { CartShortcut } from '../site-layout/cart-shortcut';
