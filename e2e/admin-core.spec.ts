import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import {
  SITE_91_ADMIN,
  loginThroughApi,
  loginThroughPage,
  newCustomer,
  registerThroughPage,
} from './support/accounts';
import { waitForMail } from './support/mail';
import { saveScreenshot } from './support/screenshots';

/*
 * The back office's frame and its first screens, as the owner of site 91 uses them (issue 11):
 * the dashboard, the journal, the contact messages inbox with an answer by mail, a form's
 * answers and their CSV export; and who may not enter. On a desktop and on a phone.
 */

const APPOINTMENT_FORM = 'Demande de rendez-vous conseil en image';

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

/** Opens a screen of the back office through its navigation (the menu button on a phone). */
async function openScreen(page: Page, label: string, phone: boolean) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (phone) {
    await expect(menu).toBeVisible();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  } else {
    await expect(menu).toBeHidden();
  }
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

/** The form's id, as the storefront's API gives it to visitors (through the page tree's blocks). */
async function appointmentFormId(page: Page): Promise<number> {
  const response = await page.request.get('/api/admin/form', { headers: { siteId: '91' } });
  const forms = (await response.json()).data as Array<{ id: number; title: string }>;
  return forms.find((form) => form.title === APPOINTMENT_FORM)!.id;
}

