import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PageBlock } from '@comptoir/contract/page-blocks';
import { apiFor } from './support/api';
import { openUntilShown } from './support/revalidated-page';
import { mailsTo } from './support/mail';
import { createOwnSite, dataOf, loginOnOwnSite, ownerApi } from './support/own-site';
import { rememberPopupsClosed } from './support/welcome-popup';

/**
 * Stored XSS: an administrator (or whoever steals their session) saves script payloads in every
 * place the storefront shows HTML from the database — a page's rich text, a legal text, the HTML
 * loaded after the body and a promotional banner message — and a visitor sends them in a form
 * answer; none of them may run for the visitors who then open the pages, nor in the site's mail.
 * The payloads the administrator saves change what every page of a site shows (the banner, the HTML
 * after the body): they go to a brochure site of the journey's own (support/own-site.ts), which the
 * journeys reading site 91 meanwhile never see. The visitor's form answer is sent on site 91, whose
 * form it needs; an answer changes nothing the other journeys read.
 */

/** Each payload sets window.__xss or opens a dialog if it runs. */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"></svg>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<img src=x onerror="alert(\'xss\')">',
  '<p onclick="window.__xss=1" style="background:url(javascript:window.__xss=1)">paragraphe piégé</p>',
];

/** A payload bundle with a visible marker (proof the text was rendered) and a link to click. */
function payloadHtml(marker: string): string {
  return `<p>${marker}</p>${PAYLOADS.join('')}<p><a href="javascript:window.__xss=1">lien ${marker}</a></p>`;
}

/** Inline version for the banner, which keeps inline formatting only. */
function inlinePayload(marker: string): string {
  return `<strong>${marker}</strong> ${PAYLOADS.join('')} <a href="javascript:window.__xss=1">lien ${marker}</a>`;
}

/** Where site 91's form answers are mailed (COMPANY_EMAIL). */
const COMPANY_EMAIL = 'contact@atelier-clemence.fr';
const APPOINTMENT_SENT = /Votre demande de rendez-vous est bien arrivée/;

async function writeAsAdmin(
  api: APIRequestContext,
  method: 'put' | 'post' | 'delete',
  path: string,
  data?: unknown,
) {
  return dataOf<{ id: number }>(api[method](path, data === undefined ? {} : { data }));
}

async function parameterValue(siteId: number, type: string): Promise<string | null> {
  const [parameter] = await apiFor(siteId).getParameters({ type });
  return typeof parameter?.value === 'string' ? parameter.value : null;
}

/**
 * Nothing from the payloads ran or survived: no flag, no dialog, no element carrying a payload
 * in an attribute (event handler, javascript: address), no script of the payload. Next's own
 * flight-data scripts are left out: they carry text, not code from the page's content.
 */
async function expectNothingRan(page: Page, dialogs: string[]): Promise<void> {
  // 'load' waits for every image, failed ones included: an onerror or onload payload has fired.
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const leftovers = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        const value = attribute.value.toLowerCase();
        if (value.includes('__xss') || value.includes("alert('xss')")) {
          found.push(`<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value}">`);
        }
      }
    }
    for (const script of Array.from(document.querySelectorAll('script'))) {
      const code = script.textContent ?? '';
      if (code.includes('__xss') && !code.includes('self.__next_f')) found.push(`<script>${code}`);
    }
    return found;
  });
  expect(leftovers).toEqual([]);
}

