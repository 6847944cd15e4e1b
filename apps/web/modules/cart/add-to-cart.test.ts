import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addToCart as addToCartEndpoint,
  CART_NOT_FOUND_MESSAGE,
  type Cart,
} from '@comptoir/contract/cart';
import { useCartStore } from '../../lib/stores/cart-store';
import {
  ADD_TO_CART_UNREACHABLE_MESSAGE,
  CART_NOT_FOUND_TEXT,
  addToCart,
  addToCartFormData,
  addToCartRoute,
} from './add-to-cart';

// The store persists to localStorage, which Node does not have: an in-memory one stands in.
vi.hoisted(() => {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
});

const cart = (id: number, totalQuantity = 6): Cart => ({
  id,
  type: 'MAIN_CART',
  products: [],
  discount: null,
  totalCents: 7500,
  totalProduct: 7500,
  totalQuantity,
  bottleCount: totalQuantity,
  isDematerialized: false,
});

const envelope = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  useCartStore.getState().clearCart();
});

describe('the add-to-cart call', () => {
  it('names the same method and path as the contract', () => {
    expect({ method: addToCartRoute.method, path: addToCartRoute.path }).toEqual({
      method: addToCartEndpoint.method,
      path: addToCartEndpoint.path,
    });
    expect(CART_NOT_FOUND_TEXT).toBe(CART_NOT_FOUND_MESSAGE);
  });

  it('sends type, quantity, the answers as JSON and one files part per file, and no price', async () => {
    const photo = new Blob(['png'], { type: 'image/png' });
    const data = addToCartFormData(
      12,
      [
        { customizationId: 4, filename: 'photo.png' },
        { customizationId: 5, checkboxValue: true },
      ],
      new Map([['photo.png', photo]]),
    );
    expect(data.get('type')).toBe('MAIN_CART');
    expect(data.get('quantity')).toBe('12');
    expect(JSON.parse(String(data.get('customizations')))).toEqual([
      { customizationId: 4, filename: 'photo.png' },
      { customizationId: 5, checkboxValue: true },
    ]);
    const files = data.getAll('files');
    expect(files).toHaveLength(1);
    expect((files[0] as File).name).toBe('photo.png');
    expect([...data.keys()].sort()).toEqual(['customizations', 'files', 'quantity', 'type']);
    // No answers, no customizations part.
    expect([...addToCartFormData(1).keys()].sort()).toEqual(['quantity', 'type']);
  });

  it('says a refusal in French, its field errors without their keys (docs/requirements/cart.md, decision 0084)', async () => {
    const errors = [
      { key: 'customizations.3', error: '« Présentation » est obligatoire.' },
      { key: 'files', error: 'Le fichier dépasse 5 Mo.' },
    ];
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      envelope(422, {
        success: false,
        message:
          'La personnalisation n’est pas valide. / customizations.3 : « Présentation » est obligatoire. / files : Le fichier dépasse 5 Mo.',
        errors,
      }),
    );
    const outcome = await addToCart({ siteId: 92, declinationId: 7, quantity: 1, fetch });
    expect(outcome).toEqual({
      ok: false,
      message:
        'La personnalisation n’est pas valide. / « Présentation » est obligatoire. / Le fichier dépasse 5 Mo.',
    });
  });

  it('opens a new cart without a stored id, then records the cart', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      envelope(200, { success: true, data: cart(31) }),
    );
    const outcome = await addToCart({ siteId: 92, declinationId: 7, quantity: 6, fetch });
    expect(outcome).toEqual({ ok: true, cart: cart(31) });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/cart/new/product/7');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).siteId).toBe('92');
    expect(init?.body).toBeInstanceOf(FormData);
    expect(useCartStore.getState().cart).toEqual(cart(31));
    expect(useCartStore.getState().cartId).toBe(31);
  });

  it('adds to the stored cart and shows the API’s message in French on failure', async () => {
    useCartStore.getState().setCartId(31);
    useCartStore.getState().setCart(cart(31));
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      envelope(422, { success: false, message: 'This product can only be added by multiple of 6' }),
    );
    const outcome = await addToCart({ siteId: 92, declinationId: 7, quantity: 4, fetch });
    const french = 'Ce produit se vend par multiples de 6 : choisissez 6, 12, 18…';
    expect(outcome).toEqual({ ok: false, message: french });
    expect(fetch.mock.calls[0]![0]).toBe('/api/cart/31/product/7');
    expect(useCartStore.getState().errorMessage).toBe(french);
    // A failed add leaves the cart as it was.
    expect(useCartStore.getState().cart).toEqual(cart(31));
  });

  it('opens a new cart when the stored one is no longer this browser’s', async () => {
    useCartStore.getState().setCartId(31);
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(envelope(404, { success: false, message: CART_NOT_FOUND_MESSAGE }))
      .mockResolvedValueOnce(envelope(200, { success: true, data: cart(40, 1) }));
    const outcome = await addToCart({ siteId: 92, declinationId: 7, quantity: 1, fetch });
    expect(outcome.ok).toBe(true);
    expect(fetch.mock.calls.map((call) => call[0])).toEqual([
      '/api/cart/31/product/7',
      '/api/cart/new/product/7',
    ]);
    expect(useCartStore.getState().cartId).toBe(40);
  });

  it('does not retry another 404 (a declination no longer sold)', async () => {
    useCartStore.getState().setCartId(31);
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      envelope(404, { success: false, message: 'Ce produit n’est pas disponible à la vente.' }),
    );
    const outcome = await addToCart({ siteId: 92, declinationId: 7, quantity: 1, fetch });
    expect(outcome).toEqual({ ok: false, message: 'Ce produit n’est pas disponible à la vente.' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(useCartStore.getState().cartId).toBe(31);
  });

  it('says so in French when the API cannot be reached', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await addToCart({ siteId: 92, declinationId: 7, quantity: 1, fetch })).toEqual({
      ok: false,
      message: ADD_TO_CART_UNREACHABLE_MESSAGE,
    });
  });
});