for (const { name, viewport, ...device } of VIEWPORTS) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport, ...device });
    const phone = name === 'phone';

    test('the owner reads the dashboard and the journal, answers a message, exports a form', async ({
      page,
      browser,
    }) => {
      // Five screens, a mail and two downloads, on a machine shared with other runs.
      test.setTimeout(90_000);
      const marker = `${name}-${Date.now()}`;
      const visitorEmail = `visiteur.${marker}@example.fr`;

      await test.step('a visitor writes from the contact page and answers the appointment form', async () => {
        const visitor = await browser.newContext();
        const response = await visitor.request.post('/api/message', {
          headers: { siteId: '91' },
          data: {
            firstname: 'Inès',
            lastname: `Visiteuse ${marker}`,
            email: visitorEmail,
            subject: `Question ${marker}`,
            message: 'Bonjour, proposez-vous des bilans le samedi matin ? Merci beaucoup.',
            consent: true,
          },
        });
        expect(response.status()).toBe(200);
        await visitor.close();
      });

      await test.step('nobody logged in is sent to the login page, then back to the back office', async () => {
        const response = await page.goto('/admin/journal');
        expect(response?.status()).toBe(200);
        await expect(page).toHaveURL(/\/auth\?next=%2Fadmin%2Fjournal$/);
        await loginThroughPage(page, SITE_91_ADMIN, '/admin');
        await expect(page).toHaveURL(/\/admin$/);
      });

      await test.step('the dashboard shows the unread messages, the form answers and the recent changes', async () => {
        await expect(
          page.getByRole('heading', { level: 1, name: 'Tableau de bord' }),
        ).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Messages non lus' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Réponses aux formulaires' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Dernières modifications' })).toBeVisible();
        await expect(
          page.getByRole('link', { name: new RegExp(`Question ${marker}`) }),
        ).toBeVisible();
        expect(await page.locator('meta[name="robots"]').first().getAttribute('content')).toContain(
          'noindex',
        );
        await saveScreenshot(page, {
          path: `test-results/admin-core-dashboard-${name}.png`,
          fullPage: true,
        });
        await expectNoSeriousAccessibilityViolations(page);
      });

      await test.step('the owner opens the message, answers it by mail; the visitor receives it', async () => {
        await openScreen(page, 'Messages', phone);
        await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
        await expectNoSeriousAccessibilityViolations(page);
        await page.getByRole('link', { name: new RegExp(`Question ${marker}`) }).click();
        await expect(
          page.getByRole('heading', { level: 1, name: /Message de Inès/ }),
        ).toBeVisible();
        await expect(
          page.getByRole('article').getByText('proposez-vous des bilans le samedi matin'),
        ).toBeVisible();
        const reply = page.getByRole('form', { name: 'Répondre par e-mail' });
        await reply.getByRole('button', { name: 'Envoyer la réponse' }).click();
        await expect(reply.getByLabel('Votre réponse')).toHaveAccessibleDescription(
          'La réponse est obligatoire.',
        );
        await reply
          .getByLabel('Votre réponse')
          .fill(`Bonjour Inès,\nOui, le samedi de 9 h à 12 h. ${marker}`);
        await reply.getByRole('button', { name: 'Envoyer la réponse' }).click();
        await expect(page.getByText('Votre réponse est envoyée.')).toBeVisible();
        await expect(page.getByText('Répondu le')).toBeVisible();
        await saveScreenshot(page, {
          path: `test-results/admin-core-message-${name}.png`,
          fullPage: true,
        });
        await expectNoSeriousAccessibilityViolations(page);
        const mail = await waitForMail(visitorEmail, new RegExp(`Re : Question ${marker}`));
        expect(mail.text).toContain(`Oui, le samedi de 9 h à 12 h. ${marker}`);
        expect(mail.text).toContain('> Bonjour, proposez-vous des bilans le samedi matin ?');
      });

      await test.step('the journal tells who read and answered the message, with before and after', async () => {
        await openScreen(page, 'Journal', phone);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Journal des modifications' }),
        ).toBeVisible();
        await page.getByLabel("Type d'élément").selectOption({ label: 'Messages' });
        await page.getByRole('button', { name: 'Filtrer' }).click();
        await expect(page).toHaveURL(/type=contact-message/);
        const entry = page
          .getByRole('listitem')
          .filter({ hasText: `Réponse envoyée à Inès Visiteuse ${marker}` });
        await expect(entry).toBeVisible();
        await expect(entry).toContainText(SITE_91_ADMIN.email);
        await entry.getByText(/Voir les modifications/).click();
        await expect(
          entry.getByRole('cell', { name: /Oui, le samedi de 9 h à 12 h/ }),
        ).toBeVisible();
        await saveScreenshot(page, {
          path: `test-results/admin-core-journal-${name}.png`,
          fullPage: true,
        });
        await expectNoSeriousAccessibilityViolations(page);
      });

      await test.step("a visitor's form answer is listed with its file, and its CSV downloads", async () => {
        const formId = await appointmentFormId(page);
        const visitor = await browser.newContext();
        const answer = await visitor.request.post(`/api/forms/${formId}/submit`, {
          headers: { siteId: '91' },
          multipart: {
            firstname: 'Jeanne',
            lastname: `Réponse ${marker}`,
            email: `jeanne.${marker}@example.fr`,
            phone: '06 12 34 56 78',
            service: 'colorimetrie',
            consent: 'true',
            photo: {
              name: 'visage.png',
              mimeType: 'image/png',
              buffer: Buffer.from(
                'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
                'base64',
              ),
            },
          },
        });
        expect(answer.status(), await answer.text()).toBe(200);
        await visitor.close();

        await openScreen(page, 'Formulaires', phone);
        await expect(page.getByRole('heading', { level: 1, name: 'Formulaires' })).toBeVisible();
        await expectNoSeriousAccessibilityViolations(page);
        await page
          .getByRole('link', { name: `Réponses au formulaire « ${APPOINTMENT_FORM} »` })
          .click();
        await expect(page.getByRole('heading', { level: 1, name: APPOINTMENT_FORM })).toBeVisible();
        const card = page.getByRole('listitem').filter({ hasText: `Réponse ${marker}` });
        await expect(card).toContainText('Bilan colorimétrique (1 h 30)');
        const file = card.getByRole('link', { name: /visage\.png/ });
        const fileResponse = await page.request.get((await file.getAttribute('href'))!);
        expect(fileResponse.headers()['content-type']).toBe('image/png');
        expect(fileResponse.headers()['content-disposition']).toContain('visage.png');

        const download = page.waitForEvent('download');
        await page.getByRole('link', { name: /Télécharger les réponses/ }).click();
        const csv = await download;
        expect(csv.suggestedFilename()).toMatch(/^reponses-demande-de-rendez-vous.*\.csv$/);
        const bytes = await import('node:fs/promises').then(async (fs) =>
          fs.readFile((await csv.path())!),
        );
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const text = bytes.toString('utf8');
        expect(text).toContain('"Date";"Prénom";"Nom"');
        expect(text).toContain(`"Jeanne";"Réponse ${marker}"`);
        await saveScreenshot(page, {
          path: `test-results/admin-core-forms-${name}.png`,
          fullPage: true,
        });
        await expectNoSeriousAccessibilityViolations(page);
      });
    });

    test('a customer gets the 403 page with an HTTP 403, and the API refuses them too', async ({
      page,
    }) => {
      const customer = newCustomer('Camille', 'Cliente');
      await registerThroughPage(page, customer);
      // A screen's address answers the same 403 as the dashboard's.
      expect((await page.goto('/admin/journal'))?.status()).toBe(403);
      expect((await page.goto('/admin'))?.status()).toBe(403);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Accès réservé aux administrateurs du site' }),
      ).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
      await expectNoSeriousAccessibilityViolations(page);
      const api = await page.request.get('/api/admin/audit', { headers: { siteId: '91' } });
      expect(api.status()).toBe(403);
    });

    test("a path naming another site's back office stays in this site's one (404)", async ({
      page,
    }) => {
      await loginThroughApi(page, SITE_91_ADMIN);
      await page.goto('/admin/92/journal');
      await expect(
        page.getByRole('heading', { name: "Cette page de l'administration n'existe pas" }),
      ).toBeVisible();
      await expect(page.getByText('Journal des modifications')).toHaveCount(0);
    });
  });
}
