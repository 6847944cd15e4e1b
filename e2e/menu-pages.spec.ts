import { expect, request, test, type Page } from '@playwright/test';
import { getNewsList } from '@comptoir/contract/news';
import type { Page as TreePage } from '@comptoir/contract/page';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { apiFor } from './support/api';
import { createOwnSite, type OwnSite } from './support/own-site';
import { rawRequest } from './support/raw-http';
import { API_URL, WEB_PORT } from './support/urls';
import { rememberPopupsClosed } from './support/welcome-popup';
import { openWineShop, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/*
 * Both demo sites are whole (decision 0100): every page of their menus, submenus included, shows
 * content of its own below its title, at desktop and phone widths, without a serious axe
 * violation; the wine domaine's news page lists its news ten a page; a filtered or sorted link
 * to the wine list is filtered in the server's HTML already. PROMOTED_NEWS and SERVICE_PAGE_STYLE
 * are switched on sites of the journey's own (support/own-site.ts), never on the demo sites.
 */

const WIDTHS = [
  { device: 'desktop', width: 1366, height: 900 },
  { device: 'phone', width: 390, height: 844 },
] as const;

/** Characters of text a page must show beyond its title block (breadcrumb, h1, introduction). */
const MIN_CONTENT_CHARACTERS = 400;

const CATALOGUE_PATH = '/nos-vins';

/** The menu's pages as the storefront lists them: shown in the menu, submenus included. */
function menuUrls(tree: readonly TreePage[], isECommerce: boolean): string[] {
  return tree.flatMap((page) => {
    if (!page.showInMenu || (page.isEcommercePage && !isECommerce)) return [];
    const external = page.link !== null && /^https?:/i.test(page.link.url ?? '');
    const own = external
      ? []
      : [page.cms.route === 'PRODUCT_LIST' && page.link === null ? CATALOGUE_PATH : page.url];
    return [...own, ...menuUrls(page.children, isECommerce)];
  });
}

/** The text of the page's main content outside its title block, scripts and hidden parts left out. */
function contentBeyondTitle(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return { characters: 0, blocks: 0 };
    const hero = main.querySelector('h1')?.closest('section') ?? main.querySelector('h1');
    const copy = main.cloneNode(true) as HTMLElement;
    // The same element in the copy: found again by its place among the main's descendants.
    if (hero) {
      const all = Array.from(main.querySelectorAll('*'));
      const index = all.indexOf(hero);
      copy.querySelectorAll('*')[index]?.remove();
    }
    copy.querySelectorAll('script, style, noscript, template, [hidden]').forEach((node) => {
      node.remove();
    });
    const text = (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    const blocks = copy.querySelectorAll('p, li, h2, h3, img, figure, form, iframe, dl').length;
    return { characters: text.length, blocks };
  });
}

