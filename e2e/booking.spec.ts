import {
  expect as baseExpect,
  test,
  type Browser,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { listBookableServices, type BookableService } from '@comptoir/contract/booking';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { apiFor } from './support/api';
import { newCustomer, registerThroughPage } from './support/accounts';
import { linkPath, waitForMail } from './support/mail';
import { rememberPopupsClosed } from './support/welcome-popup';
import { openWineShop, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * Booking on both demo sites (issue 29, decision 0125): a guest books « Coupe femme » with a
 * stylist at the salon (the time chosen with the keyboard alone) and « Visite et dégustation »
 * for a party at the domaine, reads the confirmation mail and its .ics, opens the mail's link
 * in another browser, cancels, and books the very same time again (the cancellation freed it).
 *
 * A customer books as themself, finds the booking in their account and moves it.
 *
 * The journeys share the seeded sites with every other journey: each books in weeks of its own
 * (the salon's haircut in the fifth and sixth weeks, its colouring in the third and fourth and
 * moved into the first two, the domaine's tasting in the seventh and eighth), on the last free
 * day of those weeks, and leaves bookings only on names of its own.
 */

/**
 * A booking's steps wait for the API (a hold, a confirmation that writes its mail): on a loaded
 * machine they take seconds, so the journey gives each 15 s rather than the default 5.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

async function bookable(siteId: number, name: string): Promise<BookableService> {
  const { services } = await apiFor(siteId).call(listBookableServices, { query: {} });
  const service = services.find((candidate) => candidate.name === name);
  if (!service) throw new Error(`Site ${siteId} books no « ${name} »`);
  return service;
}

/** A screenshot of the step at 1366 and 390 pixels wide, then back to the desktop. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveScreenshot(page, {
      path: testInfo.outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** « Voir les deux semaines suivantes » `times` times: the weeks this journey books in. */
async function showWeeksAhead(page: Page, times: number) {
  const more = page.getByRole('button', { name: 'Voir les deux semaines suivantes' });
  const summary = page.getByRole('status').filter({ hasText: /libres? du / });
  for (let count = 0; count < times; count += 1) {
    const before = await summary.textContent();
    await more.click();
    await expect(summary).not.toHaveText(before ?? '');
  }
}

/**
 * A day button's date as the page words it: in full where its times are grouped (« Horaires libres
 * le lundi 30 novembre »), and as the button shows it (« lun. 30 nov. 3 horaires libres »).
 */
async function dayWords(day: Locator): Promise<{ long: string; button: RegExp }> {
  const date = new Date(`${await day.getAttribute('data-date')}T00:00:00Z`);
  const words = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: 'UTC' }).format(date);
  const short = words({ weekday: 'short', day: 'numeric', month: 'short' });
  return {
    long: words({ weekday: 'long', day: 'numeric', month: 'long' }),
    button: new RegExp(`^${short.replaceAll('.', '\\.')} \\d+ horaires? libres?$`),
  };
}

/** The last day of the shown weeks that has free times (its button). */
function lastFreeDay(page: Page): Locator {
  return page.getByRole('button', { name: /horaires? libres?$/ }).last();
}

function timeRadios(page: Page): Locator {
  return page.getByRole('group', { name: /^Horaires libres le / }).getByRole('radio');
}

/** The text of the chosen time (its hours, and its seats or people). */
function checkedTime(page: Page): Locator {
  return page
    .getByRole('group', { name: /^Horaires libres le / })
    .locator('input[type="radio"]:checked + span');
}

/** An .ics attachment's text with its folded lines joined (RFC 5545 folds at 75 octets). */
function unfolded(content: string): string {
  return content.replace(/\r?\n[ \t]/g, '');
}

async function fillGuest(
  page: Page,
  guest: { firstname: string; lastname: string; email: string },
) {
  const form = page.getByRole('form', { name: 'Vos coordonnées' });
  await form.getByLabel('Prénom').fill(guest.firstname);
  await form.getByLabel('Nom', { exact: true }).fill(guest.lastname);
  await form.getByLabel('Adresse e-mail').fill(guest.email);
  await form.getByLabel('Téléphone').fill('06 12 34 56 78');
  await form.getByRole('button', { name: 'Confirmer la réservation' }).click();
}

/**
 * The mail's link opened in a browser of its own (no session, nothing in its storage): the
 * token of the link alone opens the booking, and leaves the address bar at once.
 */
async function openMailLink(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Votre réservation est confirmée' }),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
  return { page, close: () => context.close() };
}

test('a guest books a haircut with a stylist, with the keyboard alone, then cancels and books the same time again', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const haircut = await bookable(91, 'Coupe femme');
  const stylist = haircut.people[0]!;
  const guest = {
    firstname: 'Léa',
    lastname: 'Réservation',
    email: `coupe-${Date.now()}-${testInfo.workerIndex}@example.fr`,
  };
  await rememberPopupsClosed(page, 91);
  await page.setViewportSize({ width: 1366, height: 900 });

  await test.step('a service page that books online leads to the booking page', async () => {
    const withPage = (await apiFor(91).call(listBookableServices, { query: {} })).services.find(
      (service) => service.serviceId !== null,
    );
    if (!withPage) return;
    await page.goto(`/prestation-conseil-en-image/${withPage.serviceId}`);
    const book = page.getByRole('link', { name: 'Réserver en ligne' });
    await expect(book).toHaveAttribute('href', `/reserver?prestation=${withPage.id}`);
    await shoot(page, testInfo, '91-service-page');
  });

  let chosenDay = '';
  let chosenDayButton = /^$/;
  let chosenTime = '';
  await test.step('the visitor chooses the service, a stylist and a time with the keyboard', async () => {
    await page.goto(`/reserver?prestation=${haircut.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Réserver' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Coupe femme/ })).toBeChecked();
    await page
      .getByRole('group', { name: 'Avec qui ?' })
      .getByRole('radio', { name: 'Peu importe' })
      .focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: stylist.name, exact: true })).toBeChecked();
    await showWeeksAhead(page, 2);
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, testInfo, '91-times');

    // From « Voir les deux semaines suivantes », Shift+Tab reaches the last free day; Enter
    // chooses it and brings the focus to its times.
    const day = lastFreeDay(page);
    ({ long: chosenDay, button: chosenDayButton } = await dayWords(day));
    await page.getByRole('button', { name: 'Voir les deux semaines suivantes' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(day).toBeFocused();
    const ring = await day.evaluate((element) => ({
      visible: element.matches(':focus-visible'),
      style: getComputedStyle(element).outlineStyle,
      width: parseFloat(getComputedStyle(element).outlineWidth),
    }));
    expect(ring.visible).toBe(true);
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    const times = page.getByRole('group', { name: `Horaires libres le ${chosenDay}` });
    await expect(times).toBeFocused();
    await expect(times).toHaveAccessibleDescription(/horaires? libres? ce jour-là/);
    // Tab enters the radio group on its first time; the arrows choose another one.
    await page.keyboard.press('Tab');
    const radios = timeRadios(page);
    await expect(radios.first()).toBeFocused();
    if ((await radios.count()) > 1) {
      await page.keyboard.press('ArrowDown');
      await expect(radios.nth(1)).toBeChecked();
      await expect(radios.nth(1)).toBeFocused();
    } else {
      await page.keyboard.press('Space');
      await expect(radios.first()).toBeChecked();
    }
    chosenTime = (await checkedTime(page).textContent())!;
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, testInfo, '91-time-chosen');
    // Choosing is not holding: only the button does.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Réserver cet horaire' })).toBeFocused();
    await page.keyboard.press('Enter');
  });

  await test.step('the time is held for 15 minutes while the guest gives their details', async () => {
    await expect(page.getByRole('heading', { level: 2, name: 'Vos coordonnées' })).toBeFocused();
    await expect(page.getByText(/Cet horaire vous est réservé pendant encore/)).toContainText(
      /1[45]:\d\d/,
    );
    await expect(page.getByText(`Avec ${stylist.name}`)).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, testInfo, '91-hold');
    await fillGuest(page, guest);
    await expect(page).toHaveURL(/\/reservation\/\d+$/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Votre réservation est confirmée' }),
    ).toBeVisible();
    await expect(page.getByText(chosenDay, { exact: false }).first()).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, testInfo, '91-confirmed');
  });

  const mail = await waitForMail(guest.email, /est confirmée/);
  await test.step('the mail carries the invitation for the diary and the link to the booking', async () => {
    const invitation = mail.attachments.find((file) => file.filename.endsWith('.ics'));
    expect(invitation, 'an .ics attachment').toBeDefined();
    expect(invitation!.content).toContain('BEGIN:VEVENT');
    expect(unfolded(invitation!.content)).toContain('Coupe femme');
    expect(unfolded(invitation!.content)).toContain(`Avec ${stylist.name}`);
    expect(mail.text).toContain(stylist.name);
  });

  const link = linkPath(mail, '/reservation/');
  expect(link).toMatch(/#token=/);
  await test.step('the link opens the booking in another browser, which cancels it', async () => {
    const other = await openMailLink(browser, `${baseURL}${link}`);
    try {
      await expectNoSeriousAccessibilityViolations(other.page);
      await shoot(other.page, testInfo, '91-manage');
      await other.page.getByRole('button', { name: 'Annuler la réservation' }).click();
      await other.page.getByRole('button', { name: 'Oui, annuler' }).click();
      await expect(
        other.page.getByRole('heading', { level: 2, name: 'Cette réservation est annulée' }),
      ).toBeFocused();
      await expect(
        other.page.getByRole('status').filter({ hasText: 'Votre réservation est annulée.' }),
      ).toBeVisible();
      await expectNoSeriousAccessibilityViolations(other.page);
      await shoot(other.page, testInfo, '91-cancelled');
    } finally {
      await other.close();
    }
  });

  await test.step('the freed time is offered again, and booked again', async () => {
    await page.goto(`/reserver?prestation=${haircut.id}`);
    await page.getByRole('radio', { name: stylist.name, exact: true }).check();
    await showWeeksAhead(page, 2);
    await page.getByRole('button', { name: chosenDayButton }).click();
    await page
      .getByRole('group', { name: `Horaires libres le ${chosenDay}` })
      .getByRole('radio', { name: chosenTime, exact: true })
      .check();
    await page.getByRole('button', { name: 'Réserver cet horaire' }).click();
    await fillGuest(page, guest);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Votre réservation est confirmée' }),
    ).toBeVisible();
  });
});

test('a guest books a tasting for a party of four at the domaine, cancels from the mail, and books it again', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const tasting = await bookable(92, 'Visite et dégustation');
  expect(tasting.maxPartySize).toBeGreaterThanOrEqual(4);
  const guest = {
    firstname: 'Marc',
    lastname: 'Dégustation',
    email: `visite-${Date.now()}-${testInfo.workerIndex}@example.fr`,
  };
  await page.setViewportSize({ width: 1366, height: 900 });
  await openWineShop(page, baseURL, `/reserver?prestation=${tasting.id}`);

  let chosenDayButton = /^$/;
  let seatsBefore = '';
  await test.step('the visitor says how many they are and chooses a time', async () => {
    await expect(page.getByRole('radio', { name: /Visite et dégustation/ })).toBeChecked();
    await page.getByLabel('Combien serez-vous ?').selectOption({ label: '4 personnes' });
    await showWeeksAhead(page, 3);
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, testInfo, '92-times');
    const day = lastFreeDay(page);
    ({ button: chosenDayButton } = await dayWords(day));
    await day.click();
    const first = timeRadios(page).first();
    await first.check();
    seatsBefore = (await checkedTime(page).textContent())!;
    expect(seatsBefore).toMatch(/places? libres?/);
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, testInfo, '92-time-chosen');
    await page.getByRole('button', { name: 'Réserver cet horaire' }).click();
  });

  await test.step('the guest confirms for four', async () => {
    await expect(page.getByText('4 personnes')).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, testInfo, '92-hold');
    await fillGuest(page, guest);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Votre réservation est confirmée' }),
    ).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '4 personnes' })).toBeVisible();
    await shoot(page, testInfo, '92-confirmed');
  });

  const mail = await waitForMail(guest.email, /est confirmée/);
  const invitation = mail.attachments.find((file) => file.filename.endsWith('.ics'));
  expect(unfolded(invitation?.content ?? '')).toContain('Visite et dégustation');
  expect(unfolded(invitation?.content ?? '')).toContain('4 personnes');
  const link = linkPath(mail, '/reservation/');

  await test.step('the mail’s link cancels the booking', async () => {
    const other = await openMailLink(browser, wineSite(baseURL, link));
    try {
      await other.page.getByRole('button', { name: 'Annuler la réservation' }).click();
      await other.page.getByRole('button', { name: 'Oui, annuler' }).click();
      await expect(
        other.page.getByRole('heading', { level: 2, name: 'Cette réservation est annulée' }),
      ).toBeVisible();
      await expectNoSeriousAccessibilityViolations(other.page);
      await shoot(other.page, testInfo, '92-cancelled');
    } finally {
      await other.close();
    }
  });

  await test.step('the four seats are free again, and booked again', async () => {
    await page.goto(wineSite(baseURL, `/reserver?prestation=${tasting.id}`));
    await page.getByLabel('Combien serez-vous ?').selectOption({ label: '4 personnes' });
    await showWeeksAhead(page, 3);
    await page.getByRole('button', { name: chosenDayButton }).click();
    const first = timeRadios(page).first();
    await first.check();
    await expect(checkedTime(page)).toHaveText(seatsBefore);
    await page.getByRole('button', { name: 'Réserver cet horaire' }).click();
    await fillGuest(page, guest);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Votre réservation est confirmée' }),
    ).toBeVisible();
  });
});

test('a customer books as themself, finds the booking in their account and moves it', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const colouring = await bookable(91, 'Coloration');
  const customer = newCustomer('Inès', 'Coloration');
  await rememberPopupsClosed(page, 91);
  await page.setViewportSize({ width: 1366, height: 900 });
  await registerThroughPage(page, customer);

  await test.step('the customer confirms without typing their details again', async () => {
    await page.goto(`/reserver?prestation=${colouring.id}`);
    await expect(page.getByRole('radio', { name: /Coloration/ })).toBeChecked();
    await showWeeksAhead(page, 1);
    await lastFreeDay(page).click();
    await timeRadios(page).last().check();
    await page.getByRole('button', { name: 'Réserver cet horaire' }).click();
    const form = page.getByRole('form', { name: 'Confirmer la réservation' });
    await expect(form).toContainText(
      `Vous réservez en tant que ${customer.firstname} ${customer.lastname}`,
    );
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, testInfo, '91-customer-hold');
    // The new account has no phone: it is asked here, once.
    await form.getByLabel('Téléphone').fill('06 98 76 54 32');
    await form.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Votre réservation est confirmée' }),
    ).toBeVisible();
  });

  await test.step('the account lists it and opens it', async () => {
    await page.goto('/mon-compte/reservations');
    const bookings = page.getByRole('region', { name: 'Mes réservations' });
    await expect(bookings.getByRole('listitem')).toHaveCount(1);
    await expect(bookings.getByRole('listitem')).toContainText('Coloration');
    await expect(bookings.getByRole('listitem')).toContainText('Confirmée');
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, testInfo, '91-account-bookings');
    await bookings.getByRole('link', { name: /Voir, annuler ou déplacer/ }).click();
    await expect(page).toHaveURL(/\/reservation\/\d+$/);
  });

  await test.step('the customer moves it to an earlier day', async () => {
    await page.getByRole('button', { name: 'Déplacer la réservation' }).click();
    await lastFreeDay(page).click();
    await timeRadios(page).first().check();
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, testInfo, '91-move');
    await page.getByRole('button', { name: 'Déplacer à cet horaire' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /Votre réservation est déplacée au / }),
    ).toBeVisible();
    await waitForMail(customer.email, /est déplacée/);
  });
});
