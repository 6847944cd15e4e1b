/*
 * The query strings of the back office's list screens, read defensively: a value the API would
 * refuse (a mistyped date, an unknown status) is left out instead of breaking the screen.
 */

export type ScreenQuery = Record<string, string | string[] | undefined>;

export function textParam(query: ScreenQuery, key: string): string | undefined {
  const value = query[key];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim() : undefined;
}

export function dateParam(query: ScreenQuery, key: string): string | undefined {
  const value = textParam(query, key);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

export function choiceParam<T extends string>(
  query: ScreenQuery,
  key: string,
  choices: readonly T[],
): T | undefined {
  const value = textParam(query, key);
  return choices.find((choice) => choice === value);
}

export function pageParam(query: ScreenQuery): number {
  const requested = Number(textParam(query, 'page') ?? '1');
  return Number.isInteger(requested) && requested > 0 ? requested : 1;
}

/**
 * The pages of a growing list reached by their number (an offset); past them the next page
 * follows the last row shown (`apres`, keyset paging: decision 0123), which costs the same at
 * any depth.
 */
export const NUMBERED_PAGES = 5;

/** The id of the row the page follows (`apres`), when valid. */
export function afterParam(query: ScreenQuery): number | undefined {
  const value = Number(textParam(query, 'apres') ?? '');
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
}

/**
 * The pager's targets from page `page` whose last row is `lastId`: the next page by number
 * within the numbered pages, else after that row; the page before by number, or the first page
 * once the pages before are reached by keyset only.
 */
export function pagerTargets(page: number, lastId: number | undefined) {
  return {
    next:
      page < NUMBERED_PAGES || lastId === undefined
        ? { page: page + 1 }
        : { page: page + 1, apres: lastId },
    previous:
      page - 1 <= NUMBERED_PAGES
        ? { page: page - 1, label: 'previous' as const }
        : { page: 1, label: 'first' as const },
  };
}

/** The screen's address with these parameters (empty ones left out). */
export function screenHref(path: string, params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
