/**
 * When a popup opens (docs/requirements/banner-and-popups.md): a popup the visitor closed stays closed for the number of days
 * the site chose, remembered in the browser's local storage, unless the popup is set to show on
 * every reload. Within one visit a popup opens at most once: the ids of the popups already opened
 * are kept for the page's lifetime, so coming back to the page does not open it again.
 */
export interface PopupDisplayRules {
  id: number;
  showOnEveryReload: boolean;
  rememberClosedDays: number;
}

/** When each popup was last closed (milliseconds since the epoch), keyed by popup id. */
export type ClosedPopups = Readonly<Record<string, number>>;

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest a closing is remembered; older entries are forgotten. */
export const MAX_REMEMBER_CLOSED_DAYS = 365;

/** Whether the visitor closed this popup recently enough for it to stay closed. */
export function isRememberedAsClosed(
  popup: PopupDisplayRules,
  closed: ClosedPopups,
  now: number,
): boolean {
  if (popup.showOnEveryReload) return false;
  const closedAt = Object.hasOwn(closed, String(popup.id)) ? closed[String(popup.id)] : undefined;
  if (closedAt === undefined) return false;
  const days = Math.min(Math.max(popup.rememberClosedDays, 0), MAX_REMEMBER_CLOSED_DAYS);
  return now < closedAt + days * DAY_MS;
}

export function isPopupOpened(openedIds: readonly number[], id: number): boolean {
  return openedIds.includes(id);
}

/** Whether to open the popup now: not yet opened in this visit, nor closed recently. */
export function shouldOpenPopup(
  popup: PopupDisplayRules,
  memory: { closed: ClosedPopups; openedIds: readonly number[] },
  now: number,
): boolean {
  return (
    !isPopupOpened(memory.openedIds, popup.id) && !isRememberedAsClosed(popup, memory.closed, now)
  );
}

/** Records an opening once. */
export function recordOpened(openedIds: readonly number[], id: number): number[] {
  return openedIds.includes(id) ? [...openedIds] : [...openedIds, id];
}

/**
 * Records a closing, unless the popup shows on every reload (then nothing is stored). Closings
 * older than the longest remembered period are forgotten on the way, so storage does not grow.
 */
export function rememberClosed(
  closed: ClosedPopups,
  popup: PopupDisplayRules,
  now: number,
): ClosedPopups {
  const kept = forgetOldClosings(closed, now);
  if (popup.showOnEveryReload) return kept;
  return { ...kept, [String(popup.id)]: now };
}

export function forgetOldClosings(closed: ClosedPopups, now: number): ClosedPopups {
  const oldest = now - MAX_REMEMBER_CLOSED_DAYS * DAY_MS;
  return Object.fromEntries(Object.entries(closed).filter(([, closedAt]) => closedAt > oldest));
}

/**
 * Reads what local storage holds, which a visitor or an older version may have altered: only
 * positive integer ids with a finite time are kept.
 */
export function readClosedPopups(stored: unknown): ClosedPopups {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(
      ([id, closedAt]) =>
        /^[1-9]\d{0,9}$/.test(id) && typeof closedAt === 'number' && Number.isFinite(closedAt),
    ),
  );
}
