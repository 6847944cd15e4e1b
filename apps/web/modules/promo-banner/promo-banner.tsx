import { PROMO_BANNER_LIST_ROUTE, PROMO_BANNER_MAX_ITEMS } from '@comptoir/domain/banner-rotation';
import { escapeHtml } from '@comptoir/domain/legal-text';
import { readableTextOn, relativeLuminance } from '@comptoir/domain/colour-contrast';
import { getElementListPage } from '../../lib/data/elements.server';
import { sanitizeInlineHtml } from '@comptoir/domain/rich-text';
import { PromoBannerMessages, type BannerMessage } from './promo-banner-messages';

/**
 * The promotional banner at the very top of every page (docs/requirements/banner-and-popups.md), fed by the element list
 * 'bandeau-promotionnel'. Each message keeps its own background colour, with white or dark text,
 * whichever reads best on it; SHOW_PROMOTE_MESSAGE switches the whole banner off.
 */
export async function PromoBanner({ siteId, enabled }: { siteId: number; enabled: boolean }) {
  if (!enabled) return null;
  const { list } = await getElementListPage(
    siteId,
    PROMO_BANNER_LIST_ROUTE,
    PROMO_BANNER_MAX_ITEMS,
  );
  const messages: BannerMessage[] = list.flatMap((element) => {
    const html = sanitizeInlineHtml(element.html ?? escapeHtml(element.title));
    if (html === '') return [];
    const background =
      element.backgroundColor && relativeLuminance(element.backgroundColor) !== null
        ? element.backgroundColor
        : null;
    return [
      {
        id: element.id,
        html,
        background,
        color: background ? readableTextOn(background) : null,
      },
    ];
  });
  if (messages.length === 0) return null;
  return <PromoBannerMessages messages={messages} />;
}
