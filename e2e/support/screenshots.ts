import type {
  Locator,
  LocatorScreenshotOptions,
  Page,
  PageScreenshotOptions,
} from '@playwright/test';

/**
 * Whether the journeys save their screenshots (the pages at the widths they check, for a person
 * to look at): on a developer's run, not on CI, where nobody opens them and the clone is thrown
 * away. A full-page screenshot costs the browser about four page loads of processor time (raster
 * of the whole page, PNG encoding, the copy to the test), and the journeys took 235 (decision
 * 0134). E2E_SCREENSHOTS=1 saves them on CI too, E2E_SCREENSHOTS=0 skips them anywhere.
 */
export const SAVE_SCREENSHOTS =
  process.env.E2E_SCREENSHOTS === undefined ? !process.env.CI : process.env.E2E_SCREENSHOTS !== '0';

/** Saves a screenshot of the page or the element to `options.path` when screenshots are kept. */
export async function saveScreenshot(
  target: Page,
  options: PageScreenshotOptions & { path: string },
): Promise<void>;
export async function saveScreenshot(
  target: Locator,
  options: LocatorScreenshotOptions & { path: string },
): Promise<void>;
export async function saveScreenshot(
  target: Page | Locator,
  options: (PageScreenshotOptions | LocatorScreenshotOptions) & { path: string },
): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  await target.screenshot(options);
}
