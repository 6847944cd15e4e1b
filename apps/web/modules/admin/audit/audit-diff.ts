import {
  ORDER_STATUS_LABELS,
  orderRefundSummary,
  type OrderStatus,
  orderStatusSummary,
} from '@comptoir/domain/order';

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

function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && Object.hasOwn(ORDER_STATUS_LABELS, value);
}

/** An order's state in the owner's words (« expédiée », not SHIPPED); anything else as it is. */
function inWords(value: unknown, entityType: string | undefined): unknown {
  if (entityType !== 'order' || value === null || typeof value !== 'object') return value;
  const status = (value as { status?: unknown }).status;
  return isOrderStatus(status) ? { ...value, status: ORDER_STATUS_LABELS[status] } : value;
}

/**
 * What a journal entry changed, field by field: the values that differ between before and after
 * (a creation lists every field with no « avant », a deletion every field with no « après »).
 */
export function auditChanges(before: unknown, after: unknown, entityType?: string): AuditChange[] {
  const old = new Map<string, unknown>();
  const next = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(inWords(before, entityType), '', old);
  if (after !== null && after !== undefined) flatten(inWords(after, entityType), '', next);
  const paths = [...new Set([...old.keys(), ...next.keys()])];
  return paths
    .filter((path) => shown(old.get(path)) !== shown(next.get(path)))
    .map((path) => ({
      path: path || 'Valeur',
      before: shown(old.get(path)),
      after: shown(next.get(path)),
    }));
}

/** How the journal wrote an order's state change or refund before decision 0085. */
const EARLIER_ORDER_SUMMARY = /^Commande n° (\d+) (?:passée à l'état ([A-Z_]+)|remboursée)$/;

/**
 * The entry's sentence. Entries written before decision 0085 named an order by its number and
 * its state by its code (« Commande n° 53 passée à l'état SHIPPED »): they read as the new ones
 * do (« Commande C000053 passée à l'état « expédiée » »), with the reference the customer has.
 */
export function auditSummary(entry: { entityType: string; summary: string }): string {
  if (entry.entityType !== 'order') return entry.summary;
  const earlier = EARLIER_ORDER_SUMMARY.exec(entry.summary);
  if (!earlier) return entry.summary;
  const number = Number(earlier[1]);
  if (earlier[2] === undefined) return orderRefundSummary(number);
  return isOrderStatus(earlier[2]) ? orderStatusSummary(number, earlier[2]) : entry.summary;
}
