import { deflateSync, crc32 } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatPrice } from '@comptoir/domain/money';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { addToCart, declinationOf } from './support/shop-cart';
import { rememberPopupsClosed } from './support/welcome-popup';
import { openWineShop, plain, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * The delivery step's relay map and its destinations abroad on site 92 (decision 0047), at 1280
 * and 390 pixels wide: no request reaches OpenStreetMap's tile server before the visitor allows
 * the map; once allowed (the button in place of the map), Leaflet draws the points as numbered
 * markers beside the list, a marker chooses its point in the list and the list's choice shows on
 * the map; a Belgian postal code is checked by its format and quoted by the Europe grid.
 * The tiles cannot load offline: the tile server's requests are answered with a small PNG.
 */

const TILE_HOST = 'tile.openstreetmap.org';
/**
 * A 256-pixel beige tile with a grey edge, so that a screenshot shows the tiles' grid where the
 * map's tiles would be.
 */
const TILE_PNG = tilePng();

function tilePng(): Buffer {
  const size = 256;
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y += 1) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const edge = x === 0 || y === 0;
      rows.set(edge ? [200, 196, 186] : [242, 239, 233], row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

const overlaps = (one: Box, other: Box) =>
  one.x < other.x + other.width &&
  other.x < one.x + one.width &&
  one.y < other.y + other.height &&
  other.y < one.y + one.height;

/**
 * Where the markers are drawn against the map's box: those that show at all show whole (none is
 * cut by an edge), and the chosen one and the ones `wanted` (by their number less one) show.
 * Waits for the map to settle (a pan or zoom in progress).
 */
async function expectMarkersInView(map: Locator, wanted: readonly number[]) {
  await expect
    .poll(
      async () => {
        const mapBox = (await map.locator('.leaflet-container').boundingBox())!;
        const markers = await map.locator('.leaflet-marker-icon').evaluateAll((elements) =>
          elements.map((element) => {
            const { x, y, width, height } = element.getBoundingClientRect();
            return {
              box: { x, y, width, height },
              chosen: element.getAttribute('aria-pressed') === 'true',
            };
          }),
        );
        // boundingBox() and getBoundingClientRect() both measure from the viewport's corner.
        return markers.flatMap(({ box, chosen }, index) => {
          const problems: string[] = [];
          if (overlaps(box, mapBox) && !inside(box, mapBox)) problems.push(`${index + 1} cut`);
          if ((chosen || wanted.includes(index)) && !inside(box, mapBox)) {
            problems.push(`${index + 1} (${chosen ? 'chosen' : 'near'}) out of view`);
          }
          return problems;
        });
      },
      { message: 'markers drawn inside the map' },
    )
    .toEqual([]);
}

/** The list's points within 5 km of the address (the map opens on them), by number less one. */
async function pointsNearTheAddress(points: Locator): Promise<number[]> {
  const distances = await points
    .locator('[class*="relayDistance"]')
    .allTextContents()
    .then((texts) => texts.map(plain));
  return distances.flatMap((text, index) => {
    const [value = '', unit] = text.split(' ');
    const metres = Number(value.replace(',', '.')) * (unit === 'km' ? 1000 : 1);
    return metres <= 5000 ? [index] : [];
  });
}

/** Counts the page's requests to the tile server, answered or not. */
function watchTiles(page: Page): { count: () => number } {
  let requests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === TILE_HOST) requests += 1;
  });
  return { count: () => requests };
}

