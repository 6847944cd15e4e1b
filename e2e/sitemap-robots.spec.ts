import { expect, test, type Page } from '@playwright/test';
import { REVALIDATE_SECRET_HEADER } from '@comptoir/contract/admin-content';
import { apiFor } from './support/api';

/**
 * What search engines read: each site's robots.txt and sitemap.xml, found from the host like
 * the pages, with the site's public address in every URL.
 */

/**
 * A file of site 92, served on its own host name on the e2e storefront's port. Fetched by the
 * browser: Chromium resolves *.localhost itself, Node's resolver does not.
 */
async function wineSiteFile(page: Page, baseURL: string | undefined, path: string) {
  const response = await page.goto(`http://vins.localhost:${new URL(baseURL!).port}${path}`);
  expect(response?.status()).toBe(200);
  return response!.text();
}

function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
}

test("robots.txt keeps crawlers out of the private paths and names the site's sitemap", async ({
  request,
  page,
  baseURL,
}) => {
  const { url: salonUrl } = await apiFor(91).getSiteInfo();
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const robots = await response.text();
  expect(robots).toMatch(/^User-Agent: \*$/m);
  expect(robots).toMatch(/^Allow: \/$/m);
  for (const path of ['/mon-compte', '/auth', '/password', '/api']) {
    expect(robots).toMatch(new RegExp(`^Disallow: ${path}$`, 'm'));
  }
  expect(robots).toContain(`Sitemap: ${new URL('/sitemap.xml', salonUrl).href}`);

  const { url: wineUrl } = await apiFor(92).getSiteInfo();
  const wine = await wineSiteFile(page, baseURL, '/robots.txt');
  expect(wine).toContain(`Sitemap: ${new URL('/sitemap.xml', wineUrl).href}`);
});

test('sitemap.xml lists the pages, the legal pages, the blog and the services of the site', async ({
  request,
  page,
  baseURL,
}) => {
  const { url: salonUrl } = await apiFor(91).getSiteInfo();
  const at = (path: string) => new URL(path, salonUrl).href;
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const listed = locations(await response.text());

  for (const path of [
    '/',
    '/qui-sommes-nous',
    '/salon-coiffure-saint-malo-du-bois',
    '/conseil-en-image/pour-les-particuliers',
    '/blog-beaute-conseils',
    '/nous-contacter',
    '/use-terms',
    '/privacy-policy',
    '/legal-notice',
  ]) {
    expect(listed, path).toContain(at(path));
  }
  expect(listed.some((url) => url.startsWith(at('/blog/')))).toBe(true);
  expect(listed.some((url) => url.startsWith(at('/prestation-conseil-en-image/')))).toBe(true);
  for (const url of listed) {
    expect(url.startsWith(salonUrl)).toBe(true);
    expect(new URL(url).pathname).not.toMatch(/^\/(auth|password|mon-compte|api)/);
  }
  expect(new Set(listed).size).toBe(listed.length);

  const { url: wineUrl } = await apiFor(92).getSiteInfo();
  const wine = locations(await wineSiteFile(page, baseURL, '/sitemap.xml'));
  expect(wine).toContain(new URL('/', wineUrl).href);
  expect(wine.every((url) => url.startsWith(wineUrl))).toBe(true);
});

test('the revalidation hook is not a page of the site and refuses a caller without the secret', async ({
  request,
}) => {
  const anonymous = await request.post('/_comptoir/revalidate', {
    data: { tags: ['site:91:pages'] },
  });
  expect(anonymous.status()).toBe(401);
  const wrong = await request.post('/_comptoir/revalidate', {
    headers: { [REVALIDATE_SECRET_HEADER]: 'pas-le-bon-secret-du-tout' },
    data: { tags: ['site:91:pages'] },
  });
  expect(wrong.status()).toBe(401);
});
