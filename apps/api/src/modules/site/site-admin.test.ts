import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BIC_MESSAGE, IBAN_MESSAGE } from '@comptoir/contract/admin-payment';
import {
  PARAMETER_NOT_FOUND_MESSAGE,
  PARAMETER_VALUE_MESSAGES,
} from '@comptoir/contract/admin-content';
import {
  adminElementListSchema,
  adminParameterSchema,
  ALCOHOL_AGE_RULES_LOCKED_MESSAGE,
  ELEMENT_ORDER_MESSAGE,
  LOGO_IMAGE_MISSING_MESSAGE,
  LOGO_IMAGE_TYPE_MESSAGE,
  LOGO_NOT_FOUND_MESSAGE,
  MONEY_PARAMETER_MESSAGE,
} from '@comptoir/contract/admin-theme';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import { siteInfoSchema } from '@comptoir/contract/site';
import { FONT_FAMILY_CHOICES } from '@comptoir/domain/theme-fonts';
import { siteParameterCatalogue } from '@comptoir/domain/site-parameters';
import { auditLog, elementLists, elements, logos, siteParameters, sites } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, PNG } from '../../test/uploads';
import { NOT_LOGGED_IN_MESSAGE } from '../user';

const SECRET = 'secret-partage-entre-api-et-vitrine';

/** A stand-in storefront that records the tags the API asks it to revalidate. */
let storefront: Server;
let revalidated: string[][] = [];

let testApp: TestApp;
let adminToken: string;
let superAdminToken: string;
let customerToken: string;
let domaineAdminToken: string;

beforeAll(async () => {
  storefront = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      revalidated.push((JSON.parse(raw) as { tags: string[] }).tags);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"revalidated":true}');
    });
  });
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  const { port } = storefront.address() as AddressInfo;
  testApp = await createTestApp({
    env: { STOREFRONT_URL: `http://127.0.0.1:${port}/`, REVALIDATE_SECRET: SECRET },
  });
  const db = testApp.database.db;
  adminToken = (await createUserWithSession(db, { siteId: 91, role: 'ADMIN' })).token;
  superAdminToken = (await createUserWithSession(db, { siteId: 91, role: 'SUPER_ADMIN' })).token;
  customerToken = (await createUserWithSession(db, { siteId: 91, role: 'CUSTOMER' })).token;
  domaineAdminToken = (await createUserWithSession(db, { siteId: 92, role: 'ADMIN' })).token;
});

afterAll(async () => {
  await testApp?.close();
  await new Promise((resolve) => storefront?.close(resolve));
});

beforeEach(async () => {
  await testApp.app.backgroundTasks.idle();
  revalidated = [];
});

async function revalidatedTags(): Promise<string[][]> {
  await testApp.app.backgroundTasks.idle();
  return revalidated;
}

type Method = 'GET' | 'PUT' | 'DELETE';

function send(
  method: Method,
  url: string,
  options: {
    token?: string;
    siteId?: number;
    payload?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  return siteRequest(testApp.app, options.siteId ?? 91, {
    method,
    url,
    ...(options.payload === undefined
      ? {}
      : { payload: options.payload as string | Buffer | object }),
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
  });
}

async function logoUpload(image: Buffer, alt = 'Atelier Clémence', filename = 'logo.png') {
  return multipart({ image: { filename, contentType: 'image/png', data: image }, alt });
}

async function auditRows(siteId: number, entityType: string) {
  return testApp.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.siteId, siteId), eq(auditLog.entityType, entityType)))
    .orderBy(desc(auditLog.id));
}

async function storedParameter(siteId: number, type: string) {
  const [row] = await testApp.database.db
    .select({ value: siteParameters.value })
    .from(siteParameters)
    .where(and(eq(siteParameters.siteId, siteId), eq(siteParameters.type, type)));
  return row?.value;
}

async function bannerItems(siteId: number) {
  const [list] = await testApp.database.db
    .select({ id: elementLists.id })
    .from(elementLists)
    .where(and(eq(elementLists.siteId, siteId), eq(elementLists.route, 'bandeau-promotionnel')));
  return testApp.database.db
    .select()
    .from(elements)
    .where(and(eq(elements.siteId, siteId), eq(elements.listId, list!.id)))
    .orderBy(asc(elements.position), asc(elements.id));
}