async function expectWholePage(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A block that is a form of its own (the gift voucher's) renders once its code has loaded,
  // a moment after the title: waited for, as a visitor does.
  await expect
    .poll(async () => (await contentBeyondTitle(page)).characters, {
      message: `${url}: text below the title`,
    })
    .toBeGreaterThanOrEqual(MIN_CONTENT_CHARACTERS);
  const content = await contentBeyondTitle(page);
  expect(content.blocks, `${url}: content blocks`).toBeGreaterThan(0);
}

/** Nothing leaves the machine (site 92 configures Google's tag): the cookie banner stays unanswered. */
async function keepOnMachine(page: Page) {
  await page.route(
    (url) => url.hostname !== 'localhost' && !url.hostname.endsWith('.localhost'),
    (route) => route.abort(),
  );
}

const DEMO_SITES = [
  { siteId: 91, origin: (baseURL: string | undefined) => baseURL!.replace(/\/$/, '') },
  { siteId: 92, origin: (baseURL: string | undefined) => wineSite(baseURL, '').replace(/\/$/, '') },
] as const;

for (const { siteId, origin } of DEMO_SITES) {
  for (const { device, width, height } of WIDTHS) {
    test(`every menu page of site ${siteId} shows real content (${device})`, async ({
      page,
      baseURL,
    }) => {
      // A dozen pages, each rendered once and checked by axe.
      test.setTimeout(360_000);
      const api = apiFor(siteId);
      const [tree, info] = await Promise.all([api.getPageTree(), api.getSiteInfo()]);
      const urls = menuUrls(tree, info.isECommerce);
      // The menus the sites are known by, submenus included.
      expect(urls).toContain('/');
      if (siteId === 91) expect(urls).toContain('/conseil-en-image/notre-approche');
      if (siteId === 92) {
        expect(urls).toEqual(
          expect.arrayContaining(['/le-domaine', '/visites-et-degustations', '/actualites']),
        );
      }
      await keepOnMachine(page);
      await rememberPopupsClosed(page, siteId);
      await page.setViewportSize({ width, height });
      for (const url of urls) {
        await test.step(url, async () => {
          await expectWholePage(page, `${origin(baseURL)}${url}`);
          await expectNoSeriousAccessibilityViolations(page);
        });
      }
    });
  }
}

test.describe('the wine domaine’s news page', () => {
  for (const { device, width, height } of WIDTHS) {
    test(`lists the news ten a page, the promoted one first (${device})`, async ({
      page,
      baseURL,
    }) => {
      const { promoted, total } = await apiFor(92).call(getNewsList, { query: { nbItem: 1 } });
      expect(promoted).not.toBeNull();
      expect(total).toBeGreaterThan(10);
      test.slow();
      await page.setViewportSize({ width, height });
      await openWineShop(page, baseURL, '/actualites');
      const pinned = page.getByRole('region', { name: 'À la une' });
      await expect(pinned.getByRole('heading', { name: promoted!.title })).toBeVisible();
      const list = page.getByRole('region', { name: 'Toutes nos actualités' }).getByRole('list');
      // Ten a page: the promoted item pinned above, the nine others below it.
      await expect(list.first().locator(':scope > li')).toHaveCount(9);
      await expect(list.first().getByRole('heading', { name: promoted!.title })).toHaveCount(0);
      const pages = page.getByRole('navigation', { name: 'Pages des actualités' });
      await expect(pages.getByText('Page 1 sur 2')).toBeVisible();
      await saveScreenshot(page, { path: test.info().outputPath(`actualites-${device}.png`) });
      await expectNoSeriousAccessibilityViolations(page);

      await pages.getByRole('link', { name: 'Page suivante' }).click();
      await expect(page).toHaveURL(/\/actualites\/page\/2$/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Actualités, page 2');
      await expect(page.getByRole('region', { name: 'À la une' })).toHaveCount(0);
      await expect(
        page.getByRole('navigation', { name: 'Pages des actualités' }).getByText('Page 2 sur 2'),
      ).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: 'Toutes nos actualités, page 2' })
          .locator('ul[role="list"] > li'),
      ).toHaveCount(total - 10);
      await expectNoSeriousAccessibilityViolations(page);
      await page
        .getByRole('navigation', { name: 'Pages des actualités' })
        .getByRole('link', { name: 'Page précédente' })
        .click();
      await expect(page).toHaveURL(/\/actualites$/, { timeout: 20_000 });
    });
  }

  test('answers 404 past its last page and for page 1 written as /page/1', async () => {
    const host = `vins.localhost:${WEB_PORT}`;
    for (const path of ['/actualites/page/3', '/actualites/page/1', '/le-domaine/page/2']) {
      expect((await rawRequest({ path, host })).status, path).toBe(404);
    }
    expect((await rawRequest({ path: '/actualites/page/2', host })).status).toBe(200);
  });
});

