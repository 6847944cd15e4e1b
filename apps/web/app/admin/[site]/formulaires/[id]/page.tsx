import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FORM_ANSWERS_PAGE_SIZE, listFormAnswers } from '@comptoir/contract/admin-forms';
import { ApiError } from '@comptoir/contract/client';
import { parseSiteId } from '../../../../../lib/site-id';
import { auditWhen } from '../../../../../modules/admin/audit/audit-entry-list';
import pager from '../../../../../modules/admin/audit/audit.module.css';
import { adminScreenApi } from '../../../../../modules/admin/frame/admin-session.server';
import styles from '../../../../../modules/admin/messages/messages.module.css';
import { IntentLink } from '../../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Réponses au formulaire' };

interface FormAnswersPageProps {
  params: Promise<{ site: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const SIZE = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

function fileSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${SIZE.format(bytes / 1024)} Ko`
    : `${SIZE.format(bytes / 1024 / 1024)} Mo`;
}

/** One form's answers, newest first, with their files and the CSV export. */
export default async function FormAnswersPage({ params, searchParams }: FormAnswersPageProps) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const formId = parseSiteId(id);
  if (siteId === null || formId === null) notFound();
  const query = await searchParams;
  const requested = Number(Array.isArray(query.page) ? query.page[0] : (query.page ?? '1'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const api = await adminScreenApi(siteId);
  const { form, list, total } = await api
    .call(listFormAnswers, {
      params: { id: formId },
      query: { page, nbItem: FORM_ANSWERS_PAGE_SIZE },
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    });
  const pages = Math.max(1, Math.ceil(total / FORM_ANSWERS_PAGE_SIZE));

  return (
    <>
      <p>
        <IntentLink href="/admin/formulaires">← Tous les formulaires</IntentLink>
      </p>
      <h1>{form.title}</h1>
      <p>
        <IntentLink href={`/admin/formulaires/${form.id}/modifier`}>
          Modifier le formulaire
        </IntentLink>
      </p>
      <p>
        {total} réponse{total > 1 ? 's' : ''}.{' '}
        {total > 0 && (
          // A file to save, not a screen: the browser downloads it.
          <a href={`/admin/formulaires/${form.id}/export`} download className={styles.primary}>
            Télécharger les réponses (CSV pour Excel)
          </a>
        )}
      </p>
      {list.length === 0 ? (
        <p>Aucune réponse pour le moment.</p>
      ) : (
        <ol className={styles.list}>
          {list.map((answer) => (
            <li key={answer.id} className={styles.card}>
              <h2>
                Réponse du <time dateTime={answer.createdAt}>{auditWhen(answer.createdAt)}</time>
              </h2>
              <dl className={styles.answerDetails}>
                {answer.values.map((value) => (
                  <div key={value.key} className={styles.detailRow}>
                    <dt>{value.label}</dt>
                    <dd>{value.value || '—'}</dd>
                  </div>
                ))}
              </dl>
              {answer.files.length > 0 && (
                <ul>
                  {answer.files.map((file) => (
                    <li key={file.key}>
                      <a href={`/admin/formulaires/fichier/${file.key}`} download={file.name}>
                        {file.fieldLabel} : {file.name}
                      </a>{' '}
                      ({fileSize(file.size)})
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <nav aria-label="Pages des réponses" className={pager.pager}>
          {page > 1 ? (
            <IntentLink href={`/admin/formulaires/${form.id}?page=${page - 1}`}>
              ← Plus récentes
            </IntentLink>
          ) : (
            <span />
          )}
          {page < pages ? (
            <IntentLink href={`/admin/formulaires/${form.id}?page=${page + 1}`}>
              Plus anciennes →
            </IntentLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}