async function siteInfo(siteId: number) {
  const response = await siteRequest(testApp.app, siteId, { method: 'GET', url: '/site/info' });
  return siteInfoSchema.parse(response.json().data);
}

/** A real 2000×1000 PNG, larger than a logo is shown, to see it reduced. */
async function largePng(): Promise<Buffer> {
  return sharp({
    create: { width: 2000, height: 1000, channels: 4, background: '#5b2a4e' },
  })
    .png()
    .toBuffer();
}

const fonts = [
  {
    type: 'TITLE',
    family: FONT_FAMILY_CHOICES[5]!.family,
    color: '#4a1f3f',
    size: 34,
    weight: 700,
    style: 'italic',
  },
  {
    type: 'CONTENT',
    family: FONT_FAMILY_CHOICES[0]!.family,
    color: null,
    size: 17,
    weight: 400,
    style: 'normal',
  },
  {
    type: 'MENU',
    family: FONT_FAMILY_CHOICES[2]!.family,
    color: null,
    size: null,
    weight: 500,
    style: null,
  },
];

describe('the role matrix over the theme routes', () => {
  // Each route with a request an administrator of site 91 may send.
  const routes: {
    name: string;
    method: Method;
    url: string | (() => Promise<string>);
    payload?: () => Promise<unknown>;
  }[] = [
    { name: 'GET /admin/parameter', method: 'GET', url: '/admin/parameter' },
    {
      name: 'PUT /admin/parameter',
      method: 'PUT',
      url: '/admin/parameter',
      payload: async () => ({ COMPANY_PHONE: '02 51 00 00 00' }),
    },
    {
      name: 'PUT /admin/font',
      method: 'PUT',
      url: '/admin/font',
      payload: async () => ({ fonts }),
    },
    { name: 'GET /admin/element', method: 'GET', url: '/admin/element' },
    {
      name: 'PUT /admin/element/:route/order',
      method: 'PUT',
      url: '/admin/element/bandeau-promotionnel/order',
      payload: async () => ({ ids: (await bannerItems(91)).map((item) => item.id) }),
    },
    {
      name: 'PUT /admin/element/:route/:id',
      method: 'PUT',
      url: async () => `/admin/element/bandeau-promotionnel/${(await bannerItems(91))[0]!.id}`,
      payload: async () => ({
        title: 'Message',
        html: '<p>Bonjour</p>',
        backgroundColor: '#5b2a4e',
      }),
    },
    {
      name: 'PUT /admin/logo/:type/alt',
      method: 'PUT',
      url: '/admin/logo/LOGO/alt',
      payload: async () => ({ alt: 'Atelier Clémence, coiffure' }),
    },
  ];

  for (const route of routes) {
    it(`${route.name}: 401 for a visitor, 403 for a customer, allowed to ADMIN and SUPER_ADMIN`, async () => {
      const url = typeof route.url === 'string' ? route.url : await route.url();
      const payload = route.payload ? await route.payload() : undefined;
      const visitor = await send(route.method, url, { payload });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
      const customer = await send(route.method, url, { payload, token: customerToken });
      expect(customer.statusCode).toBe(403);
      expect(customer.json().message).toBe(ADMIN_ONLY_MESSAGE);
      // Another site's session is a visitor here.
      const otherSite = await send(route.method, url, { payload, token: domaineAdminToken });
      expect(otherSite.statusCode).toBe(401);
      for (const token of [adminToken, superAdminToken]) {
        const allowed = await send(route.method, url, { payload, token });
        expect(allowed.statusCode, allowed.body).toBe(200);
      }
    });
  }

  it('PUT and DELETE /admin/logo/:type: 401 for a visitor, 403 for a customer', async () => {
    const upload = await logoUpload(PNG);
    for (const [token, status] of [
      [undefined, 401],
      [customerToken, 403],
    ] as const) {
      const put = await send('PUT', '/admin/logo/LOGO_DARK_THEME', {
        payload: upload.payload,
        headers: upload.headers,
        ...(token ? { token } : {}),
      });
      expect(put.statusCode).toBe(status);
      const removed = await send('DELETE', '/admin/logo/LOGO', token ? { token } : {});
      expect(removed.statusCode).toBe(status);
    }
    expect((await siteInfo(91)).logos.some((logo) => logo.type === 'LOGO')).toBe(true);
  });
});

