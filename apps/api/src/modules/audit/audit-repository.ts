import { and, count, desc, eq } from 'drizzle-orm';
import type { AuditEntry } from '@comptoir/contract/admin-audit';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { AuditActor } from './audit-actor';

export interface AuditRecord {
  siteId: number;
  actor: AuditActor;
  /** create, update, delete, or the entity's own verb (refund, status, reply, read…). */
  action: string;
  /** Lower-case, hyphenated: page, parameter, element, order… (labels: AUDIT_ENTITY_LABELS). */
  entityType: string;
  entityId: string | number | null;
  /** One French sentence the owner reads in the journal. */
  summary: string;
  before: unknown;
  after: unknown;
}

/** Keys whose values never reach the journal, whatever entity they come from. */
const SECRET_KEY = /password|token|secret|api[-_]?key|authorization|cookie/i;
export const AUDIT_MASKED_VALUE = '[masqué]';

/** A copy of a value fit for the journal: JSON only, secrets masked, undefined as null. */
export function auditSnapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(auditSnapshot);
  if (typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined) continue;
      copy[key] = SECRET_KEY.test(key) ? AUDIT_MASKED_VALUE : auditSnapshot(item);
    }
    return copy;
  }
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/**
 * Records one administrator write in the site's journal (GET /admin/audit, the back office's
 * « Journal »). Call it with the transaction of the write when there is one, so that the entry and
 * the change are committed together; otherwise with the database, right after the write:
 *
 *   const actor = await adminActor(request);     // in the route (./audit-actor)
 *   await recordAudit(tx, {                        // in the repository, in the write's transaction
 *     siteId, actor, action: 'update', entityType: 'page', entityId: pageId,
 *     summary: `Contenu de la page « ${title} » modifié`, before: { blocks: old }, after: { blocks },
 *   });
 *
 * `before` is null for a creation, `after` null for a deletion. Values are stored as JSON with
 * password, token, secret and key fields masked; never put a password hash or a token in them.
 */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    siteId: record.siteId,
    userId: record.actor.userId,
    userEmail: record.actor.userEmail,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId === null ? null : String(record.entityId),
    summary: record.summary,
    before: auditSnapshot(record.before),
    after: auditSnapshot(record.after),
  });
}

export function createAuditRepository(db: Db) {
  return {
    async list(
      siteId: number,
      options: { entityType?: string; offset: number; limit: number },
    ): Promise<{ list: AuditEntry[]; total: number }> {
      const where = and(
        eq(auditLog.siteId, siteId),
        options.entityType ? eq(auditLog.entityType, options.entityType) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return {
        list: rows.map((row) => ({
          id: row.id,
          userId: row.userId,
          userEmail: row.userEmail,
          action: row.action,
          entityType: row.entityType,
          entityId: row.entityId,
          summary: row.summary,
          before: row.before ?? null,
          after: row.after ?? null,
          createdAt: row.createdAt.toISOString(),
        })),
        total: counted?.total ?? 0,
      };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
