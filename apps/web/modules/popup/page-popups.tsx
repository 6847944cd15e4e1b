import type { Page } from '@comptoir/contract/page';
import { getSitePopup } from '../../lib/data/popups.server';
import { sanitizeRichHtml } from '@comptoir/domain/rich-text';
import { PopupLauncher, type PagePopup } from './popup-launcher';

function pagesWithPopup(pages: readonly Page[]): { url: string; id: number }[] {
  return pages.flatMap((page) => [
    ...(typeof page.idPopup === 'number' ? [{ url: page.url, id: page.idPopup }] : []),
    ...pagesWithPopup(page.children),
  ]);
}

/** The popups the site's pages open (docs/requirements/banner-and-popups.md), fetched once per site and handed to the browser. */
export async function PagePopups({ siteId, pages }: { siteId: number; pages: readonly Page[] }) {
  const withPopup = pagesWithPopup(pages);
  if (withPopup.length === 0) return null;
  const popups = (
    await Promise.all(
      withPopup.map(async ({ url, id }): Promise<PagePopup | null> => {
        const popup = await getSitePopup(siteId, id);
        return popup ? { url, popup: { ...popup, html: sanitizeRichHtml(popup.html) } } : null;
      }),
    )
  ).filter((entry): entry is PagePopup => entry !== null);
  if (popups.length === 0) return null;
  return <PopupLauncher siteId={siteId} popups={popups} />;
}
