import { randomBytes } from 'node:crypto';
import {
  expect,
  request,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from '@playwright/test';
import type { AdminProduct } from '@comptoir/contract/admin-catalogue';
import type { AdminCarrier } from '@comptoir/contract/admin-delivery';
import type { PlatformSite, SiteTemplate } from '@comptoir/contract/admin-platform';
import type { Cart } from '@comptoir/contract/cart';
import { DEMO_ADMIN_PASSWORD } from './accounts';
import { waitForMail } from './mail';
import { CART_STORAGE_KEY } from './shop-cart';
import { rememberPopupsClosed } from './welcome-popup';
import { API_URL, WEB_PORT, WEB_URL } from './urls';

/*
 * A site of a journey's own, made from a platform template as the platform administrator does it
 * (admin-platform.spec.ts goes through its screens): a journey that changes what every page of a
 * site shows (its colours, banner, menu, the HTML after the body) does it there, and the journeys
 * that read the seeded sites meanwhile never see it. Its test address is a *.localhost host on the
 * e2e storefront's port, which Chromium sends to this machine (Node's own requests do not resolve
 * it: the journey reaches the site through the browser, or sends the site's host in the Host header
 * to the storefront, or its id in the siteId header to the API).
 */

export const SUPER_ADMIN = {
  email: 'plateforme@atelier-clemence.fr',
  password: DEMO_ADMIN_PASSWORD,
};

export interface OwnSite {
  id: number;
  name: string;
  /** The site's test address, e.g. http://theme-1a2b3c.localhost:3200 */
  origin: string;
  /** Its host with the port, e.g. theme-1a2b3c.localhost:3200 */
  host: string;
  /** Its owner, invited by the platform and with a password of their own. */
  owner: { email: string; password: string };
  /** An address on the site. */
  url(path?: string): string;
}

/**
 * Creates a site from the template, invites its owner and sets the owner's password through the
 * invitation's link, all through the API (the screens are admin-platform.spec.ts's journey).
 */
export async function createOwnSite(
  label: string,
  template: SiteTemplate = 'BROCHURE',
): Promise<OwnSite> {
  const marker = `${label}-${randomBytes(4).toString('hex')}`;
  const origin = `http://${marker}.localhost:${WEB_PORT}`;
  const name = `Atelier ${marker}`;
  const owner = { email: `gerant.${marker}@example.fr`, password: `Site-${marker}-E2e` };
  const platform = await request.newContext({ baseURL: API_URL });
  try {
    const asPlatform = { siteId: '91' };
    const login = await platform.post('/login', { headers: asPlatform, data: SUPER_ADMIN });
    expect(login.ok(), await login.text()).toBe(true);
    const created = await platform.post('/admin/platform/site', {
      headers: asPlatform,
      data: { name, devUrl: origin, prodUrl: null, template },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const site = ((await created.json()) as { data: PlatformSite }).data;
    const invited = await platform.post(`/admin/platform/site/${site.id}/admin`, {
      headers: asPlatform,
      data: { email: owner.email, firstname: 'Nina', lastname: 'Roux' },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const mail = await waitForMail(owner.email, /Votre accès à l’administration du site/);
    const link = mail.text.match(/https?:\/\/\S+\/password\/reset\/(\S+)/);
    expect(link, mail.text).not.toBeNull();
    const reset = await platform.put('/password/reset', {
      headers: { siteId: String(site.id) },
      data: { token: link![1], password: owner.password },
    });
    expect(reset.ok(), await reset.text()).toBe(true);
    return {
      id: site.id,
      name,
      origin,
      host: new URL(origin).host,
      owner,
      url: (path = '/') => `${origin}${path}`,
    };
  } finally {
    await platform.dispose();
  }
}

/**
 * Opens the site in the page and logs its owner in through the storefront's /api, as the login
 * form does: the session cookie lands on the site's host.
 */
export async function loginOnOwnSite(page: Page, site: OwnSite): Promise<void> {
  await rememberPopupsClosed(page, site.id);
  await page.goto(site.url('/'));
  const status = await page.evaluate(
    async ({ siteId, credentials }) => {
      const response = await fetch('/api/login', {
        method: 'POST',
        headers: { siteId, 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      return response.status;
    },
    { siteId: String(site.id), credentials: site.owner },
  );
  expect(status).toBe(200);
}

/**
 * The owner's calls to the API, from Node: the site named by the siteId header, the owner by the
 * token of an API login (a bearer, as the API's own tests send it). Dispose of it at the end.
 */
export async function ownerApi(site: OwnSite): Promise<APIRequestContext> {
  const login = await request.newContext({ baseURL: API_URL });
  try {
    const answer = await login.post('/login', {
      headers: { siteId: String(site.id) },
      data: site.owner,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    const { token } = ((await answer.json()) as { data: { token: string } }).data;
    return await request.newContext({
      baseURL: API_URL,
      extraHTTPHeaders: { siteId: String(site.id), authorization: `Bearer ${token}` },
    });
  } finally {
    await login.dispose();
  }
}

/** The body of an API answer that must have succeeded. */
export async function dataOf<T>(answer: APIResponse | Promise<APIResponse>): Promise<T> {
  const response = await answer;
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * A visitor's request for a page of the site, from Node: sent to the storefront on 127.0.0.1 with
 * the site's host in the Host header, which is how the storefront tells its sites apart (Node
 * does not resolve *.localhost). Redirects are not followed: the journey reads them.
 */
export async function visitorGet(
  site: OwnSite,
  path: string,
): Promise<{ status: number; location: string | undefined; text: string }> {
  const visitor = await request.newContext();
  try {
    const response = await visitor.get(`${WEB_URL}${path}`, {
      headers: { host: site.host },
      maxRedirects: 0,
    });
    return {
      status: response.status(),
      location: response.headers()['location'],
      text: await response.text(),
    };
  } finally {
    await visitor.dispose();
  }
}

/** What a journey's own shop sells and how it delivers (see stockOwnShop). */
export interface OwnShopStock {
  carrier: {
    name: string;
    deliveryType: 'DELIVERY' | 'PICKUP';
    priceCents: (cartonSize: number) => number;
  };
  wine: {
    kind: 'RED' | 'WHITE';
    name: string;
    region: string | null;
    appellation: string | null;
    alcoholTenths: number;
    year: number;
    priceCents: number;
  };
}

/**
 * A carrier for metropolitan France and a published wine of one 75 cl vintage with 50 bottles, as
 * the owner's delivery and catalogue screens save them: what a guest needs to reach the checkout
 * of a journey's own shop.
 */
export async function stockOwnShop(
  site: OwnSite,
  { carrier, wine }: OwnShopStock,
): Promise<{ carrier: AdminCarrier; declinationId: number }> {
  const api = await ownerApi(site);
  try {
    const saved = await dataOf<AdminCarrier>(
      api.post('/admin/carrier', {
        data: {
          name: carrier.name,
          description: null,
          isActive: true,
          deliveryType: carrier.deliveryType,
          rates: [1, 2, 3, 6, 12].map((cartonSize) => ({
            zone: 'FRANCE_METRO',
            cartonSize,
            priceCents: carrier.priceCents(cartonSize),
          })),
        },
      }),
    );
    const product = await dataOf<AdminProduct>(
      api.post('/admin/product', {
        data: {
          type: 'WINE',
          kind: wine.kind,
          name: wine.name,
          slug: '',
          summary: null,
          description: null,
          region: wine.region,
          appellation: wine.appellation,
          alcoholTenths: wine.alcoholTenths,
          tags: [],
          imageUrl: null,
          isPublished: true,
          isDematerialized: false,
          hasShippingFees: true,
          vatRateBasisPoints: 2000,
          position: 0,
          declinations: [
            {
              year: wine.year,
              capacity: 75,
              capacityUnit: 'CENTILITRE',
              priceCents: wine.priceCents,
              fixedPriceCents: null,
              discountType: 'NONE',
              discountAmount: 0,
              stock: 50,
              isStockManaged: true,
              sellByMultipleOf: 1,
              imageUrl: null,
            },
          ],
          features: [],
          awards: [],
          mealIconIds: [],
          decreasingDiscounts: [],
          recommendedProductIds: [],
          customizations: [],
        },
      }),
    );
    return { carrier: saved, declinationId: product.declinations[0]!.id };
  } finally {
    await api.dispose();
  }
}

/**
 * Bottles in the visitor's cart of a journey's own shop, added as the product page adds them
 * (through the site's own /api), and the cart kept where the storefront's cart store reads it.
 */
export async function putInOwnCart(
  page: Page,
  site: OwnSite,
  declinationId: number,
  quantity: number,
): Promise<void> {
  await page.evaluate(
    async ({ siteId, declinationId, quantity, key }) => {
      const form = new FormData();
      form.append('type', 'MAIN_CART');
      form.append('quantity', String(quantity));
      const response = await fetch(`/api/cart/new/product/${declinationId}`, {
        method: 'POST',
        headers: { siteId },
        body: form,
      });
      const body = (await response.json()) as { success: boolean; data: Cart; message: string };
      if (!body.success) throw new Error(body.message);
      localStorage.setItem(
        key,
        JSON.stringify({ state: { cartId: body.data.id, cart: body.data }, version: 0 }),
      );
    },
    { siteId: String(site.id), declinationId, quantity, key: CART_STORAGE_KEY },
  );
}
