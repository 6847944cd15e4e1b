import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createOwnSite, loginOnOwnSite, type OwnSite } from './support/own-site';
import { saveScreenshot } from './support/screenshots';

/*
 * The settings of « Thème et paramètres » that change the footer, the contact page and how a page
 * behaves (decision 0101): the fax and the « Site réalisé par » credit, phones shown to phones only,
 * secondary addresses, text and right-click locks and the blocks' scroll animation. Each is
 * switched on, seen on the storefront at a computer's and a phone's width, then switched off and
 * seen gone. On a site of the journey's own (support/own-site.ts): the seeded sites' settings are
 * read by other journeys meanwhile.
 */

const ON = {
  COMPANY_PHONE: '02 41 78 33 12',
  COMPANY_FAX: '02 41 78 33 13',
  MOBILE_ONLY_PHONE: true,
  CREATED_BY_MESSAGE: 'Site réalisé par Comptoir',
  CREATED_BY_BACKLINK: 'https://comptoir.example/',
  SECONDARY_ADDRESSES: true,
  LOCK_TEXT_SELECTION: true,
  LOCK_RIGHT_CLICK: true,
  REPEAT_ANIMATION: true,
  HIDE_CONTACT_PAGE: false,
};
const OFF = {
  COMPANY_FAX: null,
  MOBILE_ONLY_PHONE: false,
  CREATED_BY_MESSAGE: null,
  CREATED_BY_BACKLINK: null,
  SECONDARY_ADDRESSES: false,
  LOCK_TEXT_SELECTION: false,
  LOCK_RIGHT_CLICK: false,
  REPEAT_ANIMATION: false,
};

const FIRST_ADDRESS = 'Boutique de la rue Lenepveu';
const SECOND_ADDRESS = 'Caveau de la place du Ralliement';

/** An admin call from the owner's page on the site (same origin, the session cookie rides along). */
async function ownerApi(
  page: Page,
  site: OwnSite,
  method: 'PUT' | 'POST',
  path: string,
  body: unknown,
) {
  const status = await page.evaluate(
    async ({ siteId, method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: { siteId, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { siteId: String(site.id), method, path, body },
  );
  expect(status, `${method} ${path}`).toBeLessThan(300);
}

/** The footer once the storefront shows the saved settings (it is told to refresh them). */
async function footerOnceSaved(page: Page, site: OwnSite, shows: boolean) {
  const credit = page
    .getByRole('contentinfo')
    .getByRole('link', { name: /Site réalisé par Comptoir/ });
  await expect(async () => {
    await page.goto(site.url('/'));
    await expect(credit).toHaveCount(shows ? 1 : 0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return page.getByRole('contentinfo');
}

/** Whether the page's context menu was stopped when right-clicking the element. */
function contextMenuBlocked(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((target) => {
    const element = document.querySelector(target)!;
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    return !element.dispatchEvent(event);
  }, selector);
}

test.describe('settings that change the footer, the contact page and the page behaviour', () => {
  test('each one shows on the storefront when on and is gone when off', async ({ browser }) => {
    test.slow();
    const site = await createOwnSite('reglages');
    const desktop = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await desktop.newPage();
    await loginOnOwnSite(page, site);
    // A site made from a template has no address yet: the first one is its main address.
    await ownerApi(page, site, 'POST', '/admin/pickup', {
      label: FIRST_ADDRESS,
      addressLine1: '18 rue Lenepveu',
      postalCode: '49100',
      city: 'Angers',
      countryId: 250,
      slotMinutes: 30,
      slotCapacity: 4,
    });
    await ownerApi(page, site, 'POST', '/admin/pickup', {
      label: SECOND_ADDRESS,
      addressLine1: '3 place du Ralliement',
      postalCode: '49100',
      city: 'Angers',
      countryId: 250,
      slotMinutes: 30,
      slotCapacity: 4,
    });
    await ownerApi(page, site, 'PUT', '/admin/parameter', ON);

    // A computer: the fax and the credit show; the phone, kept to phones, does not.
    const footer = await footerOnceSaved(page, site, true);
    await expect(footer.getByText('Fax : 02 41 78 33 13')).toBeVisible();
    await expect(footer.getByRole('link', { name: '02 41 78 33 12' })).toBeHidden();
    await expect(footer.getByRole('link', { name: /Site réalisé par Comptoir/ })).toHaveAttribute(
      'href',
      'https://comptoir.example/',
    );
    // The locks: no text selection outside form fields, no context menu on the page.
    expect(await page.evaluate(() => getComputedStyle(document.body).userSelect)).toBe('none');
    expect(await contextMenuBlocked(page, 'main')).toBe(true);
    // The blocks glide in on a scroll timeline.
    const animated = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-block-type], [data-reveal]')).map(
        (block) => getComputedStyle(block).animationName,
      ),
    );
    expect(animated.length).toBeGreaterThan(0);
    expect(animated.every((name) => name === 'block-enter')).toBe(true);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, {
      path: test.info().outputPath('settings-on-1366.png'),
      fullPage: true,
    });

    // The contact page lists the second address after the main one; its form still types.
    await page.goto(site.url('/nous-contacter'));
    await expect(page.getByText(FIRST_ADDRESS)).toBeVisible();
    await expect(page.getByText(SECOND_ADDRESS)).toBeVisible();
    const message = page.getByRole('textbox', { name: 'Votre message' });
    expect(await message.evaluate((field) => getComputedStyle(field).userSelect)).not.toBe('none');
    expect(await contextMenuBlocked(page, 'textarea')).toBe(false);

    // A phone: the number shows, and dials.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const mobilePage = await phone.newPage();
    await mobilePage.goto(site.url('/'));
    await expect(
      mobilePage.getByRole('contentinfo').getByRole('link', { name: '02 41 78 33 12' }),
    ).toHaveAttribute('href', 'tel:0241783312');
    await expectNoSeriousAccessibilityViolations(mobilePage);
    await saveScreenshot(mobilePage, { path: test.info().outputPath('settings-on-390.png') });

    // Off again: every effect is gone.
    await ownerApi(page, site, 'PUT', '/admin/parameter', OFF);
    const plain = await footerOnceSaved(page, site, false);
    await expect(plain.getByText(/Fax/)).toHaveCount(0);
    await expect(plain.getByRole('link', { name: '02 41 78 33 12' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).userSelect)).not.toBe('none');
    expect(await contextMenuBlocked(page, 'main')).toBe(false);
    const still = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-block-type], [data-reveal]')).map(
        (block) => getComputedStyle(block).animationName,
      ),
    );
    expect(still.every((name) => name === 'none')).toBe(true);
    await page.goto(site.url('/nous-contacter'));
    await expect(page.getByRole('heading', { level: 2, name: 'Coordonnées' })).toBeVisible();
    await expect(page.getByText(FIRST_ADDRESS)).toBeVisible();
    await expect(page.getByText(SECOND_ADDRESS)).toHaveCount(0);

    await phone.close();
    await desktop.close();
  });

  test('the theme screen says what each of these settings changes', async ({ page }) => {
    test.slow();
    const site = await createOwnSite('reglages-ecran');
    await loginOnOwnSite(page, site);
    await page.goto(site.url('/admin/theme'));
    const lock = page.getByRole('checkbox', { name: 'Bloquer le clic droit' });
    await expect(lock).toHaveAccessibleDescription(/n’ouvre plus le menu du navigateur/);
    const fax = page.getByRole('textbox', { name: "Fax de l'entreprise" });
    await expect(fax).toHaveAccessibleDescription(/sans lien d’appel/);
    await expectNoSeriousAccessibilityViolations(page);
  });
});
