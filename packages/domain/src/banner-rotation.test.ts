import { describe, expect, it } from 'vitest';
import {
  BANNER_ANIMATION_MS,
  BANNER_ROTATION_INTERVAL_MS,
  nextBannerIndex,
  PROMO_BANNER_MAX_ITEMS,
  shouldRotateBanner,
} from './banner-rotation';

describe('shouldRotateBanner', () => {
  it('keeps one or two messages still and rotates from three', () => {
    expect(shouldRotateBanner(0)).toBe(false);
    expect(shouldRotateBanner(1)).toBe(false);
    expect(shouldRotateBanner(2)).toBe(false);
    expect(shouldRotateBanner(3)).toBe(true);
    expect(shouldRotateBanner(PROMO_BANNER_MAX_ITEMS)).toBe(true);
  });
});

describe('banner timing', () => {
  it('rotates every 6 seconds with a 1 second animation, for up to 1000 messages', () => {
    expect(BANNER_ROTATION_INTERVAL_MS).toBe(6000);
    expect(BANNER_ANIMATION_MS).toBe(1000);
    expect(PROMO_BANNER_MAX_ITEMS).toBe(1000);
  });
});

describe('nextBannerIndex', () => {
  it('goes through every message and back to the first', () => {
    const seen = [0];
    for (let step = 0; step < 3; step += 1) seen.push(nextBannerIndex(seen.at(-1)!, 3));
    expect(seen).toEqual([0, 1, 2, 0]);
  });

  it('recovers from an index that no longer exists after the list shrank', () => {
    expect(nextBannerIndex(7, 3)).toBe(2);
    expect(nextBannerIndex(-1, 3)).toBe(1);
    expect(nextBannerIndex(Number.NaN, 3)).toBe(1);
    expect(nextBannerIndex(0, 0)).toBe(0);
  });
});
