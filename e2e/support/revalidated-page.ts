import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens `path` until `changed` shows on it. After an admin write, the API tells the storefront to
 * revalidate, and the page is rendered again on its next request: seconds on a loaded machine,
 * more than expect's default 5 s. A page that never shows the change fails after `timeout`.
 */
export async function openUntilShown(
  page: Page,
  path: string,
  changed: (page: Page) => Locator,
  timeout = 30_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return changed(page).isVisible();
      },
      { timeout, message: `${path} never showed the change` },
    )
    .toBe(true);
}
