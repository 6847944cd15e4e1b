import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { waitForMail } from './support/mail';
import { createOwnSite, dataOf, loginOnOwnSite, ownerApi, type OwnSite } from './support/own-site';
import { saveScreenshot } from './support/screenshots';

/*
 * The owner of a site of the journey's own sets up reservations and runs the agenda (issue 29,
 * decision 0126): a stylist with her hours, a bookable service, a booking taken on the phone,
 * moved with the keyboard, by drag and drop and with « Déplacer », cancelled (the customer's mail
 * reaches the catcher), the CSV of the period, the dashboard's count; every screen checked by axe
 * and looked at 1366 and 390 px wide. No booking can be made in the past (the API offers only
 * coming times, to the owner too), so marking a no-show is agenda-model.test.ts's, not a journey's.
 */

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Nothing but the agenda's own scrolling grid is wider than a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, {
      path: test.info().outputPath(`admin-booking-${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** A booking's block in the agenda, by its customer. */
function block(page: Page, lastname: string): Locator {
  return page.locator('[data-booking-id]').filter({ hasText: lastname });
}

test.describe('the agenda', () => {
  test('the owner sets up a stylist and a service, books a phone call, moves, cancels and exports', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const site: OwnSite = await createOwnSite('agenda');
    const marker = randomBytes(3).toString('hex');
    const day = addDays(todayInFrance(), 2);
    const customer = {
      firstname: 'Chloé',
      lastname: `Bernard${marker}`,
      email: `chloe.${marker}@example.fr`,
      phone: '06 11 22 33 44',
    };

    await loginOnOwnSite(page, site);
    await page.setViewportSize({ width: 1366, height: 900 });

    await test.step('a stylist with her hours, and a bookable service that needs her', async () => {
      await page.goto(site.url('/admin/reservations'));
      await expect(
        page.getByRole('heading', { level: 1, name: 'Réglages des réservations' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Réglages des réservations' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const resources = page.getByRole('region', { name: /^Ressources/ });
      await resources.getByRole('button', { name: 'Ajouter une ressource' }).click();
      const form = page.getByRole('form', { name: 'Nouvelle ressource' });
      await form.getByRole('textbox', { name: 'Nom' }).fill('Julie');
      // A mistyped day is said on its field, and nothing is saved.
      await form.getByRole('textbox', { name: 'Lundi' }).fill('9h-12h, 11h-14h');
      await form.getByRole('button', { name: 'Ajouter la ressource' }).click();
      await expect(form.getByRole('textbox', { name: 'Lundi' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      for (const weekday of [
        'Lundi',
        'Mardi',
        'Mercredi',
        'Jeudi',
        'Vendredi',
        'Samedi',
        'Dimanche',
      ]) {
        await form.getByRole('textbox', { name: weekday }).fill('8h-20h');
      }
      // The journey books in two days, whatever day it is: no public holiday closes her.
      await form.getByRole('checkbox', { name: 'Fermé les jours fériés' }).uncheck();
      await form.getByRole('button', { name: 'Ajouter un jour particulier' }).click();
      await form.getByLabel('Date', { exact: true }).fill(addDays(day, 30));
      await form.getByLabel('Motif (facultatif)').fill('Formation');
      await form.getByRole('button', { name: 'Ajouter la ressource' }).click();
      await expect(resources.getByRole('status')).toHaveText('Ressource « Julie » ajoutée.');
      await expect(resources.locator('[data-resource="Julie"]')).toContainText('lun. 08:00-20:00');
      await expect(resources.locator('[data-resource="Julie"]')).toContainText(
        '1 jour particulier',
      );

      // Her form, open as the owner sees it to change her hours.
      await resources
        .locator('[data-resource="Julie"]')
        .getByRole('button', { name: /^Modifier/ })
        .click();
      await expect(page.getByRole('form', { name: 'Modifier Julie' })).toBeVisible();
      await screenshots(page, 'ressource');
      await page
        .getByRole('form', { name: 'Modifier Julie' })
        .getByRole('button', { name: 'Annuler' })
        .click();

      const services = page.getByRole('region', { name: /^Prestations réservables/ });
      await services.getByRole('button', { name: 'Ajouter une prestation réservable' }).click();
      const serviceForm = page.getByRole('form', { name: 'Nouvelle prestation réservable' });
      await serviceForm.getByRole('textbox', { name: 'Nom' }).fill('Coupe femme');
      await serviceForm.getByRole('textbox', { name: 'Durée (minutes)' }).fill('60');
      await serviceForm.getByRole('textbox', { name: /^Pause après/ }).fill('10');
      await serviceForm.getByRole('textbox', { name: /^Prix/ }).fill('45');
      await serviceForm.getByRole('checkbox', { name: 'Julie' }).check();
      await serviceForm.getByRole('button', { name: 'Ajouter la prestation' }).click();
      await expect(services.getByRole('status')).toHaveText('Prestation « Coupe femme » ajoutée.');
      await expect(services.locator('[data-bookable-service="Coupe femme"]')).toContainText(
        '60 min + 10 min de pause · 45,00 €',
      );
      await screenshots(page, 'reglages');
    });

    const agendaUrl = site.url(`/admin/agenda?vue=jour&date=${day}`);
    const booking = block(page, customer.lastname);

    await test.step('a booking taken on the phone', async () => {
      await page.goto(agendaUrl);
      await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
      await page.getByRole('button', { name: 'Nouvelle réservation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nouvelle réservation' });
      await dialog.getByLabel('Heure').fill('10:00');
      await dialog.getByRole('textbox', { name: 'Prénom' }).fill(customer.firstname);
      await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill(customer.lastname);
      await dialog.getByRole('textbox', { name: 'Téléphone' }).fill(customer.phone);
      await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(customer.email);
      await expectNoSeriousAccessibilityViolations(page);
      await dialog.getByRole('button', { name: 'Réserver' }).click();
      await expect(dialog).toBeHidden();
      await expect(booking).toContainText('10:00–11:00');
      await expect(page.getByRole('status').filter({ hasText: 'ajoutée' })).toContainText(
        'à 10:00',
      );
      await screenshots(page, 'agenda-jour');
    });

    await test.step('moved with the keyboard: four quarters of an hour later', async () => {
      await page.getByRole('button', { name: 'Fermer' }).click();
      await booking.focus();
      for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowDown');
      await expect(page.getByTestId('nouvelle-place')).toHaveText('11:00 ?');
      await expect(page.getByRole('status').filter({ hasText: 'Nouvelle place' })).toContainText(
        'à 11:00',
      );
      await page.keyboard.press('Enter');
      await expect(booking).toContainText('11:00–12:00');
      await expect(booking).toBeFocused();
    });

    await test.step('moved by drag and drop: an hour lower', async () => {
      const box = (await booking.boundingBox())!;
      // 72 px an hour (decision 0126).
      await page.mouse.move(box.x + box.width / 2, box.y + 10);
      await page.mouse.down();
      for (let step = 1; step <= 8; step += 1) {
        await page.mouse.move(box.x + box.width / 2, box.y + 10 + step * 9);
      }
      await page.mouse.up();
      await expect(booking).toContainText('12:00–13:00');
    });

    await test.step('moved with « Déplacer »: a date and a time typed', async () => {
      await booking.click();
      const panel = page.getByRole('region', {
        name: `Coupe femme — ${customer.firstname} ${customer.lastname}`,
      });
      await expect(panel).toContainText('12:00–13:00');
      await expectNoSeriousAccessibilityViolations(page);
      await panel.getByRole('button', { name: 'Déplacer' }).click();
      const dialog = page.getByRole('dialog', { name: /^Déplacer la réservation/ });
      await dialog.getByLabel('Nouvelle heure').fill('14:30');
      await expectNoSeriousAccessibilityViolations(page);
      await dialog.getByRole('button', { name: 'Déplacer' }).click();
      await expect(dialog).toBeHidden();
      await expect(booking).toContainText('14:30–15:30');
      await expect(panel).toContainText('14:30–15:30');
    });

    await test.step('the week view shows it on its day', async () => {
      await page.goto(site.url(`/admin/agenda?vue=semaine&date=${day}`));
      await expect(booking).toContainText('14:30–15:30');
      await screenshots(page, 'agenda-semaine');
    });

    await test.step('cancelled: the customer is mailed', async () => {
      await page.goto(agendaUrl);
      await booking.click();
      await page.getByRole('button', { name: 'Annuler la réservation' }).click();
      const dialog = page.getByRole('dialog', { name: /^Annuler la réservation/ });
      await expect(dialog).toContainText('Le client reçoit un e-mail');
      await dialog.getByLabel(/^Motif/).fill('La coiffeuse est souffrante.');
      await expectNoSeriousAccessibilityViolations(page);
      await dialog.getByRole('button', { name: 'Annuler la réservation' }).click();
      await expect(dialog).toBeHidden();
      await expect(booking).toHaveAttribute('data-status', 'cancelled');
      const mail = await waitForMail(customer.email, /annul/i);
      expect(mail.text).toContain('Coupe femme');
    });

    await test.step('the CSV of the period', async () => {
      await page.getByLabel('Du', { exact: true }).fill(addDays(todayInFrance(), -1));
      await page.getByLabel('Au (inclus)').fill(day);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Télécharger le CSV' }).click(),
      ]);
      const text = await readFile((await download.path())!, 'utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text).toContain(customer.lastname);
      expect(text.split('\n')[0]).toContain(';');
    });

    await test.step('the dashboard counts the coming bookings', async () => {
      const api = await ownerApi(site);
      try {
        const services = await dataOf<{ services: { id: number }[] }>(
          api.get('/admin/booking/service'),
        );
        await dataOf(
          api.post('/admin/booking', {
            data: {
              serviceId: services.services[0]!.id,
              start: new Date(`${day}T08:00:00Z`).toISOString(),
              customer: {
                firstname: 'Anne',
                lastname: `Suivante${marker}`,
                email: '',
                phone: '0600000001',
              },
              sendMail: false,
            },
          }),
        );
      } finally {
        await api.dispose();
      }
      await page.goto(site.url('/admin'));
      const section = page.getByRole('region', { name: 'Réservations' });
      await expect(section).toContainText('1 sur les 7 prochains jours');
      await screenshots(page, 'tableau-de-bord');
    });
  });
});