/** The product links of the list's cards in a page's HTML, scripts left out. */
function cardLinksInHtml(html: string): string[] {
  const body = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  return [...body.matchAll(/<h3[^>]*>\s*<a[^>]*href="(\/nos-vins\/[^"?#]+)"/g)].map(
    (match) => match[1]!,
  );
}

/** The product links of the cards on screen. */
function cardLinksOnScreen(page: Page): Promise<string[]> {
  return page
    .getByRole('region', { name: 'Catalogue' })
    .locator('h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

test.describe('filtered and sorted links to the wine list', () => {
  test('the HTML holds the filtered, sorted list the page shows once its script runs', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const host = `vins.localhost:${WEB_PORT}`;
    const plain = cardLinksInHtml((await rawRequest({ path: CATALOGUE_PATH, host })).body);
    expect(plain.length).toBeGreaterThan(4);
    await keepOnMachine(page);
    for (const query of ['?categorie=rouge', '?categorie=blanc&tri=nom', '?tri=prix-decroissant']) {
      const served = await rawRequest({ path: `${CATALOGUE_PATH}${query}`, host });
      expect(served.status, query).toBe(200);
      const inHtml = cardLinksInHtml(served.body);
      // What the page shows for the same link once its script runs: the same cards, in order
      // (the list is one page of the API's, filtered there; the island only changes the address,
      // decision 0128).
      await page.goto(wineSite(baseURL, `${CATALOGUE_PATH}${query}`));
      await page.waitForLoadState('load');
      await expect.poll(() => cardLinksOnScreen(page), { message: query }).toEqual(inHtml);
      expect(inHtml.length, query).toBeGreaterThan(0);
      if (query.includes('categorie')) {
        expect(
          plain.some((link) => !inHtml.includes(link)),
          query,
        ).toBe(true);
      } else expect(inHtml).not.toEqual(plain);
      // The page names itself by its query: a crawler indexes the red wines as the red wines.
      expect(served.body).toMatch(
        new RegExp(`<link rel="canonical" href="[^"]*/nos-vins\\${query.replace(/&/g, '&amp;')}"`),
      );
    }
  });

  for (const { device, width, height } of WIDTHS) {
    test(`a shared link to the red wines never shows another wine (${device})`, async ({
      page,
      baseURL,
    }) => {
      test.slow();
      const host = `vins.localhost:${WEB_PORT}`;
      const reds = cardLinksInHtml(
        (await rawRequest({ path: `${CATALOGUE_PATH}?categorie=rouge&tri=nom`, host })).body,
      );
      expect(reds.length).toBeGreaterThan(0);
      // Every card that ever enters the page, from its first byte on.
      await page.addInitScript(() => {
        const seen = new Set<string>();
        (window as unknown as { seenCards: Set<string> }).seenCards = seen;
        const collect = () => {
          document
            .querySelectorAll('main h3 a[href^="/nos-vins/"]')
            .forEach((link) => seen.add(link.getAttribute('href') ?? ''));
        };
        new MutationObserver(collect).observe(document, { childList: true, subtree: true });
        document.addEventListener('DOMContentLoaded', collect);
      });
      await keepOnMachine(page);
      await page.setViewportSize({ width, height });
      await page.goto(wineSite(baseURL, `${CATALOGUE_PATH}?categorie=rouge&tri=nom`));
      await page.waitForLoadState('load');
      await expect(page.getByRole('link', { name: 'Rouges' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await page.waitForTimeout(500);
      expect(await cardLinksOnScreen(page)).toEqual(reds);
      const seen = await page.evaluate(() => [
        ...(window as unknown as { seenCards: Set<string> }).seenCards,
      ]);
      expect(seen.sort()).toEqual([...reds].sort());
      await saveScreenshot(page, { path: test.info().outputPath(`nos-vins-rouges-${device}.png`) });
      await expectNoSeriousAccessibilityViolations(page);
    });
  }
});

/** The owner of a site of the journey's own, logged in on the API as the back office is. */
async function ownerApi(site: OwnSite) {
  const context = await request.newContext({
    baseURL: API_URL,
    extraHTTPHeaders: { siteId: String(site.id) },
  });
  const login = await context.post('/login', { data: site.owner });
  expect(login.ok(), await login.text()).toBe(true);
  const write = async (method: 'post' | 'put', path: string, data: unknown) => {
    const response = await context[method](path, { data });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()).data;
  };
  return { write, dispose: () => context.dispose() };
}

test.describe('PROMOTED_NEWS and SERVICE_PAGE_STYLE on a site of the journey’s own', () => {
  test('the promoted news is put forward until the owner switches PROMOTED_NEWS off', async ({
    page,
  }) => {
    test.slow();
    const site = await createOwnSite('une', 'WINE_SHOP');
    const owner = await ownerApi(site);
    try {
      const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9)).toISOString();
      for (let n = 1; n <= 11; n += 1) {
        await owner.write('post', '/admin/news', {
          title: `Brève numéro ${n}`,
          slug: `breve-${n}`,
          summary: `La brève numéro ${n} du domaine.`,
          content: null,
          imageUrl: null,
          linkUrl: null,
          promoted: false,
          isPublished: true,
          publishedAt: day(n + 1),
        });
      }
      // The oldest of all: pinned first while it is put forward, last on page 2 otherwise.
      await owner.write('post', '/admin/news', {
        title: 'Portes ouvertes du printemps',
        slug: 'portes-ouvertes-printemps',
        summary: 'Deux jours de dégustation au caveau.',
        content: null,
        imageUrl: null,
        linkUrl: null,
        promoted: true,
        isPublished: true,
        publishedAt: day(1),
      });
      await keepOnMachine(page);
      await rememberPopupsClosed(page, site.id);
      const featured = page.getByRole('region', { name: 'À la une' });

      // Unset (the catalogue's null): put forward on the home page and first on the news page.
      await page.goto(site.url('/'));
      await expect(featured.getByText('Portes ouvertes du printemps')).toBeVisible();
      await page.goto(site.url('/actualites'));
      await expect(featured.getByText('Portes ouvertes du printemps')).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);

      await owner.write('put', '/admin/parameter', { PROMOTED_NEWS: false });
      await expect(async () => {
        await page.goto(site.url('/'));
        await expect(featured).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await page.goto(site.url('/actualites/page/2'));
      await expect(page.getByRole('region', { name: 'À la une' })).toHaveCount(0);
      await expect(
        page
          .getByRole('region', { name: 'Toutes nos actualités, page 2' })
          .locator('ul[role="list"] > li')
          .last(),
      ).toContainText('Portes ouvertes du printemps');
    } finally {
      await owner.dispose();
    }
  });

  test('SERVICE_PAGE_STYLE lays the services page out in alternating rows', async ({ page }) => {
    test.slow();
    const site = await createOwnSite('prestations', 'BROCHURE');
    const owner = await ownerApi(site);
    try {
      for (const [index, title] of ['Coupe et brushing', 'Couleur végétale'].entries()) {
        await owner.write('post', '/admin/service', {
          title,
          slug: `prestation-${index + 1}`,
          summary: `${title} : une prestation sur rendez-vous, diagnostic compris.`,
          content: `<p>${title}, pensée pour votre cheveu.</p>`,
          imageUrl: '/samples/page-blocks/atelier-clemence.svg',
          priceCents: 4500,
          durationMinutes: 60,
          tags: [],
          isPublished: true,
        });
      }
      await rememberPopupsClosed(page, site.id);
      await page.setViewportSize({ width: 1366, height: 900 });
      const list = page.locator('main ul[data-layout]');
      await page.goto(site.url('/prestation-conseil-en-image'));
      await expect(list).toHaveAttribute('data-layout', 'cards');

      await owner.write('put', '/admin/parameter', { SERVICE_PAGE_STYLE: 'alterné' });
      await expect(async () => {
        await page.goto(site.url('/prestation-conseil-en-image'));
        await expect(list).toHaveAttribute('data-layout', 'alternating', { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      // Wide: the first picture on the left of its text, the second on the right.
      const cards = list.getByRole('listitem');
      const side = async (index: number) => {
        const card = cards.nth(index);
        const picture = await card.locator('img').boundingBox();
        const title = await card.getByRole('heading').boundingBox();
        return picture!.x < title!.x ? 'left' : 'right';
      };
      expect(await side(0)).toBe('left');
      expect(await side(1)).toBe('right');
      await saveScreenshot(page, {
        path: test.info().outputPath('prestations-alternees-desktop.png'),
      });
      await expectNoSeriousAccessibilityViolations(page);
      // A phone: the picture above the text, one service under the other.
      await page.setViewportSize({ width: 390, height: 844 });
      const picture = await cards.first().locator('img').boundingBox();
      const heading = await cards.first().getByRole('heading').boundingBox();
      expect(picture!.y + picture!.height).toBeLessThanOrEqual(heading!.y + 1);
      await saveScreenshot(page, {
        path: test.info().outputPath('prestations-alternees-phone.png'),
      });
      await expectNoSeriousAccessibilityViolations(page);
    } finally {
      await owner.dispose();
    }
  });
});
