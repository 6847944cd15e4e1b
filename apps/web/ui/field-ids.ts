/** The ids a field's label, hint and error hang on, from one useId() value. */
export function fieldIds(id: string) {
  return { control: id, hint: `${id}-hint`, error: `${id}-error` };
}

/** aria-describedby for a control: its hint, then its error, whichever are shown. */
export function describedBy(
  ids: ReturnType<typeof fieldIds>,
  hasHint: boolean,
  hasError: boolean,
): string | undefined {
  const parts = [hasHint ? ids.hint : null, hasError ? ids.error : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}
