/** One value that changed, named by its path in the entity (`blocks › 1 › html`). */
export interface AuditChange {
  path: string;
  before: string | null;
  after: string | null;
}

const MAX_SHOWN = 400;

/** The owner's words for the fields the journal keeps most often; other keys are shown as they are. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  value: 'Valeur',
  url: 'Adresse',
  title: 'Titre',
  blocks: 'Blocs',
  html: 'Texte',
  route: 'Liste',
  position: 'Position',
  backgroundColor: 'Couleur de fond',
  imageUrl: 'Image',
  linkUrl: 'Lien',
  registrationCapacity: 'Places',
  status: 'État',
  isPaid: 'Payée',
  restock: 'Articles remis en stock',
  htmlHash: 'Empreinte du HTML',
  previewKey: "Fichier de l'aperçu",
  updatedAt: 'Mis à jour le',
  readAt: 'Lu le',
  repliedAt: 'Répondu le',
  replySubject: 'Objet de la réponse',
  replyMessage: 'Réponse',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const WHEN = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'string' && ISO_DATE.test(value)) return WHEN.format(new Date(value));
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
    for (const [key, item] of entries) {
      const label = FIELD_LABELS[key] ?? key;
      flatten(item, path ? `${path} › ${label}` : label, into);
    }
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
      path: path || 'Valeur',
      before: shown(old.get(path)),
      after: shown(next.get(path)),
    }));
}
