'use client';

import {
  checkLayoutHash,
  PREVIEW_HTML_FIELD,
  PREVIEW_IMAGE_FIELD,
  uploadLayoutPreview,
} from '@comptoir/contract/admin';
import { MAIN_LAYOUT_ID } from '../../admin-panel/admin-panel';
import { capturePreview } from '../../admin-panel/capture-preview';
import type { BrowserApi } from '../../account/browser-api';

/** The storefront's <main>, which the admin panel hashes too: one layout per page. */
const MAIN_ID = 'contenu';
/** Wide enough for the desktop layout, which the stored preview shows. */
const FRAME_WIDTH = 1280;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens the public page in a hidden same-origin frame and hands its <main> to `read`, then
 * removes the frame. The page is the one visitors get, from the storefront's cache.
 */
async function withStorefrontPage<T>(
  url: string,
  read: (main: HTMLElement) => Promise<T>,
): Promise<T> {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = 'Page publiée (préparation de l’aperçu)';
  frame.style.cssText = `position:fixed;left:-${FRAME_WIDTH * 2}px;top:0;width:${FRAME_WIDTH}px;height:900px;border:0;`;
  try {
    const loaded = new Promise<void>((resolve, reject) => {
      frame.addEventListener('load', () => resolve(), { once: true });
      frame.addEventListener('error', () => reject(new Error('frame')), { once: true });
    });
    // A query string of its own keeps this request off the one-second page copies.
    frame.src = `${url}${url.includes('?') ? '&' : '?'}publication=${Date.now()}`;
    document.body.append(frame);
    await loaded;
    const main = frame.contentDocument?.getElementById(MAIN_ID);
    if (!main) throw new Error("La page publiée n'a pas pu être lue.");
    await frame.contentDocument!.fonts?.ready;
    return await read(main);
  } finally {
    frame.remove();
  }
}

export type PublishOutcome = 'uploaded' | 'up-to-date';

/**
 * Publishing, once the blocks are saved: read the public page as visitors now get it (waiting
 * for the storefront to drop its cached copy when the content changed), ask the API whether the
 * stored preview was made from that HTML (`POST …/hash/check`), and if not, draw the page and
 * upload the new preview with the HTML it was made from (`PUT …/preview`) — the same two calls
 * and the same <main> as the storefront's admin panel.
 */
export async function publishPreview(
  api: BrowserApi,
  page: { id: number; url: string },
  previousHtml: string | null,
): Promise<PublishOutcome> {
  const layout = { idPage: page.id, idLayout: MAIN_LAYOUT_ID };
  for (let attempt = 0; ; attempt += 1) {
    const outcome = await withStorefrontPage(page.url, async (main) => {
      const html = main.innerHTML;
      // The storefront refreshes the page when the API tells it to, just after the save.
      if (previousHtml !== null && html === previousHtml && attempt < 6) return null;
      const { upToDate } = await api.call(checkLayoutHash, { params: layout, body: { html } });
      if (upToDate) return 'up-to-date' as const;
      const image = await capturePreview(main);
      const form = new FormData();
      form.append(PREVIEW_HTML_FIELD, html);
      form.append(
        PREVIEW_IMAGE_FIELD,
        image,
        image.type === 'image/png' ? 'apercu.png' : 'apercu.jpg',
      );
      await api.call(uploadLayoutPreview, { params: layout, body: form });
      return 'uploaded' as const;
    });
    if (outcome) return outcome;
    await pause(250 * (attempt + 1));
  }
}

/** The public page's <main> as it is now, to tell when the storefront shows the saved content. */
export function currentStorefrontHtml(url: string): Promise<string> {
  return withStorefrontPage(url, async (main) => main.innerHTML);
}
