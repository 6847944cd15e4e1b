import { randomBytes } from 'node:crypto';
import { expect, request, type Page } from '@playwright/test';
import type { PlatformSite, SiteTemplate } from '@comptoir/contract/admin-platform';
import { DEMO_ADMIN_PASSWORD } from './accounts';
import { waitForMail } from './mail';
import { rememberPopupsClosed } from './welcome-popup';
import { API_URL, WEB_PORT } from './urls';

/*
 * A site of a journey's own, made from a platform template as the platform administrator does it
 * (admin-platform.spec.ts goes through its screens): a journey that changes what every page of a
 * site shows (its colours, banner, menu, the HTML after the body) does it there, and the journeys
 * that read the seeded sites meanwhile never see it. Its test address is a *.localhost host on the
 * e2e storefront's port, which Chromium sends to this machine (Node's own requests do not resolve
 * it: the journey reaches the site through the browser).
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
    return { id: site.id, name, origin, owner, url: (path = '/') => `${origin}${path}` };
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
