import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listFormsWithAnswers } from '@comptoir/contract/admin-forms';
import { parseSiteId } from '../../../../lib/site-id';
import { auditWhen } from '../../../../modules/admin/audit/audit-entry-list';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import styles from '../../../../modules/admin/messages/messages.module.css';
import { IntentLink } from '../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Formulaires' };

/** The site's forms, each with how many answers it has received. */
export default async function FormsPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const api = await adminScreenApi(siteId);
  const forms = await api.call(listFormsWithAnswers);

  return (
    <>
      <h1>Formulaires</h1>
      <p>Les réponses reçues par les formulaires du site, avec leurs fichiers et leur export.</p>
      {forms.length === 0 ? (
        <p>Le site n&apos;a pas encore de formulaire.</p>
      ) : (
        <ul className={styles.list}>
          {forms.map((form) => (
            <li key={form.id}>
              <IntentLink href={`/admin/formulaires/${form.id}`} className={styles.item}>
                <span className={styles.itemHead}>
                  <span className={styles.from}>{form.title}</span>
                  <span className={styles.date}>
                    {form.answerCount} réponse{form.answerCount > 1 ? 's' : ''}
                  </span>
                </span>
                <span className={styles.excerpt}>
                  {form.lastAnswerAt
                    ? `Dernière réponse le ${auditWhen(form.lastAnswerAt)}`
                    : 'Aucune réponse pour le moment'}
                </span>
              </IntentLink>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
