/** One value that changed, named by its path in the entity (`blocks › 1 › html`). */
export interface AuditChange {
  path: string;
  before: string | null;
  after: string | null;
}

const MAX_SHOWN = 400;

function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

function flatten(value: unknown, path: string, into: Map<string, unknown>): void {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index + 1), item] as const)
      : Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) {
      into.set(path, Array.isArray(value) ? '(vide)' : '{}');
      return;
    }
    for (const [key, item] of entries) flatten(item, path ? `${path} › ${key}` : key, into);
    return;
  }
  into.set(path, value);
}

/**
 * What a journal entry changed, field by field: the values that differ between before and after
 * (a creation lists every field with no « avant », a deletion every field with no « après »).
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const old = new Map<string, unknown>();
  const next = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', old);
  if (after !== null && after !== undefined) flatten(after, '', next);
  const paths = [...new Set([...old.keys(), ...next.keys()])];
  return paths
    .filter((path) => shown(old.get(path)) !== shown(next.get(path)))
    .map((path) => ({
      path: path || 'valeur',
      before: shown(old.get(path)),
      after: shown(next.get(path)),
    }));
}
