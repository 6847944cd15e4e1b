import { expect, test, type Page } from '@playwright/test';
import { REGISTERED_MESSAGE } from '@comptoir/contract/element-registration';
import {
  FORM_INVALID_MESSAGE,
  INVALID_EMAIL_FIELD_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
} from '@comptoir/contract/form';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { mailsTo } from './support/mail';
import type { CaughtMail } from './support/mail-message';
import { rememberPopupsClosed } from './support/welcome-popup';

/** A site's forms and its workshop registrations, as a visitor of site 91 uses them. */

const APPOINTMENT_FORM = 'Demande de rendez-vous conseil en image';
const APPOINTMENT_SENT =
  'Merci ! Votre demande de rendez-vous est bien arrivée. Clémence vous rappelle sous 48 heures ouvrées pour fixer la date de votre séance.';
const COMPANY_EMAIL = 'contact@atelier-clemence.fr';

// A 1×1 PNG, for the optional photo of the appointment form.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Mails to `address` whose text holds `marker` (parallel journeys mail the same company). */
async function mailsMentioning(address: string, marker: string): Promise<CaughtMail[]> {
  return (await mailsTo(address)).filter((mail) => mail.text.includes(marker));
}

function answerResponse(page: Page, path: RegExp) {
  return page.waitForResponse(
    (response) =>
      path.test(new URL(response.url()).pathname) && response.request().method() === 'POST',
  );
}

test('a visitor asks for an appointment: field errors first, then the answer is sent and mailed', async ({
  page,
}) => {
  const marker = `louise.${Date.now()}@example.fr`;
  await rememberPopupsClosed(page);
  await page.goto('/conseil-en-image/pour-les-particuliers');
  // The page names the form's block « Demander un rendez-vous ».
  const form = page.getByRole('form', { name: /rendez-vous/i });
  await expect(form).toBeVisible();

  await test.step('the form shows its fields with their labels, help and optional marks', async () => {
    await expect(form.getByLabel('Prestation souhaitée')).toBeVisible();
    await expect(form.getByLabel(/Date souhaitée/)).toHaveAttribute('type', 'date');
    const photo = form.getByLabel(/Une photo de votre visage/);
    await expect(photo).toHaveAttribute('type', 'file');
    await expect(photo).toHaveAttribute('accept', 'image/jpeg,image/png');
    await expect(photo).toHaveAccessibleDescription(/JPEG, PNG ; 5 Mo au plus/);
    await expect(form.getByText('(facultatif)').first()).toBeVisible();
  });

  await form.getByLabel('Nom', { exact: true }).fill('Marchand');
  await form.getByLabel('Adresse e-mail').fill('louise.marchand@');
  await form.getByLabel('Téléphone').fill('06 12 34 56 78');
  await form
    .getByLabel('Prestation souhaitée')
    .selectOption({ label: 'Bilan colorimétrique (1 h 30)' });
  await form.getByLabel('Votre message').fill(`Un mariage à préparer en juin. ${marker}`);
  await form.getByLabel(/J’accepte que mes informations soient utilisées/).check();

  await test.step('a missing first name and a bad address are refused next to their fields', async () => {
    const refused = answerResponse(page, /\/forms\/\d+\/submit$/);
    await form.getByRole('button', { name: 'Demander un rendez-vous' }).click();
    const response = await refused;
    expect(response.status()).toBe(422);
    expect((await response.json()).message).toBe(FORM_INVALID_MESSAGE);

    const firstname = form.getByLabel('Prénom');
    await expect(firstname).toHaveAttribute('aria-invalid', 'true');
    await expect(firstname).toHaveAccessibleDescription(REQUIRED_FIELD_MESSAGE);
    await expect(firstname).toBeFocused();
    const email = form.getByLabel('Adresse e-mail');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(INVALID_EMAIL_FIELD_MESSAGE);
    await expect(form.getByLabel('Téléphone')).not.toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('the form with its errors shown has no serious accessibility problem', async () => {
    await expectNoSeriousAccessibilityViolations(page);
  });

  await test.step('nothing was sent to the site for the refused answer', async () => {
    expect(await mailsMentioning(COMPANY_EMAIL, marker)).toHaveLength(0);
  });

  await test.step('once corrected, the answer is sent with a photo and thanked for', async () => {
    await form.getByLabel('Prénom').fill('Louise');
    await expect(form.getByLabel('Prénom')).not.toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Adresse e-mail').fill(marker);
    await form.getByLabel(/Une photo de votre visage/).setInputFiles({
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const accepted = answerResponse(page, /\/forms\/\d+\/submit$/);
    await form.getByRole('button', { name: 'Demander un rendez-vous' }).click();
    expect((await accepted).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: APPOINTMENT_SENT })).toBeVisible();
  });

  await test.step('the site receives the answer by mail, with the photo listed', async () => {
    await expect
      .poll(async () => (await mailsMentioning(COMPANY_EMAIL, marker)).length, { timeout: 15_000 })
      .toBe(1);
    const [mail] = await mailsMentioning(COMPANY_EMAIL, marker);
    expect(mail!.subject).toBe(`Nouvelle réponse au formulaire « ${APPOINTMENT_FORM} »`);
    expect(mail!.text).toContain('Prénom : Louise');
    expect(mail!.text).toContain('Prestation souhaitée : Bilan colorimétrique (1 h 30)');
    expect(mail!.text).toContain('portrait.png (PNG');
  });
});

test('a visitor registers to a workshop and sees one seat less', async ({ page }) => {
  const email = `atelier.${Date.now()}@example.fr`;
  await rememberPopupsClosed(page);
  await page.goto('/conseil-en-image/notre-approche');
  const workshop = page.getByRole('article', {
    name: 'Atelier auto-maquillage du quotidien — samedi 16 janvier 2027',
  });
  const seats = workshop.getByText(/places? disponibles? sur 6/);
  await expect(seats).toBeVisible();
  const before = Number((await seats.textContent())!.match(/^(\d+)/)![1]);

  await workshop.getByRole('button', { name: /Je m’inscris/ }).click();
  const form = workshop.getByRole('form', { name: /Inscription : Atelier auto-maquillage/ });
  await expect(form.getByLabel('Prénom')).toBeFocused();
  await form.getByLabel('Prénom').fill('Margaux');
  await form.getByLabel('Nom', { exact: true }).fill('Bodin');
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Un mot pour nous').fill('Je débute complètement en maquillage.');

  const registered = answerResponse(page, /\/element\/ateliers\/\d+\/register$/);
  await form.getByRole('button', { name: 'Confirmer mon inscription' }).click();
  expect((await registered).status()).toBe(200);
  await expect(workshop.getByRole('status').filter({ hasText: REGISTERED_MESSAGE })).toBeVisible();
  await expect(
    workshop.getByText(new RegExp(`^${before - 1} places? disponibles? sur 6`)),
  ).toBeVisible();

  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(1);
  const [confirmation] = await mailsTo(email);
  expect(confirmation!.subject).toContain(
    'Votre inscription : Atelier auto-maquillage du quotidien',
  );
});
