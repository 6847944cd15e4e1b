import type { Page } from '@playwright/test';
import { apiFor } from './api';

/** The storefront's localStorage key of closed popups (apps/web/modules/popup/popup-store.ts). */
const POPUP_STORAGE_KEY = 'comptoir-popups';

/**
 * Makes the browser remember the popups of a site's pages as closed at `closedAt` (now by
 * default), as if the visitor had closed them then. Journeys that work with the home page's own
 * controls call it before their first visit, since site 91's home page opens a welcome popup.
 */
export async function rememberPopupsClosed(
  page: Page,
  siteId = 91,
  closedAt: number = Date.now(),
): Promise<void> {
  const ids: number[] = [];
  const collect = (pages: Awaited<ReturnType<ReturnType<typeof apiFor>['getPageTree']>>) => {
    for (const entry of pages) {
      if (typeof entry.idPopup === 'number') ids.push(entry.idPopup);
      collect(entry.children);
    }
  };
  collect(await apiFor(siteId).getPageTree());
  const closed = Object.fromEntries(ids.map((id) => [String(id), closedAt]));
  await page.addInitScript(
    ({ key, value }) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    },
    { key: POPUP_STORAGE_KEY, value: JSON.stringify({ state: { closed }, version: 0 }) },
  );
}
