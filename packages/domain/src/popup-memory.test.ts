import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  forgetOldClosings,
  isPopupOpened,
  isRememberedAsClosed,
  MAX_REMEMBER_CLOSED_DAYS,
  readClosedPopups,
  recordOpened,
  rememberClosed,
  shouldOpenPopup,
} from './popup-memory';

const now = Date.UTC(2026, 10, 21, 10, 0, 0);
const welcome = { id: 4, showOnEveryReload: false, rememberClosedDays: 7 };
const everyReload = { id: 5, showOnEveryReload: true, rememberClosedDays: 7 };

describe('shouldOpenPopup', () => {
  it('opens a popup the visitor has never seen', () => {
    expect(shouldOpenPopup(welcome, { closed: {}, openedIds: [] }, now)).toBe(true);
  });

  it('keeps a closed popup closed for the days the site chose', () => {
    const closed = rememberClosed({}, welcome, now);
    expect(shouldOpenPopup(welcome, { closed, openedIds: [] }, now + 6 * DAY_MS)).toBe(false);
    expect(shouldOpenPopup(welcome, { closed, openedIds: [] }, now + 7 * DAY_MS)).toBe(true);
  });

  it('shows a popup set to show on every reload again after closing', () => {
    const closed = rememberClosed({}, everyReload, now);
    expect(closed).toEqual({});
    expect(shouldOpenPopup(everyReload, { closed, openedIds: [] }, now + 1000)).toBe(true);
  });

  it('opens a popup at most once in a visit, even one that shows on every reload', () => {
    const openedIds = recordOpened([], everyReload.id);
    expect(shouldOpenPopup(everyReload, { closed: {}, openedIds }, now)).toBe(false);
    expect(shouldOpenPopup(welcome, { closed: {}, openedIds }, now)).toBe(true);
  });

  it('treats zero days as not remembering the closing at all', () => {
    const popup = { ...welcome, rememberClosedDays: 0 };
    const closed = rememberClosed({}, popup, now);
    expect(isRememberedAsClosed(popup, closed, now + 1)).toBe(false);
  });

  it('remembers a closing for a year at most', () => {
    const popup = { ...welcome, rememberClosedDays: 10_000 };
    const closed = rememberClosed({}, popup, now);
    expect(isRememberedAsClosed(popup, closed, now + 364 * DAY_MS)).toBe(true);
    expect(isRememberedAsClosed(popup, closed, now + MAX_REMEMBER_CLOSED_DAYS * DAY_MS)).toBe(
      false,
    );
  });

  it('keeps each popup apart', () => {
    const closed = rememberClosed({}, welcome, now);
    expect(isRememberedAsClosed({ ...welcome, id: 9 }, closed, now + 1)).toBe(false);
  });
});

describe('recordOpened and isPopupOpened', () => {
  it('records an opened id once and can tell it was opened', () => {
    const openedIds = recordOpened(recordOpened([], 4), 4);
    expect(openedIds).toEqual([4]);
    expect(isPopupOpened(openedIds, 4)).toBe(true);
    expect(isPopupOpened(openedIds, 5)).toBe(false);
  });
});

describe('rememberClosed', () => {
  it('forgets closings older than a year on the way', () => {
    const old = { '1': now - (MAX_REMEMBER_CLOSED_DAYS + 1) * DAY_MS, '2': now - DAY_MS };
    expect(rememberClosed(old, welcome, now)).toEqual({ '2': now - DAY_MS, '4': now });
    expect(forgetOldClosings(old, now)).toEqual({ '2': now - DAY_MS });
  });
});

describe('readClosedPopups', () => {
  it('keeps only well-formed entries of what storage holds', () => {
    expect(readClosedPopups({ '4': now, x: now, '5': 'hier', '6': Number.NaN, '07': now })).toEqual(
      {
        '4': now,
      },
    );
    expect(readClosedPopups(null)).toEqual({});
    expect(readClosedPopups('{"4":1}')).toEqual({});
    expect(readClosedPopups([now])).toEqual({});
  });
});
