import { expect, test } from '@playwright/test';
import {
  NEWSLETTER_CONFIRMED_MESSAGE,
  NEWSLETTER_LINK_INVALID_MESSAGE,
  NEWSLETTER_SUBSCRIBED_MESSAGE,
  NEWSLETTER_UNSUBSCRIBED_MESSAGE,
} from '@comptoir/contract/newsletter';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { linkPath, waitForMail } from './support/mail';
import { rememberPopupsClosed } from './support/welcome-popup';

/**
 * Double opt-in: the sign-up of the home page mails a confirmation link; the address joins the
 * lists only once the link is opened, and every newsletter mail lets it leave in one click.
 */
test('a visitor confirms a newsletter subscription from the mail, then leaves from its link', async ({
  page,
  request,
}) => {
  const email = `lettre-confirmee-${Date.now()}@example.org`;
  await rememberPopupsClosed(page);
  await page.goto('/');
  const newsletter = page.getByRole('main').getByRole('region', { name: "La lettre de l'Atelier" });
  await newsletter.getByLabel('Adresse e-mail').fill(email);
  await newsletter.getByRole('button', { name: "Je m'inscris" }).click();
  await expect(newsletter.getByRole('status')).toHaveText(NEWSLETTER_SUBSCRIBED_MESSAGE);

  const mail = await waitForMail(email, /^Confirmez votre inscription/);
  expect(mail.listUnsubscribe).toMatch(/^<https?:\/\/\S+\/api\/newsletter\/unsubscribe\/[\w-]+>$/);
  expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');

  await test.step('the confirmation link confirms when it is opened, in French', async () => {
    await page.goto(linkPath(mail, '/lettre-d-information/confirmation/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Confirmation d'inscription");
    await expect(page.getByText(NEWSLETTER_CONFIRMED_MESSAGE)).toBeVisible();
    await expect(page.getByText('« Actualités du salon », « Conseils beauté »')).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
  });

  await test.step('the unsubscribe link of the mail opens a page that unsubscribes with one button', async () => {
    await page.goto(linkPath(mail, '/lettre-d-information/desinscription/'));
    await page.getByRole('button', { name: 'Me désinscrire' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      NEWSLETTER_UNSUBSCRIBED_MESSAGE,
    );
    await expectNoSeriousAccessibilityViolations(page);
  });

  await test.step('the one-click List-Unsubscribe POST works through the storefront, without a site header', async () => {
    const target = new URL(mail.listUnsubscribe!.slice(1, -1));
    const response = await request.post(target.pathname, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(response.status()).toBe(200);
  });

  await test.step('a made-up confirmation link says so', async () => {
    await page.goto(`/lettre-d-information/confirmation/${'x'.repeat(43)}`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      NEWSLETTER_LINK_INVALID_MESSAGE,
    );
  });
});
