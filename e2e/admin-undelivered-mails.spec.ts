import { expect, test } from '@playwright/test';
import { register } from '@comptoir/contract/auth';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { loginThroughApi, newCustomer, SITE_91_ADMIN } from './support/accounts';
import { apiFor } from './support/api';
import { mailsTo, setMailRefused, waitForMail } from './support/mail';
import { rememberPopupsClosed } from './support/welcome-popup';
import { saveScreenshot } from './support/screenshots';

/*
 * The mail server refuses a customer's welcome mail (the catcher refuses the address; the e2e API
 * gives a refused mail up at once, MAIL_MAX_ATTEMPTS=1). The owner of site 91 finds it in « E-mails
 * non envoyés » with the reason, and once the server takes the address again, resends it: the
 * customer receives it, once. The address is this journey's own.
 */

test('the owner sees a mail the server refused and sends it again', async ({ page }) => {
  test.setTimeout(120_000);
  const customer = newCustomer('Inès', 'Roux');
  await setMailRefused(customer.email, true);
  await apiFor(91).call(register, {
    body: {
      email: customer.email,
      password: customer.password,
      firstname: customer.firstname,
      lastname: customer.lastname,
      phone: '06 12 34 56 78',
      acceptTerms: true,
    },
  });

  await rememberPopupsClosed(page);
  await loginThroughApi(page, SITE_91_ADMIN);
  const row = page.getByTestId('undelivered-mail').filter({ hasText: customer.email });
  await expect(async () => {
    await page.goto('/admin/emails-non-envoyes');
    await expect(row).toContainText('Abandonné après 1 essai', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'E-mails non envoyés' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'E-mails non envoyés' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(row.getByRole('heading', { level: 3 })).toHaveText(/^Bienvenue sur le site /);
  await expect(row).toContainText(
    'Le serveur de messagerie a refusé ce destinataire (code 550) : l’adresse est peut-être mal écrite ou n’existe plus.',
  );
  expect(await mailsTo(customer.email)).toEqual([]);

  await test.step('the screen has no serious accessibility problem, and fits 390 px', async () => {
    await expectNoSeriousAccessibilityViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, {
      path: test.info().outputPath('admin-emails-non-envoyes-390.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await saveScreenshot(page, {
      path: test.info().outputPath('admin-emails-non-envoyes-1280.png'),
    });
  });

  // The server takes the address again; the owner resends with the keyboard.
  await setMailRefused(customer.email, false);
  const resend = row.getByRole('button', {
    name: new RegExp(`^Renvoyer l’e-mail « Bienvenue sur le site .* » à ${customer.email}$`),
  });
  await resend.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.locator('section[aria-labelledby="emails-non-envoyes"]').getByRole('status'),
  ).toHaveText(/^E-mail « Bienvenue sur le site .* » remis dans la file d’envoi\.$/);
  await expect(row).toContainText('Renvoi demandé');

  const mail = await waitForMail(customer.email, /^Bienvenue sur le site /);
  expect(mail.to).toContain(customer.email);
  await page.reload();
  await expect(row).toHaveCount(0);
  expect(await mailsTo(customer.email)).toHaveLength(1);
});
