/**
 * The promotional banner (docs/requirements/banner-and-popups.md) shows the messages of the element list
 * 'bandeau-promotionnel'. With one or two messages every one of them stays in view; with more,
 * one message is shown at a time and the next one slides in every 6 s, in a 1 s animation.
 */
export const PROMO_BANNER_LIST_ROUTE = 'bandeau-promotionnel';
/** The most messages the banner asks for (one page of the element list). */
export const PROMO_BANNER_MAX_ITEMS = 1000;
export const BANNER_ROTATION_INTERVAL_MS = 6000;
export const BANNER_ANIMATION_MS = 1000;
/** Rotation starts above this many messages. */
export const BANNER_STATIC_MAX_ITEMS = 2;

/** Whether the banner rotates: only when more than two messages exist. */
export function shouldRotateBanner(messageCount: number): boolean {
  return messageCount > BANNER_STATIC_MAX_ITEMS;
}

/** The message shown after `current`, back to the first after the last. */
export function nextBannerIndex(current: number, messageCount: number): number {
  if (messageCount <= 0) return 0;
  const index = Number.isInteger(current) && current >= 0 ? current % messageCount : 0;
  return (index + 1) % messageCount;
}
