import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import {
  AUDIT_ENTITY_LABELS,
  AUDIT_PAGE_SIZE,
  auditEntityTypeSchema,
  listAuditEntries,
} from '@comptoir/contract/admin-audit';
import { parseSiteId } from '../../../../lib/site-id';
import { AuditEntryList } from '../../../../modules/admin/audit/audit-entry-list';
import styles from '../../../../modules/admin/audit/audit.module.css';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';

export const instant = false;

export const metadata: Metadata = { title: 'Journal des modifications' };

interface JournalPageProps {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The journal: every administrator write of the site, newest first, by page, by type. */
export default async function JournalPage({ params, searchParams }: JournalPageProps) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const query = await searchParams;
  const requestedPage = Number(single(query.page) ?? '1');
  const page = Number.isInteger(requestedPage) && requestedPage > 0 ? requestedPage : 1;
  const parsedType = auditEntityTypeSchema.safeParse(single(query.type));
  const entityType = parsedType.success ? parsedType.data : undefined;
  const api = await adminScreenApi(siteId);
  const { list, total } = await api.call(listAuditEntries, {
    query: { page, nbItem: AUDIT_PAGE_SIZE, entityType },
  });
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const linkTo = (target: number) =>
    `/admin/journal?${new URLSearchParams({
      ...(entityType ? { type: entityType } : {}),
      page: String(target),
    }).toString()}`;

  return (
    <>
      <h1>Journal des modifications</h1>
      <p>
        Chaque modification faite dans l&apos;administration, avec son auteur, sa date et les
        valeurs avant et après.
      </p>
      <form method="get" action="/admin/journal" className={styles.filters}>
        <label>
          Type d&apos;élément
          <select name="type" defaultValue={entityType ?? ''}>
            <option value="">Tous</option>
            {Object.entries(AUDIT_ENTITY_LABELS).map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.buttonLike}>
          Filtrer
        </button>
      </form>
      <p role="status">
        {total === 0
          ? 'Aucune modification enregistrée.'
          : `${total} modification${total > 1 ? 's' : ''} — page ${page} sur ${pages}`}
      </p>
      <AuditEntryList entries={list} withChanges />
      {pages > 1 && (
        <nav aria-label="Pages du journal" className={styles.pager}>
          {page > 1 ? <a href={linkTo(page - 1)}>← Plus récentes</a> : <span />}
          {page < pages ? <a href={linkTo(page + 1)}>Plus anciennes →</a> : <span />}
        </nav>
      )}
    </>
  );
}
