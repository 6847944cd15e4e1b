'use client';

import type { addToCart as addToCartEndpoint, Cart } from '@comptoir/contract/cart';
import {
  ApiError,
  DEFAULT_LANG,
  envelopeData,
  SITE_ID_HEADER,
  USER_LANG_HEADER,
  buildPath,
} from '@comptoir/contract/request';
import { numericCartId, useCartStore } from '../../lib/stores/cart-store';
import { BROWSER_API_BASE, route } from '../account/browser-api';
import { inFrench } from '../api-messages/in-french';

/*
 * Add to cart from a product page (docs/requirements/cart.md): one multipart call, its answer recorded in
 * the cart store. Zod-free (the product page's first load carries it): the contract is read for
 * its types only, and the API checks every part.
 */

/** POST /cart/{cartId|new}/product/{declinationId}; add-to-cart.test.ts checks it against the contract. */
export const addToCartRoute = route<typeof addToCartEndpoint>(
  'POST',
  '/cart/:cartId/product/:declinationId',
);

/** The API's answer for a cart id this browser may no longer open (contract CART_NOT_FOUND_MESSAGE). */
export const CART_NOT_FOUND_TEXT = 'Ce panier est introuvable.';

/** What a visitor sees when the API cannot be reached at all. */
export const ADD_TO_CART_UNREACHABLE_MESSAGE =
  'Le panier ne répond pas pour le moment. Vérifiez votre connexion et réessayez.';

/** One customization answer as the API reads it (contract customizationAnswerSchema). */
export interface CartAnswer {
  customizationId: number;
  textValue?: string | null;
  checkboxValue?: boolean | null;
  selectValue?: { key: string; value?: string | null } | null;
  /** FILE: the name of the file part sent with it. */
  filename?: string | null;
  /** DYNAMIC_FORM: the form's fields, by key. */
  formAnswer?: Record<string, unknown> | null;
}

export interface AddToCartRequest {
  siteId: number;
  declinationId: number;
  quantity: number;
  customizations?: readonly CartAnswer[];
  /** FILE answers' files, by the filename their answer names. */
  files?: ReadonlyMap<string, Blob>;
  fetch?: typeof fetch;
}

export type AddToCartOutcome = { ok: true; cart: Cart } | { ok: false; message: string };

/**
 * The multipart body (docs/requirements/cart.md): type, quantity, customizations as a JSON array, and one `files`
 * part per FILE answer, named as the answer's filename. No price, no total: the API prices the
 * line from the catalogue.
 */
export function addToCartFormData(
  quantity: number,
  customizations: readonly CartAnswer[] = [],
  files: ReadonlyMap<string, Blob> = new Map(),
): FormData {
  const data = new FormData();
  data.append('type', 'MAIN_CART');
  data.append('quantity', String(quantity));
  if (customizations.length > 0) data.append('customizations', JSON.stringify(customizations));
  for (const [filename, file] of files) data.append('files', file, filename);
  return data;
}

async function send(request: AddToCartRequest, cartId: number | 'new'): Promise<Cart> {
  const target = { method: addToCartRoute.method, path: addToCartRoute.path };
  const url =
    BROWSER_API_BASE + buildPath(target.path, { cartId, declinationId: request.declinationId });
  const doFetch = request.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: target.method,
      // No content-type: the browser writes the multipart boundary itself.
      headers: { [SITE_ID_HEADER]: String(request.siteId), [USER_LANG_HEADER]: DEFAULT_LANG },
      body: addToCartFormData(request.quantity, request.customizations, request.files),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(ADD_TO_CART_UNREACHABLE_MESSAGE, 0);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(ADD_TO_CART_UNREACHABLE_MESSAGE, response.status);
  }
  return envelopeData(target, response.status, json) as Cart;
}

/**
 * Adds the declination to this browser's cart, or to a new one when it has none, and records
 * the answer in the cart store: the cart on success, the error message on failure. A stored
 * cart the API no longer knows (its secret cookie is gone) is forgotten and a new cart opened.
 */
export async function addToCart(request: AddToCartRequest): Promise<AddToCartOutcome> {
  const store = useCartStore.getState();
  const storedId = numericCartId(store.cartId);
  try {
    let cart: Cart;
    try {
      cart = await send(request, storedId ?? 'new');
    } catch (error) {
      const lostCart =
        storedId !== null &&
        error instanceof ApiError &&
        error.status === 404 &&
        error.message === CART_NOT_FOUND_TEXT;
      if (!lostCart) throw error;
      useCartStore.getState().clearCart();
      cart = await send(request, 'new');
    }
    useCartStore.getState().setCart(cart);
    useCartStore.getState().setErrorMessage(null);
    return { ok: true, cart };
  } catch (error) {
    // The refusal as one line (docs/requirements/cart.md), in French and naming no field by its key (decision
    // 0084): the message, then each field's error, joined by ' / '.
    const message =
      error instanceof ApiError && error.status !== 0 && !/^Unexpected response/.test(error.message)
        ? ((await inFrench(error)) as ApiError).message || ADD_TO_CART_UNREACHABLE_MESSAGE
        : ADD_TO_CART_UNREACHABLE_MESSAGE;
    useCartStore.getState().setErrorMessage(message);
    return { ok: false, message };
  }
}
