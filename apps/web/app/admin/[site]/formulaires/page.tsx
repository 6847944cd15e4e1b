import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listFormsWithAnswers } from '@comptoir/contract/admin-forms';
import { parseSiteId } from '../../../../lib/site-id';
import { auditWhen } from '../../../../modules/admin/audit/audit-entry-list';
import styles from '../../../../modules/admin/forms/form-builder.module.css';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { IntentLink } from '../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Formulaires' };

const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`;

/** The site's forms: where each is shown, its answers, and the builder to create or change one. */
export default async function FormsPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const api = await adminScreenApi(siteId);
  const forms = await api.call(listFormsWithAnswers);

  return (
    <>
      <h1>Formulaires</h1>
      <p>
        Créez les formulaires du site, puis affichez-les sur une page avec un bloc « Formulaire »
        (Pages et menu). Les réponses reçues s’y lisent avec leurs fichiers et s’exportent pour
        Excel.
      </p>
      <p>
        <IntentLink href="/admin/formulaires/nouveau" className={styles.primary}>
          Créer un formulaire
        </IntentLink>
      </p>
      {forms.length === 0 ? (
        <p>Le site n&apos;a pas encore de formulaire.</p>
      ) : (
        <ul className={styles.formList}>
          {forms.map((form) => (
            <li key={form.id} className={styles.formCard}>
              <h2>{form.title}</h2>
              <p className={styles.note}>
                N° {form.id} · {plural(form.fieldCount, 'champ')} ·{' '}
                {plural(form.answerCount, 'réponse')}
                {form.lastAnswerAt ? `, la dernière le ${auditWhen(form.lastAnswerAt)}` : ''}
              </p>
              <p className={styles.note}>
                {form.pages.length === 0
                  ? 'Affiché sur aucune page.'
                  : `Affiché sur : ${form.pages.map((page) => `${page.title} (${page.url})`).join(', ')}.`}
              </p>
              <div className={styles.actions}>
                <IntentLink
                  href={`/admin/formulaires/${form.id}/modifier`}
                  className={styles.secondary}
                  aria-label={`Modifier le formulaire « ${form.title} »`}
                >
                  Modifier
                </IntentLink>
                <IntentLink
                  href={`/admin/formulaires/${form.id}`}
                  className={styles.secondary}
                  aria-label={`Réponses au formulaire « ${form.title} »`}
                >
                  Réponses ({form.answerCount})
                </IntentLink>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
