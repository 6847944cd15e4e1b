import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminForm } from '@comptoir/contract/admin-forms';
import { ApiError } from '@comptoir/contract/client';
import { parseSiteId } from '../../../../../../lib/site-id';
import { FormBuilder } from '../../../../../../modules/admin/forms/form-builder';
import styles from '../../../../../../modules/admin/forms/form-builder.module.css';
import { adminScreenApi } from '../../../../../../modules/admin/frame/admin-session.server';
import { IntentLink } from '../../../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Modifier le formulaire' };

interface EditFormPageProps {
  params: Promise<{ site: string; id: string }>;
}

/** The builder of one form, with where it is shown and a link to its answers. */
export default async function EditFormPage({ params }: EditFormPageProps) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const formId = parseSiteId(id);
  if (siteId === null || formId === null) notFound();
  const api = await adminScreenApi(siteId);
  const form = await api.call(getAdminForm, { params: { id: formId } }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  return (
    <>
      <p>
        <IntentLink href="/admin/formulaires">← Tous les formulaires</IntentLink>
      </p>
      <h1>{form.title}</h1>
      <div className={styles.placement}>
        <p>
          {form.pages.length === 0
            ? `Affiché sur aucune page. Pour l’afficher, ajoutez à une page un bloc « Formulaire » avec le numéro ${form.id}.`
            : `Formulaire n° ${form.id}, affiché sur :`}
        </p>
        {form.pages.length > 0 && (
          <ul className={styles.placements}>
            {form.pages.map((page) => (
              <li key={page.id}>
                <IntentLink href={`/admin/pages/${page.id}`}>{page.title}</IntentLink> ({page.url})
              </li>
            ))}
          </ul>
        )}
        <p>
          <IntentLink href={`/admin/formulaires/${form.id}`}>
            Voir les réponses ({form.answerCount})
          </IntentLink>
        </p>
      </div>
      <FormBuilder siteId={siteId} form={form} />
    </>
  );
}