describe('GET /admin/parameter', () => {
  it('lists every parameter of the catalogue with its group, default and the value in use', async () => {
    const response = await send('GET', '/admin/parameter', { token: adminToken });
    const list = adminParameterSchema.array().parse(response.json().data);
    expect(list.map((parameter) => parameter.type)).toEqual(
      siteParameterCatalogue.map((definition) => definition.type),
    );
    const primary = list.find((parameter) => parameter.type === 'PRIMARY_COLOR')!;
    expect(primary).toMatchObject({
      group: 'colours',
      value: '#5b2a4e',
      defaultValue: '#1d4e89',
      isSet: true,
    });
  });

  it('shows a parameter the site never set with its default value', async () => {
    await testApp.database.db
      .delete(siteParameters)
      .where(and(eq(siteParameters.siteId, 91), eq(siteParameters.type, 'SUBMENU_WIDTH')));
    const response = await send('GET', '/admin/parameter', { token: adminToken });
    const list = adminParameterSchema.array().parse(response.json().data);
    expect(list.find((parameter) => parameter.type === 'SUBMENU_WIDTH')).toMatchObject({
      value: 150,
      isSet: false,
    });
  });
});

describe('the age rules of a site that sells alcohol (decision 0109)', () => {
  const ageRulesOf = (data: unknown) =>
    adminParameterSchema
      .array()
      .parse(data)
      .filter((parameter) =>
        ['BLOCK_MINORS', 'ASK_BIRTHDATE_AT_REGISTER', 'SELLS_ALCOHOL'].includes(parameter.type),
      )
      .map(({ type, value, lockedReason }) => ({ type, value, lockedReason }));

  it('shows both rules on and locked, with the reason, while site 92 sells alcohol', async () => {
    const response = await send('GET', '/admin/parameter', {
      siteId: 92,
      token: domaineAdminToken,
    });
    expect(ageRulesOf(response.json().data)).toEqual([
      { type: 'SELLS_ALCOHOL', value: true, lockedReason: null },
      { type: 'BLOCK_MINORS', value: true, lockedReason: ALCOHOL_AGE_RULES_LOCKED_MESSAGE },
      {
        type: 'ASK_BIRTHDATE_AT_REGISTER',
        value: true,
        lockedReason: ALCOHOL_AGE_RULES_LOCKED_MESSAGE,
      },
    ]);
  });

  it('refuses to turn either rule off while the site sells alcohol, and changes nothing', async () => {
    for (const payload of [
      { BLOCK_MINORS: false },
      { ASK_BIRTHDATE_AT_REGISTER: null },
      { COMPANY_NAME: 'Domaine', BLOCK_MINORS: false, ASK_BIRTHDATE_AT_REGISTER: false },
      // Turning the flag on in the same batch does not let the rules go either.
      { SELLS_ALCOHOL: true, BLOCK_MINORS: false },
    ]) {
      const response = await send('PUT', '/admin/parameter', {
        siteId: 92,
        token: domaineAdminToken,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().message).toBe(ALCOHOL_AGE_RULES_LOCKED_MESSAGE);
      expect(response.json().errors).toEqual(
        Object.keys(payload)
          .filter((key) => key !== 'COMPANY_NAME' && key !== 'SELLS_ALCOHOL')
          .map((key) => ({ key, error: ALCOHOL_AGE_RULES_LOCKED_MESSAGE })),
      );
    }
    expect(await storedParameter(92, 'COMPANY_NAME')).not.toBe('Domaine');
    // Stricter is always allowed.
    const stricter = await send('PUT', '/admin/parameter', {
      siteId: 92,
      token: domaineAdminToken,
      payload: { BLOCK_MINORS: true },
    });
    expect(stricter.statusCode, stricter.body).toBe(200);
  });

  it('checks bank details entered as parameters as the « Paiement » screen does, and changes nothing', async () => {
    const ibanBefore = await storedParameter(92, 'PAYMENT_IBAN');
    for (const [payload, key, message] of [
      [{ PAYMENT_IBAN: 'FR76 1790 6000 3200 0123 4567 871' }, 'PAYMENT_IBAN', IBAN_MESSAGE],
      [{ COMPANY_NAME: 'Domaine', PAYMENT_BIC: 'AGRI' }, 'PAYMENT_BIC', BIC_MESSAGE],
    ] as const) {
      const response = await send('PUT', '/admin/parameter', {
        siteId: 92,
        token: domaineAdminToken,
        payload,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual([{ key, error: message }]);
    }
    expect(await storedParameter(92, 'PAYMENT_IBAN')).toBe(ibanBefore);
    expect(await storedParameter(92, 'COMPANY_NAME')).not.toBe('Domaine');
    const valid = await send('PUT', '/admin/parameter', {
      siteId: 92,
      token: domaineAdminToken,
      payload: { PAYMENT_IBAN: ibanBefore },
    });
    expect(valid.statusCode, valid.body).toBe(200);
  });

  it('lets the owner relax the rules once the site no longer sells alcohol, journaled', async () => {
    try {
      const response = await send('PUT', '/admin/parameter', {
        siteId: 92,
        token: domaineAdminToken,
        payload: { SELLS_ALCOHOL: false, BLOCK_MINORS: false, ASK_BIRTHDATE_AT_REGISTER: false },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(ageRulesOf(response.json().data)).toEqual([
        { type: 'SELLS_ALCOHOL', value: false, lockedReason: null },
        { type: 'BLOCK_MINORS', value: false, lockedReason: null },
        { type: 'ASK_BIRTHDATE_AT_REGISTER', value: false, lockedReason: null },
      ]);
      const [entry] = (await auditRows(92, 'parameter')).filter(
        (row) => row.entityId === 'SELLS_ALCOHOL',
      );
      expect(entry).toMatchObject({ before: { value: true }, after: { value: false } });
    } finally {
      await send('PUT', '/admin/parameter', {
        siteId: 92,
        token: domaineAdminToken,
        payload: { SELLS_ALCOHOL: true, BLOCK_MINORS: true, ASK_BIRTHDATE_AT_REGISTER: true },
      });
    }
  });
});

describe('PUT /admin/parameter', () => {
  it('saves several parameters at once, audits each change and refreshes the parameters tag', async () => {
    const response = await send('PUT', '/admin/parameter', {
      token: adminToken,
      payload: {
        PRIMARY_COLOR: '#224466',
        FREE_SHIPPING_PRICE: 89.9,
        SUBMENU_WIDTH: 180,
        IS_MENU_FIXED: false,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = adminParameterSchema.array().parse(response.json().data);
    expect(list.find((parameter) => parameter.type === 'PRIMARY_COLOR')?.value).toBe('#224466');
    expect(await storedParameter(91, 'FREE_SHIPPING_PRICE')).toBe('89.9');
    expect(await storedParameter(91, 'SUBMENU_WIDTH')).toBe('180');
    expect(await storedParameter(91, 'IS_MENU_FIXED')).toBe('false');

    const [primary] = (await auditRows(91, 'parameter')).filter(
      (row) => row.entityId === 'PRIMARY_COLOR',
    );
    expect(primary).toMatchObject({
      action: 'update',
      summary: 'Paramètre « Couleur principale » modifié',
      before: { value: '#5b2a4e' },
      after: { value: '#224466' },
    });
    expect(await revalidatedTags()).toEqual([['site:91:parameters']]);
    const publicList = await siteRequest(testApp.app, 91, { method: 'GET', url: '/parameter' });
    expect(
      (publicList.json().data as { type: string; value: unknown }[]).find(
        (parameter) => parameter.type === 'PRIMARY_COLOR',
      )?.value,
    ).toBe('#224466');
  });

  it('changes nothing when one value is wrong, and names each wrong parameter', async () => {
    const auditedBefore = (await auditRows(91, 'parameter')).length;
    const response = await send('PUT', '/admin/parameter', {
      token: adminToken,
      payload: {
        COMPANY_NAME: 'Un autre nom',
        FONT_COLOR: 'rouge',
        FREE_SHIPPING_PRICE: 10.555,
        LOGO_HEIGHT: 'grand',
        NOT_A_PARAMETER: 'x',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { key: 'FONT_COLOR', error: PARAMETER_VALUE_MESSAGES.COLOUR },
        { key: 'FREE_SHIPPING_PRICE', error: MONEY_PARAMETER_MESSAGE },
        { key: 'LOGO_HEIGHT', error: PARAMETER_VALUE_MESSAGES.NUMBER },
        { key: 'NOT_A_PARAMETER', error: PARAMETER_NOT_FOUND_MESSAGE },
      ]),
    );
    expect(await storedParameter(91, 'COMPANY_NAME')).not.toBe('Un autre nom');
    expect((await auditRows(91, 'parameter')).length).toBe(auditedBefore);
    expect(await revalidatedTags()).toEqual([]);
  });

  it('refuses an empty batch', async () => {
    const response = await send('PUT', '/admin/parameter', { token: adminToken, payload: {} });
    expect(response.statusCode).toBe(422);
  });

  it("writes only the caller's site", async () => {
    const before = await storedParameter(92, 'COMPANY_PHONE');
    const response = await send('PUT', '/admin/parameter', {
      token: domaineAdminToken,
      siteId: 92,
      payload: { COMPANY_PHONE: '04 00 00 00 00' },
    });
    expect(response.statusCode).toBe(200);
    expect(await storedParameter(92, 'COMPANY_PHONE')).toBe('04 00 00 00 00');
    expect(before).not.toBe('04 00 00 00 00');
    expect(await storedParameter(91, 'COMPANY_PHONE')).not.toBe('04 00 00 00 00');
  });
});

describe('logos', () => {
  it('uploads a logo, reduces it, serves it publicly and shows it in the site info', async () => {
    const upload = await logoUpload(await largePng(), 'Atelier Clémence', 'Mon logo.png');
    const response = await send('PUT', '/admin/logo/LOGO_LIGHT_THEME', {
      token: adminToken,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const url: string = response.json().data.onlineImage.url;
    expect(url).toMatch(/^\/api\/logo\/91\/[0-9a-f]{32}\.webp$/);
    expect(response.json().data).toMatchObject({
      type: 'LOGO_LIGHT_THEME',
      alt: 'Atelier Clémence',
      filename: 'Mon logo.png',
    });

    const image = await testApp.app.inject({ method: 'GET', url: url.replace(/^\/api/, '') });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 800 });

    const info = await siteInfo(91);
    expect(info.logos.find((logo) => logo.type === 'LOGO_LIGHT_THEME')?.onlineImage?.url).toBe(url);
    expect(await revalidatedTags()).toEqual([['site:91:info']]);
    expect((await auditRows(91, 'logo'))[0]).toMatchObject({
      action: 'create',
      entityId: 'LOGO_LIGHT_THEME',
      summary: 'Logo pour le thème clair ajouté',
    });
  });

  it('replaces a logo and forgets the image it replaced', async () => {
    const first = await logoUpload(PNG);
    const firstUrl: string = (
      await send('PUT', '/admin/logo/LOGO_FAVICON', {
        token: adminToken,
        payload: first.payload,
        headers: first.headers,
      })
    ).json().data.onlineImage.url;
    expect(firstUrl).toMatch(/\.png$/);
    const second = await logoUpload(PNG);
    const replaced = await send('PUT', '/admin/logo/LOGO_FAVICON', {
      token: superAdminToken,
      payload: second.payload,
      headers: second.headers,
    });
    expect(replaced.statusCode).toBe(200);
    const old = await testApp.app.inject({ method: 'GET', url: firstUrl.replace(/^\/api/, '') });
    expect(old.statusCode).toBe(404);
    const rows = await testApp.database.db
      .select()
      .from(logos)
      .where(and(eq(logos.siteId, 91), eq(logos.type, 'LOGO_FAVICON')));
    expect(rows).toHaveLength(1);
    expect((await auditRows(91, 'logo'))[0]).toMatchObject({
      action: 'update',
      summary: "Icône de l'onglet (favicon) remplacé",
    });
  });

  it('refuses a file that is not an image, whatever its name says, and changes nothing', async () => {
    const before = await siteInfo(91);
    const upload = multipart({
      image: {
        filename: 'logo.png',
        contentType: 'image/png',
        data: Buffer.from('<svg onload="alert(1)"></svg>'),
      },
      alt: 'Logo',
    });
    const response = await send('PUT', '/admin/logo/LOGO', {
      token: adminToken,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ key: 'image', error: LOGO_IMAGE_TYPE_MESSAGE }]);
    expect((await siteInfo(91)).logos).toEqual(before.logos);
  });

  it('asks for the image and the alternative text', async () => {
    const upload = multipart({ alt: '' });
    const response = await send('PUT', '/admin/logo/LOGO', {
      token: adminToken,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { key: 'alt', error: 'Décrivez le logo en quelques mots.' },
        { key: 'image', error: LOGO_IMAGE_MISSING_MESSAGE },
      ]),
    );
  });

  it("changes a logo's alternative text, and removes a logo", async () => {
    const alt = await send('PUT', '/admin/logo/LOGO_FOOTER/alt', {
      token: adminToken,
      payload: { alt: 'Atelier Clémence, pied de page' },
    });
    expect(alt.statusCode).toBe(200);
    expect(alt.json().data.alt).toBe('Atelier Clémence, pied de page');
    const removed = await send('DELETE', '/admin/logo/LOGO_FOOTER', { token: adminToken });
    expect(removed.statusCode).toBe(200);
    expect((await siteInfo(91)).logos.some((logo) => logo.type === 'LOGO_FOOTER')).toBe(false);
    expect((await auditRows(91, 'logo'))[0]).toMatchObject({
      action: 'delete',
      entityId: 'LOGO_FOOTER',
      after: null,
    });
    const again = await send('DELETE', '/admin/logo/LOGO_FOOTER', { token: adminToken });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(LOGO_NOT_FOUND_MESSAGE);
  });

  it("never serves a site's logo under another site's id", async () => {
    const upload = await logoUpload(PNG);
    const url: string = (
      await send('PUT', '/admin/logo/LOGO_DARK_THEME', {
        token: adminToken,
        payload: upload.payload,
        headers: upload.headers,
      })
    ).json().data.onlineImage.url;
    const path = url.replace(/^\/api/, '');
    expect((await testApp.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const crossed = await testApp.app.inject({
      method: 'GET',
      url: path.replace('/logo/91/', '/logo/92/'),
    });
    expect(crossed.statusCode).toBe(404);
    // Site 92's administrator removes 92's logo of that type, never 91's.
    expect(
      (
        await send('DELETE', '/admin/logo/LOGO_DARK_THEME', {
          token: domaineAdminToken,
          siteId: 92,
        })
      ).statusCode,
    ).toBe(404);
    expect((await siteInfo(91)).logos.some((logo) => logo.type === 'LOGO_DARK_THEME')).toBe(true);
  });
});

describe('PUT /admin/font', () => {
  it('saves the three fonts, audits them and refreshes the site info', async () => {
    const response = await send('PUT', '/admin/font', {
      token: adminToken,
      payload: { fonts: [...fonts].reverse() },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((font: { type: string }) => font.type)).toEqual([
      'TITLE',
      'CONTENT',
      'MENU',
    ]);
    expect((await siteInfo(91)).fonts).toEqual(fonts);
    expect(await revalidatedTags()).toEqual([['site:91:info']]);
    expect((await auditRows(91, 'font'))[0]).toMatchObject({
      action: 'update',
      entityType: 'font',
    });
  });

  it('refuses a family the storefront cannot show, and changes nothing', async () => {
    const [before] = await testApp.database.db
      .select({ fonts: sites.fonts })
      .from(sites)
      .where(eq(sites.id, 91));
    const response = await send('PUT', '/admin/font', {
      token: adminToken,
      payload: {
        fonts: [
          { ...fonts[0], family: 'Comic Sans MS; } body { display: none' },
          fonts[1],
          fonts[2],
        ],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { key: 'fonts.0.family', error: 'Choisissez une police de la liste.' },
    ]);
    const [after] = await testApp.database.db
      .select({ fonts: sites.fonts })
      .from(sites)
      .where(eq(sites.id, 91));
    expect(after).toEqual(before);
  });

  it('asks for each of the three fonts once', async () => {
    const response = await send('PUT', '/admin/font', {
      token: adminToken,
      payload: { fonts: [fonts[0], fonts[0], fonts[1]] },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('element lists', () => {
  it('lists every list of the site with all its items, by position', async () => {
    const response = await send('GET', '/admin/element', { token: adminToken });
    const lists = adminElementListSchema.array().parse(response.json().data);
    const banner = lists.find((list) => list.route === 'bandeau-promotionnel')!;
    expect(banner.items.map((item) => item.id)).toEqual(
      (await bannerItems(91)).map((item) => item.id),
    );
    expect(lists.map((list) => list.route)).toEqual(
      expect.arrayContaining(['bandeau-promotionnel', 'logo-footer', 'link-footer']),
    );
    const other = await send('GET', '/admin/element', { token: domaineAdminToken, siteId: 92 });
    const otherIds = adminElementListSchema
      .array()
      .parse(other.json().data)
      .flatMap((list) => list.items.map((item) => item.id));
    expect(otherIds).not.toContain(banner.items[0]!.id);
  });

  it("changes a banner message's colour and text, audits it and refreshes the elements tag", async () => {
    const [first] = await bannerItems(91);
    const response = await send('PUT', `/admin/element/bandeau-promotionnel/${first!.id}`, {
      token: adminToken,
      payload: { title: 'Soldes', html: '<p>-20 % sur les soins</p>', backgroundColor: '#a0522d' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: first!.id,
      html: '<p>-20 % sur les soins</p>',
      backgroundColor: '#a0522d',
      position: first!.position,
    });
    expect(await revalidatedTags()).toEqual([['site:91:elements']]);
    expect((await auditRows(91, 'element'))[0]).toMatchObject({
      action: 'update',
      entityId: String(first!.id),
    });
    const publicBanner = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/element/bandeau-promotionnel',
    });
    expect(
      publicBanner.json().data.list.find((item: { id: number }) => item.id === first!.id).html,
    ).toBe('<p>-20 % sur les soins</p>');
  });

  it('refuses a bad colour with nothing changed', async () => {
    const [first] = await bannerItems(91);
    const response = await send('PUT', `/admin/element/bandeau-promotionnel/${first!.id}`, {
      token: adminToken,
      payload: { title: 'Soldes', backgroundColor: 'url(javascript:x)' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { key: 'backgroundColor', error: PARAMETER_VALUE_MESSAGES.COLOUR },
    ]);
    expect((await bannerItems(91))[0]).toEqual(first);
  });

  it('puts the items in a new order', async () => {
    const before = (await bannerItems(91)).map((item) => item.id);
    expect(before.length).toBeGreaterThan(1);
    const reversed = [...before].reverse();
    const response = await send('PUT', '/admin/element/bandeau-promotionnel/order', {
      token: adminToken,
      payload: { ids: reversed },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.items.map((item: { id: number }) => item.id)).toEqual(reversed);
    expect((await bannerItems(91)).map((item) => item.id)).toEqual(reversed);
    expect(await revalidatedTags()).toEqual([['site:91:elements']]);
    expect((await auditRows(91, 'element'))[0]).toMatchObject({
      action: 'reorder',
      before: { ids: before },
      after: { ids: reversed },
    });
  });

  it('refuses an order that leaves out or repeats an item, with nothing changed', async () => {
    const before = (await bannerItems(91)).map((item) => item.id);
    for (const ids of [before.slice(1), [...before, before[0]!]]) {
      const response = await send('PUT', '/admin/element/bandeau-promotionnel/order', {
        token: adminToken,
        payload: { ids },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([{ key: 'ids', error: ELEMENT_ORDER_MESSAGE }]);
    }
    expect((await bannerItems(91)).map((item) => item.id)).toEqual(before);
  });

  it("answers 404 to another site's administrator naming this site's items", async () => {
    const ninetyOne = (await bannerItems(91)).map((item) => item.id);
    const ninetyTwo = (await bannerItems(92)).map((item) => item.id);
    const update = await send('PUT', `/admin/element/bandeau-promotionnel/${ninetyOne[0]}`, {
      token: domaineAdminToken,
      siteId: 92,
      payload: { title: 'Piraté' },
    });
    expect(update.statusCode).toBe(404);
    const order = await send('PUT', '/admin/element/bandeau-promotionnel/order', {
      token: domaineAdminToken,
      siteId: 92,
      payload: { ids: [...ninetyTwo, ...ninetyOne] },
    });
    expect(order.statusCode).toBe(422);
    expect((await bannerItems(91)).map((item) => item.id)).toEqual(ninetyOne);
    expect((await bannerItems(91)).every((item) => item.title !== 'Piraté')).toBe(true);
    const unknownList = await send('PUT', '/admin/element/liste-inconnue/order', {
      token: adminToken,
      payload: { ids: [1] },
    });
    expect(unknownList.statusCode).toBe(404);
  });
});
