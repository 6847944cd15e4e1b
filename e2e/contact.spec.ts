import { expect, test } from '@playwright/test';
import { MESSAGE_SENT_MESSAGE, MESSAGE_TOO_SHORT_MESSAGE } from '@comptoir/contract/contact';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { waitForMail } from './support/mail';
import { rememberPopupsClosed } from './support/welcome-popup';

/** The contact page of site 91: how to reach the company, its hours, and the message form. */

test('a visitor finds the company details and sends a message from the contact page', async ({
  page,
}) => {
  await rememberPopupsClosed(page);
  await page.goto('/nous-contacter');
  const main = page.getByRole('main');

  await test.step('the page shows the address, the phone as a link and the opening hours', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByText('12 rue du Bocage')).toBeVisible();
    await expect(main.getByRole('link', { name: '02 51 64 23 18' })).toHaveAttribute(
      'href',
      'tel:0251642318',
    );
    await expect(main.getByRole('link', { name: 'contact@atelier-clemence.fr' })).toHaveAttribute(
      'href',
      'mailto:contact@atelier-clemence.fr',
    );
    const hours = main.getByRole('region', { name: "Horaires d'ouverture" });
    await expect(hours).toContainText('Mardi');
    await expect(hours).toContainText('9h00 – 18h00');
  });

  await test.step('the page has no serious accessibility problem', async () => {
    await expectNoSeriousAccessibilityViolations(page);
  });

  const form = page.getByRole('form', { name: 'Nous écrire' });
  await form.getByLabel('Prénom').fill('Louise');
  await form.getByLabel('Nom', { exact: true }).fill('Marchand');
  await form.getByLabel('Adresse e-mail').fill('louise.marchand@example.fr');
  await form.getByLabel('Objet').fill('Rendez-vous coloration');
  await form.getByLabel('J’accepte d’être recontacté(e) au sujet de ma demande.').check();

  await test.step('a message too short is refused next to its field', async () => {
    await form.getByLabel('Votre message').fill('Bonjour');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    const message = form.getByLabel('Votre message');
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toHaveAccessibleDescription(new RegExp(MESSAGE_TOO_SHORT_MESSAGE));
    await expect(page.getByRole('status').filter({ hasText: MESSAGE_SENT_MESSAGE })).toHaveCount(0);
  });

  await test.step('a valid message is sent, thanked for and mailed to the company', async () => {
    await form
      .getByLabel('Votre message')
      .fill('Bonjour, je souhaiterais un rendez-vous samedi matin pour une coloration.');
    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/message') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: null, message: null });
    await expect(page.getByRole('status').filter({ hasText: MESSAGE_SENT_MESSAGE })).toBeVisible();

    const mail = await waitForMail('contact@atelier-clemence.fr', /Louise Marchand/);
    expect(mail.text).toContain('samedi matin pour une coloration');
  });
});
