/**
 * A visitor of site 92's wine shop on the scale-out layout (scale-layout.ts), as the storefront's
 * calls make it: open a cart, add a bottle, place a guest order with an Idempotency-Key (home
 * delivery, bank transfer). Used by the crash test (scale-crash.ts) and the soak (bench/soak.ts).
 */
import { adminQuery, call } from './scale-layout';

export const SHOP_SITE = 92;

export interface ShopFixture {
  declinationId: number;
  carrierId: number;
}

export interface OpenCart {
  id: number;
  cookie: string;
  /** The visitor's address (X-Forwarded-For), one per cart: the per-address limits stay out. */
  ip: string;
}

interface ListedProduct {
  id: number;
  type: string;
  declinations: { id: number; sellByMultipleOf: number }[];
}

/** A visitor address of the benchmarking range 198.18.0.0/15, one per number. */
export const visitorAddress = (index: number) =>
  `198.${18 + (Math.floor(index / 62_500) % 2)}.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;

export async function openCart(port: number, ip: string): Promise<OpenCart> {
  const opened = await call(port, 'POST', '/cart', {
    siteId: SHOP_SITE,
    ip,
    body: { type: 'MAIN_CART' },
  });
  if (opened.status !== 200) throw new Error(`POST /cart answered ${opened.status}`);
  const cookie = opened.headers
    .getSetCookie()
    .find((candidate) => candidate.startsWith(`cart_secret_${SHOP_SITE}=`))
    ?.split(';')[0];
  if (!cookie) throw new Error('POST /cart set no cart secret cookie');
  return { id: (opened.json?.data as { id: number }).id, cookie, ip };
}

export async function addBottle(port: number, cart: OpenCart, declinationId: number) {
  const form = new FormData();
  form.append('type', 'MAIN_CART');
  form.append('quantity', '1');
  const added = await call(port, 'POST', `/cart/${cart.id}/product/${declinationId}`, {
    siteId: SHOP_SITE,
    ip: cart.ip,
    form,
    headers: { cookie: cart.cookie },
  });
  if (added.status !== 200) {
    throw new Error(`add-to-cart answered ${added.status}: ${added.json?.message ?? ''}`);
  }
}

const address = {
  firstname: 'Camille',
  lastname: 'Martin',
  firstPart: '12 rue des Lices',
  postalCode: '49000',
  city: 'Angers',
  country: 'France',
};

export function orderBody(shop: ShopFixture, cartId: number, email: string) {
  return {
    idCart: cartId,
    user: {
      phone: '0612345678',
      email,
      firstname: 'Camille',
      lastname: 'Martin',
      birthdate: '1980-05-01',
    },
    address: { billing: address, delivery: address },
    delivery: { type: 'DELIVERY', idCarrier: shop.carrierId },
    deliveryPostalCode: '49000',
    deliveryIdCountry: 'FRA',
    paymentMethod: 'BANK_TRANSFER',
    acceptSaleTerms: true,
  };
}

/** POST /order once; the caller decides what to do with a failure (a retry keeps the key). */
export async function placeOrder(
  port: number,
  shop: ShopFixture,
  cart: OpenCart,
  key: string,
  email: string,
) {
  return call(port, 'POST', '/order', {
    siteId: SHOP_SITE,
    ip: cart.ip,
    body: orderBody(shop, cart.id, email),
    headers: { cookie: cart.cookie, 'idempotency-key': key },
  });
}

/**
 * The wine sold by the unit, asking no customization, that the visitors buy; its stock set to
 * `stock` and managed, and the home-delivery carrier quoted for 49000.
 */
export async function prepareShop(
  port: number,
  databaseUrl: string,
  stock: number,
): Promise<ShopFixture> {
  const listed = await call(port, 'GET', '/product?nbItem=100', { siteId: SHOP_SITE });
  const products = (listed.json?.data as { siteProducts: ListedProduct[] }).siteProducts;
  let chosen: { productId: number; declinationId: number } | null = null;
  for (const product of products.filter((candidate) => candidate.type === 'WINE')) {
    const declination = product.declinations.find((candidate) => candidate.sellByMultipleOf === 1);
    if (!declination) continue;
    const customizations = await call(port, 'GET', `/product/${product.id}/customization`, {
      siteId: SHOP_SITE,
    });
    const asks = customizations.json?.data as { isRequired: boolean }[];
    if (asks.every((customization) => !customization.isRequired)) {
      chosen = { productId: product.id, declinationId: declination.id };
      break;
    }
  }
  if (!chosen) throw new Error('site 92 has no wine sold by the unit without a customization');
  await adminQuery(
    databaseUrl,
    'update declinations set stock = $1, is_stock_managed = true where site_id = $2 and id = $3',
    [stock, SHOP_SITE, chosen.declinationId],
  );
  // The quote is of a cart: one bottle in a cart of its own.
  const cart = await openCart(port, visitorAddress(131_000));
  await addBottle(port, cart, chosen.declinationId);
  const quoted = await call(port, 'POST', '/calculate/shipping-fees', {
    siteId: SHOP_SITE,
    ip: cart.ip,
    headers: { cookie: cart.cookie },
    body: {
      idCart: cart.id,
      products: [{ idProduct: chosen.productId, quantity: 1 }],
      postalCode: '49000',
      country: 'FRA',
    },
  });
  const carriers =
    (quoted.json?.data as { carriers: { id: number; deliveryType: string }[] } | null)?.carriers ??
    [];
  const carrier = carriers.find((candidate) => candidate.deliveryType === 'DELIVERY');
  if (!carrier) throw new Error(`no home-delivery carrier quoted for 49000 (${quoted.status})`);
  return { declinationId: chosen.declinationId, carrierId: carrier.id };
}

/** The declination's stock as PostgreSQL has it. */
export async function stockOf(databaseUrl: string, shop: ShopFixture): Promise<number> {
  const { rows } = await adminQuery(
    databaseUrl,
    'select stock from declinations where site_id = $1 and id = $2',
    [SHOP_SITE, shop.declinationId],
  );
  return (rows[0] as { stock: number }).stock;
}
