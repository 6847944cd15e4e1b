import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails with the list of serious or critical axe-core violations on the current page. */
export async function expectNoSeriousAccessibilityViolations(page: Page): Promise<void> {
  // Colours are checked at rest: a button the pointer just clicked would otherwise be measured
  // halfway through its hover transition, in colours no one ever reads.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Next streams a dynamic page's metadata after its first bytes: on a loaded machine the title
  // arrives a moment after the page shows. axe would read a page without one (document-title).
  await expect(page, 'the page has a title').toHaveTitle(/\S/, { timeout: 15_000 });
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, serious.join('\n')).toEqual([]);
}
