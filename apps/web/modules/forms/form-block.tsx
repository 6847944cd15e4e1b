import { useId } from 'react';
import {
  acceptedTypesLabel,
  fieldAccept,
  fieldMaxLength,
  fieldMaxSizeMb,
  type Form,
  type FormField,
} from '@comptoir/contract/form';
import type { BlockOf } from '@comptoir/contract/page-blocks';
import { getSiteForm } from '../../lib/data/forms.server';
import { FormView } from '../page-blocks/lazy-blocks';
import type { FieldRules } from './form-view';
import styles from './forms.module.css';

interface FormBlockProps {
  block: BlockOf<'form'>;
  siteId: number;
}

/**
 * One of the site's forms (GET /forms/{id}): its heading and description come from the server,
 * cached per site; the fields are filled and sent in the browser. A form the site does not have
 * shows nothing, so that the rest of the page still renders; the server log says why.
 */
export async function FormBlock({ block, siteId }: FormBlockProps) {
  const form = await getSiteForm(siteId, block.formId);
  if (!form) {
    console.warn(`Form block skipped: site ${siteId} has no form ${block.formId}.`);
    return null;
  }
  if (form.fields.length === 0) return null;
  return <FormSection title={block.title ?? form.title} form={form} siteId={siteId} />;
}

function fieldRules(field: FormField): FieldRules {
  if (field.type !== 'FILE') return { maxLength: fieldMaxLength(field) };
  const limits = `Formats acceptés : ${acceptedTypesLabel(fieldAccept(field))} ; ${fieldMaxSizeMb(field).toLocaleString('fr-FR')} Mo au plus.`;
  return {
    accept: fieldAccept(field).join(','),
    fileHint: field.helpText ? `${field.helpText} ${limits}` : limits,
  };
}

function FormSection({ title, form, siteId }: { title: string; form: Form; siteId: number }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.block}>
      <div className={styles.intro}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        {form.description ? <p className={styles.description}>{form.description}</p> : null}
      </div>
      <FormView
        form={form}
        rules={Object.fromEntries(form.fields.map((field) => [field.key, fieldRules(field)]))}
        siteId={siteId}
        labelledBy={headingId}
      />
    </section>
  );
}
