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

/** The screen's address with these parameters (empty ones left out). */
export function screenHref(path: string, params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
