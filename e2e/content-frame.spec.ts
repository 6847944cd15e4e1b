import { expect, test, type Page } from '@playwright/test';
import { getElementList } from '@comptoir/contract/element';
import { BANNER_ROTATION_INTERVAL_MS } from '@comptoir/domain/banner-rotation';
import { logSiteVisit } from '@comptoir/contract/site-visit';
import { apiFor } from './support/api';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { rememberPopupsClosed } from './support/welcome-popup';

/**
 * What surrounds every page: the promotional banner, the cookie banner and its analytics, the
 * visit log of `?from=` links, the welcome popup, the connection status and the legal pages.
 */

const GA4_TAG = /^https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-3C0TEAUX92/;

/** Site 92 is served on its own host name, on the e2e storefront's port. */
function wineSite(baseURL: string | undefined, path = '/'): string {
  return `http://vins.localhost:${new URL(baseURL!).port}${path}`;
}

/** The visible text of a stored banner message. */
function textOf(html: string | null): string {
  return (html ?? '').replace(/<[^>]+>/g, '').trim();
}

/**
 * No request may leave the machine: Google's tag is answered locally (and counted), anything
 * else outside localhost is refused.
 */
async function isolateNetwork(page: Page): Promise<string[]> {
  const tagRequests: string[] = [];
  await page.route(
    (url) =>
      url.hostname !== 'localhost' &&
      !url.hostname.endsWith('.localhost') &&
      url.hostname !== '127.0.0.1',
    async (route) => {
      const url = route.request().url();
      if (GA4_TAG.test(url)) {
        tagRequests.push(url);
        await route.fulfill({
          status: 200,
          contentType: 'text/javascript',
          body: 'window.__ga4TagLoaded = true;',
        });
        return;
      }
      await route.abort();
    },
  );
  return tagRequests;
}

/** Fails the test if any page script opens a dialog (alert, confirm, prompt). */
function failOnScriptDialogs(page: Page): void {
  page.on('dialog', async (dialog) => {
    await dialog.dismiss();
    throw new Error(`A script opened a ${dialog.type()} dialog: ${dialog.message()}`);
  });
}

/**
 * Clicks a button of the cookie banner. tarteaucitron wires its buttons a moment after showing
 * them, so a click that comes too early is repeated until the banner closes.
 */
async function chooseInBanner(page: Page, button: 'Tout accepter' | 'Tout refuser'): Promise<void> {
  await expect(async () => {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('button', { name: button })).toBeHidden({ timeout: 1_000 });
  }).toPass();
}

test.describe('promotional banner', () => {
  test('three messages rotate every 6 seconds, and the rotation can be stopped', async ({
    page,
  }) => {
    test.slow();
    const { list } = await apiFor(91).call(getElementList, {
      params: { route: 'bandeau-promotionnel' },
      query: { nbItem: 1000 },
    });
    expect(list).toHaveLength(3);
    const [first, second, third] = list.map((message) => textOf(message.html));

    // The page's clock is the test's: the 6 seconds of a message, or more, pass at once.
    await page.clock.install();
    await page.goto('/qui-sommes-nous');
    const banner = page.getByRole('region', { name: 'Offres du moment' });
    // Only the message on screen is exposed; the others wait, hidden.
    const shown = banner.getByRole('group');
    await expect(shown).toHaveCount(1);
    await expect(shown).toHaveText(first!);
    // Not a moment before its 6 seconds are over.
    await page.clock.fastForward(BANNER_ROTATION_INTERVAL_MS - 1_000);
    await expect(shown).toHaveText(first!);
    await page.clock.fastForward(1_000);
    await expect(shown).toHaveText(second!);
    await expect(banner.getByText(third!)).toBeHidden();

    await banner.getByRole('button', { name: 'Arrêter le défilement des offres' }).click();
    await page.mouse.move(0, 600);
    await page.clock.fastForward(BANNER_ROTATION_INTERVAL_MS + 1_000);
    await expect(shown).toHaveText(second!);
    await banner.getByRole('button', { name: 'Reprendre le défilement des offres' }).click();
    await page.mouse.move(0, 600);
    await page.clock.fastForward(BANNER_ROTATION_INTERVAL_MS);
    await expect(shown).toHaveText(third!);
  });

  test('two messages stay still, both in view (site 92)', async ({ page, baseURL }) => {
    const { list } = await apiFor(92).call(getElementList, {
      params: { route: 'bandeau-promotionnel' },
    });
    expect(list).toHaveLength(2);
    await page.clock.install();
    await page.goto(wineSite(baseURL, '/le-domaine'));
    const banner = page.getByRole('region', { name: 'Offres du moment' });
    for (const message of list) await expect(banner.getByText(textOf(message.html))).toBeVisible();
    await expect(banner.getByRole('button')).toHaveCount(0);
    await page.clock.fastForward(BANNER_ROTATION_INTERVAL_MS + 500);
    for (const message of list) await expect(banner.getByText(textOf(message.html))).toBeVisible();
  });
});