test('script payloads saved in the back office never run on the storefront', async ({ page }) => {
  test.slow();
  const run = randomBytes(3).toString('hex');
  const markers = {
    richText: `Contenu d'essai ${run}`,
    legal: `Clause d'essai ${run}`,
    afterBody: `Pied d'essai ${run}`,
    banner: `Offre d'essai ${run}`,
  };
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  const site = await createOwnSite('xss');
  await loginOnOwnSite(page, site);
  const api = await ownerApi(site);

  // The page's own blocks are kept, the payload block is added.
  const tree = await apiFor(site.id).getPageTree();
  const target = tree.find((entry) => entry.url === '/conseil-en-image')!;
  const originalBlocks: PageBlock[] = (await apiFor(site.id).getPage(target.id)).blocks;
  const originalUseTerms = await parameterValue(site.id, 'USE_TERMS');

  try {
    await test.step('a banner message with payloads shows its text, and nothing runs', async () => {
      // The page is in the storefront's cache before the write: seeing the new message proves
      // the API told the storefront to revalidate.
      await page.goto(site.url('/conseil-en-image'));
      const created = await writeAsAdmin(api, 'post', '/admin/element/bandeau-promotionnel', {
        title: `Essai de sécurité ${run}`,
        html: inlinePayload(markers.banner),
        backgroundColor: '#2f4858',
        position: 0,
      });
      const banner = page.getByRole('region', { name: 'Offres du moment' });
      await openUntilShown(page, site.url('/conseil-en-image'), () =>
        banner.getByText(markers.banner, { exact: true }),
      );
      await banner.getByText(`lien ${markers.banner}`).click();
      await expectNothingRan(page, dialogs);
      // Removed, and gone from the page before the next write: the page is then fresh in the
      // storefront's cache, so that the next step's revalidation alone refreshes it (a render
      // started before a revalidation arrives may be kept with the data it read before it).
      await writeAsAdmin(api, 'delete', `/admin/element/bandeau-promotionnel/${created.id}`);
      await expect
        .poll(
          async () => {
            await page.goto(site.url('/conseil-en-image'));
            return page.getByText(markers.banner).count();
          },
          { timeout: 15_000 },
        )
        .toBe(0);
    });

    await test.step('a rich-text block with payloads shows its text, and nothing runs', async () => {
      await writeAsAdmin(api, 'put', `/admin/page/${target.id}/blocks`, {
        blocks: [
          ...originalBlocks,
          { type: 'richText', title: 'Essai de sécurité', html: payloadHtml(markers.richText) },
        ],
      });
      const main = page.getByRole('main');
      await openUntilShown(page, site.url('/conseil-en-image'), () =>
        main.getByText(markers.richText, { exact: true }),
      );
      await expect(main.getByText('paragraphe piégé')).toBeVisible();
      await main.getByText(`lien ${markers.richText}`).click();
      await expect(page).toHaveURL(/\/conseil-en-image$/);
      await expectNothingRan(page, dialogs);
    });

    await test.step('a legal text with payloads shows its text, and nothing runs', async () => {
      await writeAsAdmin(api, 'put', '/admin/parameter/USE_TERMS', {
        value: `${originalUseTerms ?? ''}${payloadHtml(markers.legal)}`,
      });
      const main = page.getByRole('main');
      await openUntilShown(page, site.url('/use-terms'), () =>
        main.getByText(markers.legal, { exact: true }),
      );
      await main.getByText(`lien ${markers.legal}`).click();
      await expect(page).toHaveURL(/\/use-terms$/);
      await expectNothingRan(page, dialogs);
    });

    await test.step('HTML to load after the body with payloads runs nothing', async () => {
      const paths = ['/conseil-en-image', '/use-terms', '/'];
      // Each page rendered since the legal text's revalidation (seen above): none is left to
      // render with the parameters read before the next one.
      for (const path of paths) await page.goto(site.url(path));
      await writeAsAdmin(api, 'put', '/admin/parameter/AFTER_BODY_HTML_TO_LOAD', {
        value: payloadHtml(markers.afterBody),
      });
      for (const path of paths) {
        // The sanitized HTML is there (proof the storefront refreshed and renders it).
        await openUntilShown(page, site.url(path), () =>
          page.getByText(markers.afterBody, { exact: true }),
        );
        // …and its link, once clicked, runs nothing.
        await page.getByText(`lien ${markers.afterBody}`).click();
        await expectNothingRan(page, dialogs);
      }
    });
  } finally {
    await api.dispose();
  }
});

test('a form answer with payloads runs nothing, on the page or in the mail', async ({ page }) => {
  test.slow();
  const run = randomBytes(3).toString('hex');
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  await rememberPopupsClosed(page);
  const email = `xss.${run}@example.fr`;
  await page.goto('/conseil-en-image/pour-les-particuliers');
  const form = page.getByRole('form', { name: /rendez-vous/i });
  await form.getByLabel('Prénom').fill('<script>window.__xss=1</script>Léa');
  await form.getByLabel('Nom', { exact: true }).fill('<img src=x onerror="window.__xss=1">');
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Téléphone').fill('06 12 34 56 78');
  await form.getByLabel('Prestation souhaitée').selectOption({ index: 1 });
  await form.getByLabel('Votre message').fill(payloadHtml(`Réponse d'essai ${run}`));
  await form.getByLabel(/J’accepte que mes informations soient utilisées/).check();
  await form.getByRole('button', { name: 'Demander un rendez-vous' }).click();
  await expect(page.getByRole('status').filter({ hasText: APPOINTMENT_SENT })).toBeVisible();
  await expectNothingRan(page, dialogs);

  // The site's mail shows the answer as text: every payload arrives escaped.
  let html = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(COMPANY_EMAIL)).find((sent) => sent.text.includes(email));
        html = mail?.html ?? '';
        return html !== '';
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(html).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;Léa');
  expect(html).not.toMatch(/<script|<img|<svg|<iframe|href="javascript:/i);
});