/** Cart with two bottles, then the delivery step. */
async function openDeliveryStep(page: Page, baseURL: string | undefined) {
  const red = await declinationOf('Anjou Rouge Les Trois Coteaux', 2023, 75);
  await openWineShop(page, baseURL, '/nos-vins');
  await addToCart(page, red, 2);
  await page.goto(wineSite(baseURL, '/panier/livraison'));
  await expect(page.getByRole('radio', { name: 'Livraison', exact: true })).toBeChecked();
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`relay map and delivery abroad at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the map loads no tile before consent, then shows the points and chooses with the list', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.setTimeout(240_000);
      const tiles = watchTiles(page);
      await openDeliveryStep(page, baseURL);

      // A commune, the relay carrier, the list of points.
      const field = page.getByRole('combobox', { name: 'Code postal ou ville' });
      await field.fill('49000');
      await page.getByRole('option', { name: '49000 Angers' }).click();
      await page
        .getByRole('group', { name: 'Transporteur' })
        .getByRole('radio', { name: /Relais Vignes/ })
        .check();
      const points = page.getByRole('group', { name: 'Point relais' });
      const pointRadios = points.getByRole('radio');
      await expect(pointRadios).toHaveCount(10);

      // The cookie banner was refused: in place of the map, a button; nothing asked of the tiles.
      const map = page.getByRole('region', { name: 'Carte des points relais' });
      const show = map.getByRole('button', { name: 'Afficher la carte (OpenStreetMap)' });
      await expect(show).toBeVisible();
      await expect(map).toContainText('OpenStreetMap, un service tiers');
      await expectNoSeriousAccessibilityViolations(page);
      await saveScreenshot(page, {
        path: testInfo.outputPath(`relay-map-before-consent-${device}.png`),
        fullPage: true,
      });
      expect(tiles.count()).toBe(0);

      // The list with the keyboard alone: Space chooses, the arrows move the choice.
      await pointRadios.first().focus();
      await page.keyboard.press('Space');
      await expect(pointRadios.first()).toBeChecked();
      await page.keyboard.press('ArrowDown');
      await expect(pointRadios.nth(1)).toBeChecked();
      await expect(pointRadios.nth(1)).toBeFocused();
      expect(tiles.count()).toBe(0);

      // Consent in place: recorded in tarteaucitron's cookie, the map and its tiles come.
      await page.route(`https://${TILE_HOST}/**`, (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }),
      );
      await show.click();
      const markers = map.locator('.leaflet-marker-icon');
      await expect(markers).toHaveCount(10, { timeout: 30_000 });
      await expect.poll(() => tiles.count()).toBeGreaterThan(0);
      await expect(map.getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute(
        'href',
        'https://www.openstreetmap.org/copyright',
      );
      await expect(map.locator('.leaflet-control-attribution')).toContainText('© OpenStreetMap');
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === 'tarteaucitron')?.value).toContain(
        '!openstreetmap=true',
      );
      // The map opens on the points near the address (within 5 km: 1 to 3 in Angers), the
      // chosen one among them, every marker it shows drawn whole inside its box.
      const near = await pointsNearTheAddress(points);
      expect(near).toEqual([0, 1, 2]);
      await expectMarkersInView(map, near);
      await map.scrollIntoViewIfNeeded();
      await saveScreenshot(map, { path: testInfo.outputPath(`relay-map-shown-${device}.png`) });

      // Each marker is a button named by its number and point; the list's choice is pressed.
      const secondName = plain(
        await pointRadios
          .nth(1)
          .evaluate(
            (input) => input.closest('label')!.querySelector('[class*="relayName"]')!.textContent,
          ),
      );
      const secondMarker = map.getByRole('button', { name: new RegExp(`^2\\. ${secondName}`) });
      await expect(secondMarker).toHaveAttribute('aria-pressed', 'true');

      // A marker chooses its point in the list.
      const fourthName = plain(
        await pointRadios
          .nth(3)
          .evaluate(
            (input) => input.closest('label')!.querySelector('[class*="relayName"]')!.textContent,
          ),
      );
      const fourthMarker = map.getByRole('button', { name: new RegExp(`^4\\. ${fourthName}`) });
      // Neighbouring villages' markers overlap at the overview's zoom: the click goes to this one.
      await fourthMarker.dispatchEvent('click');
      await expect(pointRadios.nth(3)).toBeChecked();
      await expect(fourthMarker).toHaveAttribute('aria-pressed', 'true');
      await expect(secondMarker).toHaveAttribute('aria-pressed', 'false');
      await expectMarkersInView(map, near);
      // A marker answers Enter as well.
      await secondMarker.focus();
      await page.keyboard.press('Enter');
      await expect(pointRadios.nth(1)).toBeChecked();
      await expect(secondMarker).toHaveAttribute('aria-pressed', 'true');

      // A point 24,7 km away chosen in the list: the map shows it with the address's points.
      await pointRadios.nth(5).check();
      const sixthMarker = map.locator('.leaflet-marker-icon').nth(5);
      await expect(sixthMarker).toHaveAttribute('aria-pressed', 'true');
      await expectMarkersInView(map, [...near, 5]);
      await saveScreenshot(map, {
        path: testInfo.outputPath(`relay-map-list-choice-${device}.png`),
      });

      // With the keyboard alone: Tab from marker to marker up to the 9th (44,3 km, out of view),
      // which the map brings into view with the others as it gets the focus, and Enter.
      await sixthMarker.focus();
      const ninthMarker = map.locator('.leaflet-marker-icon').nth(8);
      for (let tab = 6; tab < 9; tab += 1) await page.keyboard.press('Tab');
      await expect(ninthMarker).toBeFocused();
      await expectMarkersInView(map, [...near, 5, 8]);
      await page.keyboard.press('Enter');
      await expect(pointRadios.nth(8)).toBeChecked();
      await expect(ninthMarker).toHaveAttribute('aria-pressed', 'true');
      await expectMarkersInView(map, [...near, 8]);
      await saveScreenshot(map, {
        path: testInfo.outputPath(`relay-map-keyboard-choice-${device}.png`),
      });
      // The map's box never scrolls to a focused marker: its layers stay where Leaflet drew them.
      expect(
        await page
          .locator('.leaflet-container')
          .evaluate((box) => ({ top: box.scrollTop, left: box.scrollLeft })),
      ).toEqual({ top: 0, left: 0 });

      await expectNoSeriousAccessibilityViolations(page);
      await map.scrollIntoViewIfNeeded();
      await saveScreenshot(page, {
        path: testInfo.outputPath(`relay-map-${device}.png`),
        fullPage: true,
      });

      // The consent is kept: after a reload the map shows at once, on the address's points and
      // the chosen one.
      await page.reload();
      await expect(map.locator('.leaflet-marker-icon')).toHaveCount(10, { timeout: 30_000 });
      await expect(pointRadios.nth(8)).toBeChecked();
      await expectMarkersInView(map, [...near, 8]);
    });

    test('a visitor in Belgium types a postal code checked by its format and gets the carriers and prices', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.setTimeout(240_000);
      await openDeliveryStep(page, baseURL);
      await page.getByRole('combobox', { name: 'Pays' }).selectOption('BEL');
      // No commune autocomplete abroad: a postal code and a city.
      await expect(page.getByRole('combobox', { name: 'Code postal ou ville' })).toHaveCount(0);
      const postalCode = page.getByRole('textbox', { name: 'Code postal' });
      const city = page.getByRole('textbox', { name: 'Ville' });
      const submit = page.getByRole('button', { name: 'Voir les transporteurs' });

      // A code Belgium cannot have: said beside the field, which gets the focus; no quote.
      await postalCode.fill('10000');
      await city.fill('Bruxelles');
      await submit.click();
      await expect(postalCode).toHaveAttribute('aria-invalid', 'true');
      await expect(postalCode).toBeFocused();
      await expect(
        page.getByText('Ce code postal n’existe pas dans le pays choisi.'),
      ).toBeVisible();
      await expect(page.getByRole('group', { name: 'Transporteur' })).toHaveCount(0);
      await expectNoSeriousAccessibilityViolations(page);

      // 1000 Bruxelles: the Europe grid (Transvin Domicile, 2-bottle carton 29,90 €).
      await postalCode.fill('1000');
      await postalCode.press('Enter');
      const carriers = page.getByRole('group', { name: 'Transporteur' });
      const home = carriers.getByRole('radio', { name: /Transvin Domicile/ });
      await expect(home).toBeVisible();
      await expect(carriers.getByRole('radio')).toHaveCount(1);
      expect(plain(await home.evaluate((input) => input.closest('label')!.textContent))).toContain(
        plain(formatPrice(2990)),
      );
      await home.check();
      await expect(page.getByTestId('delivery-fee')).toHaveText(plain(formatPrice(2990)));
      await expectNoSeriousAccessibilityViolations(page);
      await saveScreenshot(page, {
        path: testInfo.outputPath(`delivery-belgium-${device}.png`),
        fullPage: true,
      });

      // A reload keeps the country, the postal code, the city and the carrier.
      await page.reload();
      await expect(page.getByRole('combobox', { name: 'Pays' })).toHaveValue('BEL');
      await expect(postalCode).toHaveValue('1000');
      await expect(city).toHaveValue('Bruxelles');
      await expect(home).toBeChecked();
    });
  });
}