test.describe('cookie consent (site 92, with a GA4 measurement id)', () => {
  test('accepting every service loads the GA4 tag, never before', async ({ page, baseURL }) => {
    const tagRequests = await isolateNetwork(page);
    await page.goto(wineSite(baseURL, '/le-domaine'));
    const accept = page.getByRole('button', { name: 'Tout accepter' });
    await expect(accept).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tout refuser' })).toBeVisible();
    await expect(
      page.getByText('Ce site utilise des cookies et vous donne le contrôle'),
    ).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(tagRequests).toEqual([]);

    await chooseInBanner(page, 'Tout accepter');
    await expect.poll(() => tagRequests.length).toBe(1);
    await expect.poll(() => page.evaluate(() => 'gtag' in window)).toBe(true);
    await expect(accept).toBeHidden();

    // The choice is remembered: the tag loads at once on the next page, without asking.
    await page.reload();
    await expect.poll(() => tagRequests.length).toBe(2);
    await expect(page.getByRole('button', { name: 'Tout accepter' })).toBeHidden();
  });

  test('refusing every service loads no tag, now or on the next visit', async ({
    page,
    baseURL,
  }) => {
    const tagRequests = await isolateNetwork(page);
    await page.goto(wineSite(baseURL, '/le-domaine'));
    await chooseInBanner(page, 'Tout refuser');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1_500);
    expect(tagRequests).toEqual([]);
    await expect(page.getByRole('button', { name: 'Tout accepter' })).toBeHidden();
  });

  test('the cookie banner has no serious accessibility violation', async ({ page, baseURL }) => {
    test.slow();
    await isolateNetwork(page);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(wineSite(baseURL, '/le-domaine'));
      await expect(page.getByRole('button', { name: 'Tout accepter' })).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
    }
  });

  test('the footer link reopens the cookie choices', async ({ page, baseURL }) => {
    await isolateNetwork(page);
    await page.goto(wineSite(baseURL, '/le-domaine'));
    await chooseInBanner(page, 'Tout refuser');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Gestion des cookies' }).click();
    const panel = page.getByRole('dialog', { name: 'Panneau de gestion des cookies' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Google Analytics (GA4)')).toBeVisible();
  });

  test('a site without analytics shows no cookie banner and loads no tracker', async ({ page }) => {
    const tagRequests = await isolateNetwork(page);
    await page.goto('/qui-sommes-nous');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(page.getByRole('button', { name: 'Tout accepter' })).toBeHidden();
    expect(tagRequests).toEqual([]);
  });
});

test.describe('visit source', () => {
  test('a landing with ?from= is logged once and the address loses its query string', async ({
    page,
  }) => {
    const source = `e2e-flyer-${Date.now()}`;
    const logged = page.waitForResponse((response) =>
      response.url().includes(`/api/site/visit/${source}`),
    );
    await page.goto(`/qui-sommes-nous?from=${source}&utm_medium=print#equipe`);
    expect((await logged).status()).toBe(200);
    await expect(page).toHaveURL(/\/qui-sommes-nous#equipe$/);

    // Checked through the API: this call is the source's second visit, the page's was the first.
    const visit = await apiFor(91).call(logSiteVisit, { params: { from: source } });
    expect(visit).toEqual({ source, visits: 2 });

    // Following links afterwards logs nothing more.
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Le salon' })
      .click();
    await expect(page).toHaveURL(/\/salon-coiffure-saint-malo-du-bois$/);
    expect((await apiFor(91).call(logSiteVisit, { params: { from: source } })).visits).toBe(3);
  });
});

test.describe('welcome popup (site 91 home page)', () => {
  const popupName = "Bienvenue à L'Atelier de Clémence";

  test('opens on the home page, closes with Escape and stays closed after a reload', async ({
    page,
  }) => {
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: popupName });
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Fermer' })).toBeFocused();
    await expect(popup.getByRole('link', { name: 'Prendre rendez-vous' })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);

    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('dialog', { name: popupName })).toBeHidden();
  });

  test('closes on a click on its dark backdrop, without leaving the focus behind', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: popupName });
    await expect(popup).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    const backdrop = await page.evaluate(() => {
      const dialog = document.querySelector('dialog[open]');
      return dialog ? getComputedStyle(dialog, '::backdrop').backgroundColor : null;
    });
    expect(backdrop).toBe('rgba(0, 0, 0, 0.44)');
    await page.mouse.click(10, 10);
    await expect(popup).toBeHidden();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') ?? null)).toBeNull();
  });

  test('stays closed for the 7 days the site chose after the visitor closed it', async ({
    browser,
  }) => {
    const day = 24 * 60 * 60 * 1000;
    for (const [daysAgo, opens] of [
      [6, false],
      [8, true],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await rememberPopupsClosed(page, 91, Date.now() - daysAgo * day);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (opens) await expect(page.getByRole('dialog', { name: popupName })).toBeVisible();
      else {
        await page.waitForTimeout(1_000);
        await expect(page.getByRole('dialog', { name: popupName })).toBeHidden();
      }
      await context.close();
    }
  });

  test('does not open on pages without a popup', async ({ page }) => {
    await page.goto('/qui-sommes-nous');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('loading bar', () => {
  test('a slow navigation shows the loading bar until the new page is on screen', async ({
    page,
  }) => {
    // The server takes its time to answer the router's requests for other pages, prefetches
    // included, so that no page can be shown from the router's cache at once.
    await page.route('**/*', async (route) => {
      const request = route.request();
      if (request.headers()['rsc'] || request.url().includes('_rsc=')) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      await route.continue();
    });
    await page.goto('/qui-sommes-nous');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Qui sommes-nous ?');
    const bar = page.getByRole('progressbar', { name: 'Chargement de la page' });
    await expect(bar).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Le salon' })
      .click();
    await expect(bar).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Salon de coiffure à Saint-Malo-du-Bois',
      { timeout: 10_000 },
    );
    await expect(bar).toBeHidden();
  });
});

test.describe('connection status', () => {
  test('tells the visitor when the connection drops and when it comes back', async ({
    page,
    context,
  }) => {
    await page.goto('/qui-sommes-nous');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    await expect(
      page.getByRole('status').filter({ hasText: 'Vous êtes hors ligne' }),
    ).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'Connexion rétablie.' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Connexion rétablie.' })).toBeHidden({
      timeout: 8_000,
    });
  });
});

