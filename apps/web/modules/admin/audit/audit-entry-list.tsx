import { AUDIT_ENTITY_LABELS, type AuditEntry } from '@comptoir/contract/admin-audit';
import { auditChanges, auditSummary } from './audit-diff';
import styles from './audit.module.css';

const WHEN = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

export function auditWhen(iso: string): string {
  return WHEN.format(new Date(iso));
}

/** The journal's entries: who, when, what, and (when `withChanges`) each changed value. */
export function AuditEntryList({
  entries,
  withChanges,
}: {
  entries: readonly AuditEntry[];
  withChanges: boolean;
}) {
  return (
    <ol className={styles.entries}>
      {entries.map((entry) => {
        const changes = withChanges
          ? auditChanges(entry.before, entry.after, entry.entityType)
          : [];
        return (
          <li key={entry.id} className={styles.entry}>
            <p className={styles.summary}>{auditSummary(entry)}</p>
            <p className={styles.meta}>
              <time dateTime={entry.createdAt}>{auditWhen(entry.createdAt)}</time> ·{' '}
              {entry.userEmail} ·{' '}
              <span className={styles.type}>
                {AUDIT_ENTITY_LABELS[entry.entityType] ?? entry.entityType}
              </span>
            </p>
            {changes.length > 0 && (
              <details className={styles.details}>
                <summary>
                  Voir les modifications ({changes.length} valeur{changes.length > 1 ? 's' : ''})
                </summary>
                <div className={styles.tableScroll}>
                  <table className={styles.changes}>
                    <thead>
                      <tr>
                        <th scope="col">Champ</th>
                        <th scope="col">Avant</th>
                        <th scope="col">Après</th>
                      </tr>
                    </thead>
                    <tbody>
                      {changes.map((change) => (
                        <tr key={change.path}>
                          <th scope="row">{change.path}</th>
                          <td className={styles.before}>
                            {change.before ?? <em>(aucune valeur)</em>}
                          </td>
                          <td className={styles.after}>
                            {change.after ?? <em>(aucune valeur)</em>}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}