test('the map loads with the rest once the visitor accepts every cookie in the banner', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const tiles = watchTiles(page);
  await page.route(
    (url) => url.hostname !== 'localhost' && !url.hostname.endsWith('.localhost'),
    (route) => route.abort(),
  );
  await page.route(`https://${TILE_HOST}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }),
  );
  await rememberPopupsClosed(page, 92);
  const red = await declinationOf('Anjou Rouge Les Trois Coteaux', 2023, 75);
  await page.goto(wineSite(baseURL, '/nos-vins'));
  await addToCart(page, red, 1);
  await page.goto(wineSite(baseURL, '/panier/livraison'));
  await page.getByRole('combobox', { name: 'Code postal ou ville' }).fill('49000');
  await page.getByRole('option', { name: '49000 Angers' }).click();
  await page
    .getByRole('group', { name: 'Transporteur' })
    .getByRole('radio', { name: /Relais Vignes/ })
    .check();
  const map = page.getByRole('region', { name: 'Carte des points relais' });
  await expect(
    map.getByRole('button', { name: 'Afficher la carte (OpenStreetMap)' }),
  ).toBeVisible();
  expect(tiles.count()).toBe(0);
  await page.getByRole('button', { name: 'Tout accepter' }).click();
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(10, { timeout: 30_000 });
  await expect.poll(() => tiles.count()).toBeGreaterThan(0);
});
