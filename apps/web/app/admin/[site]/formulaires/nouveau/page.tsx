import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseSiteId } from '../../../../../lib/site-id';
import { FormBuilder } from '../../../../../modules/admin/forms/form-builder';
import { adminScreenApi } from '../../../../../modules/admin/frame/admin-session.server';
import { IntentLink } from '../../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Nouveau formulaire' };

export default async function NewFormPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  // Checks the session and the role before showing the builder.
  await adminScreenApi(siteId);
  return (
    <>
      <p>
        <IntentLink href="/admin/formulaires">← Tous les formulaires</IntentLink>
      </p>
      <h1>Nouveau formulaire</h1>
      <FormBuilder siteId={siteId} form={null} />
    </>
  );
}