test.describe('legal pages', () => {
  const legalPaths = [
    '/legal-notice',
    '/use-terms',
    '/privacy-policy',
    '/cookie-policy',
    '/sale-terms',
  ];

  test('show the company details and no raw placeholder', async ({ page }) => {
    failOnScriptDialogs(page);
    const parameters = await apiFor(91).getParameters();
    const value = (type: string) => parameters.find((parameter) => parameter.type === type)?.value;
    const legalName = value('LEGAL_COMPANY_NAME') as string;
    for (const path of legalPaths) {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      const text = await main.innerText();
      expect(text, path).toMatch(new RegExp(`${value('COMPANY_NAME')}|${legalName}`));
      expect(text, path).not.toMatch(/\{\{|\}\}|%[A-Z_]{3,}%/);
      await expect(main.locator('script')).toHaveCount(0);
    }

    await page.goto('/legal-notice');
    const notice = page.getByRole('main');
    await expect(notice).toContainText(`Dénomination : ${legalName}`);
    await expect(notice).toContainText(`SIRET : ${value('SIRET_NUMBER')}`);
    // The sole trader has no share capital: the line is left out rather than left empty.
    await expect(notice).not.toContainText('Capital social');

    await page.goto('/privacy-policy');
    await expect(
      page.getByRole('main').getByRole('link', { name: "conditions générales d'utilisation" }),
    ).toHaveAttribute('href', '/use-terms');
    await page.goto('/sale-terms');
    await expect(page.getByRole('main')).toContainText(
      "ne vend pas en ligne : ce site n'a donc pas de conditions générales de vente",
    );
  });

  test('give the wine shop its terms of sale', async ({ page, baseURL }) => {
    await isolateNetwork(page);
    await page.goto(wineSite(baseURL, '/sale-terms'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(
      'Conditions générales de vente',
    );
    await expect(main).toContainText('Droit de rétractation');
    await expect(main).toContainText('SCEA Domaine des Trois Coteaux');
    expect(await main.innerText()).not.toMatch(/\{\{|\}\}/);
  });

  test('run no injected script, there or in the banner', async ({ page }) => {
    failOnScriptDialogs(page);
    for (const path of ['/qui-sommes-nous', ...legalPaths]) {
      await page.goto(path);
      await expect(
        page
          .getByRole('region', { name: 'Offres du moment' })
          .locator('script, iframe, object, embed'),
      ).toHaveCount(0);
      await expect(
        page
          .getByRole('main')
          .locator('script, iframe, object, embed, [onerror], [onload], [onclick]'),
      ).toHaveCount(0);
      const javascriptLinks = await page.locator('a[href^="javascript:" i]').count();
      expect(javascriptLinks, path).toBe(0);
    }
  });

  test('have no serious accessibility violation', async ({ page }) => {
    test.slow();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of legalPaths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousAccessibilityViolations(page);
      }
    }
  });
});
