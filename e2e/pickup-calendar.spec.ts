import { expect, test, type Locator } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { addToCart, declinationOf } from './support/shop-cart';
import { openWineShop, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * The click-and-collect calendar of the wine shop's delivery step, on a desktop and a phone: a day
 * without pick-up looks unavailable (struck through, greyed, on a hatched ground), a day with
 * pick-ups looks like something to press (filled and framed), and the keyboard's focus shows.
 * Closed days used to be plain numbers, like the open ones.
 */

/** Some of an element's computed style. */
function styleOf(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      color: style.color,
      background: style.backgroundColor,
      backgroundImage: style.backgroundImage,
      decoration: style.textDecorationLine,
      borderWidth: parseFloat(style.borderTopWidth),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      focusVisible: element.matches(':focus-visible'),
    };
  });
}

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test.describe(`the pick-up calendar on ${device}`, () => {
    test.use({ viewport });

    test('tells closed days from open ones at a glance, with a visible keyboard focus', async ({
      page,
      baseURL,
    }, testInfo) => {
      const red = await declinationOf('Anjou Rouge Les Trois Coteaux', 2023, 75);
      await openWineShop(page, baseURL, '/nos-vins');
      await addToCart(page, red, 2);
      await page.goto(wineSite(baseURL, '/panier/livraison'));
      await page.getByRole('radio', { name: /click & collect/ }).check();

      // The next month always has days with pick-ups and days without (Sundays, at least).
      await page.getByRole('button', { name: 'Mois suivant' }).click();
      const calendar = page.getByRole('table');
      const openDay = calendar.getByRole('button').first();
      await expect(openDay).toBeVisible();
      const closedDay = calendar.locator('td:not(:has(button)) > span[aria-hidden="true"]').first();
      await expect(closedDay).toBeVisible();

      const ground = await page.evaluate(
        () => getComputedStyle(document.documentElement).backgroundColor,
      );
      const open = await styleOf(openDay);
      const closed = await styleOf(closedDay);
      // Open: filled (not the page's ground) and framed.
      expect(open.background).not.toBe(ground);
      expect(open.background).not.toBe('rgba(0, 0, 0, 0)');
      expect(open.borderWidth).toBeGreaterThanOrEqual(2);
      // Closed: struck through, in another colour, on a hatched ground.
      expect(closed.decoration).toContain('line-through');
      expect(closed.color).not.toBe(open.color);
      expect(closed.backgroundImage).toContain('repeating-linear-gradient');
      // Screen readers hear which days have no pick-up.
      await expect(calendar.getByText(/: pas de retrait$/).first()).toBeAttached();

      // The keyboard reaches the first open day from the month's buttons, and its focus shows.
      await page.getByRole('button', { name: 'Mois suivant' }).focus();
      await page.keyboard.press('Tab');
      await expect(openDay).toBeFocused();
      const focused = await styleOf(openDay);
      expect(focused.focusVisible).toBe(true);
      expect(focused.outlineStyle).not.toBe('none');
      expect(focused.outlineWidth).toBeGreaterThanOrEqual(2);
      await calendar.scrollIntoViewIfNeeded();
      await saveScreenshot(page, { path: testInfo.outputPath(`calendar-${device}.png`) });
      await expectNoSeriousAccessibilityViolations(page);

      // Chosen, the day is filled with the site's colour; the focus moves on to its slots.
      await page.keyboard.press('Enter');
      await expect(openDay).toHaveAttribute('aria-pressed', 'true');
      const chosen = await styleOf(openDay);
      expect(chosen.background).not.toBe(open.background);
      await saveScreenshot(page, { path: testInfo.outputPath(`calendar-chosen-${device}.png`) });
    });
  });
}
