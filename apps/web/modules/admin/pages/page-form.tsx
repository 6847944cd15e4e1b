'use client';

import { useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { pageCreateSchema, type AdminPage, type PageCreate } from '@comptoir/contract/admin-pages';
import { slugifyPath } from '@comptoir/domain/slug';
import { CheckboxField } from '../../../ui/checkbox-field';
import { failureMessage } from '../../../ui/server-errors';
import { TextField } from '../../../ui/text-field';
import { TextareaField } from '../../../ui/textarea-field';
import { ApiError } from '@comptoir/contract/request';
import styles from './admin-pages.module.css';

type LinkChoice = 'NONE' | 'INTERNAL' | 'EXTERNAL' | 'JAVASCRIPT';

/** The form's values: the contract's page, with the link type as a plain choice. */
interface FormValues extends Omit<PageCreate, 'link' | 'idParent'> {
  idParent: string;
  linkType: LinkChoice;
  linkUrl: string;
  linkJsCode: string;
}

function initialValues(page: AdminPage | null, idParent: number | null): FormValues {
  return {
    url: page?.url ?? '',
    title: page?.title ?? '',
    menuTitle: page?.menuTitle ?? '',
    metaDescription: page?.metaDescription ?? '',
    showInMenu: page?.showInMenu ?? true,
    isFixedOnRight: page?.isFixedOnRight ?? false,
    isCustomHeader: page?.isCustomHeader ?? false,
    isCustomFooter: page?.isCustomFooter ?? false,
    idParent: String(page ? (page.idParent ?? '') : (idParent ?? '')),
    linkType: page?.link?.type ?? 'NONE',
    linkUrl: page?.link?.url ?? '',
    linkJsCode: page?.link?.jsCode ?? '',
  };
}

/** The values as the contract's schema reads them (the same schema checks them here and in the API). */
function toContract(values: FormValues): PageCreate {
  return {
    url: values.url,
    title: values.title,
    menuTitle: values.menuTitle,
    metaDescription: values.metaDescription,
    showInMenu: values.showInMenu,
    isFixedOnRight: values.isFixedOnRight,
    isCustomHeader: values.isCustomHeader,
    isCustomFooter: values.isCustomFooter,
    idParent: values.idParent === '' ? null : Number(values.idParent),
    link:
      values.linkType === 'NONE'
        ? null
        : { type: values.linkType, url: values.linkUrl || null, jsCode: values.linkJsCode || null },
  };
}

/** Field names of the contract's errors (link.url…) as this form names them. */
const FORM_FIELD_OF: Record<string, keyof FormValues> = {
  'link.url': 'linkUrl',
  'link.jsCode': 'linkJsCode',
  link: 'linkType',
};

export interface PageFormProps {
  /** The page edited, or null for a new page. */
  page: AdminPage | null;
  /** The possible parents of a new page (its place in the tree changes by moving it afterwards). */
  parents: AdminPage[];
  defaultParent?: number | null;
  onSubmit: (values: PageCreate) => Promise<void>;
  onCancel: () => void;
}

/**
 * Every field of a page (docs/requirements/pages-and-menu.md), checked with the contract's schema before it is sent; the
 * server's own refusals (a URL already used) come back on their field.
 */
export function PageForm({
  page,
  parents,
  defaultParent = null,
  onSubmit,
  onCancel,
}: PageFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    defaultValues: initialValues(page, defaultParent),
    resolver: (values) => {
      const parsed = pageCreateSchema.safeParse(toContract(values));
      if (parsed.success) return { values, errors: {} };
      const fieldErrors: Record<string, { type: string; message: string }> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        const field = FORM_FIELD_OF[key] ?? key;
        fieldErrors[field] ??= { type: issue.code, message: issue.message };
      }
      return { values: {}, errors: fieldErrors as FieldErrors<FormValues> };
    },
  });
  const linkType = useWatch({ control, name: 'linkType' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(toContract(values));
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { key, error: message } of error.errors) {
          const field = FORM_FIELD_OF[key] ?? key;
          if (field in values)
            setError(field as keyof FormValues, { message }, { shouldFocus: true });
        }
      }
      setFailure(failureMessage(error));
    }
  });

  const suggestUrl = () => {
    const parent = parents.find((candidate) => String(candidate.id) === getValues('idParent'));
    const base = parent && parent.url !== '/' ? parent.url : '';
    setValue('url', slugifyPath(`${base}/${getValues('title')}`), { shouldValidate: true });
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="Titre de la page"
        registration={register('title')}
        error={errors.title?.message}
      />
      <div className={styles.urlRow}>
        <TextField
          label="Adresse (URL)"
          registration={register('url')}
          error={errors.url?.message}
          hint="Par exemple /conseil-en-image/notre-approche : minuscules sans accent, chiffres et tirets."
          spellCheck={false}
          autoCapitalize="none"
        />
        <button type="button" className={styles.secondary} onClick={suggestUrl}>
          Générer depuis le titre
        </button>
      </div>
      {!page && (
        <div className={styles.selectField}>
          <label htmlFor="page-parent">Page parente</label>
          <select id="page-parent" {...register('idParent')}>
            <option value="">Aucune (premier niveau du menu)</option>
            {parents.map((parent) => (
              <option key={parent.id} value={parent.id}>
                {parent.title} ({parent.url})
              </option>
            ))}
          </select>
        </div>
      )}
      <TextField
        label="Titre dans le menu"
        optional
        registration={register('menuTitle')}
        error={errors.menuTitle?.message}
        hint="Laissé vide, le menu affiche le titre de la page."
      />
      <TextareaField
        label="Description pour les moteurs de recherche"
        optional
        rows={3}
        registration={register('metaDescription')}
        error={errors.metaDescription?.message}
      />
      <fieldset className={styles.fieldset}>
        <legend>Menu et mise en page</legend>
        <CheckboxField
          label="Afficher dans le menu"
          optional
          registration={register('showInMenu')}
        />
        <CheckboxField
          label="Placer à droite du menu (premier niveau seulement)"
          optional
          registration={register('isFixedOnRight')}
        />
        <CheckboxField
          label="En-tête personnalisé"
          optional
          registration={register('isCustomHeader')}
        />
        <CheckboxField
          label="Pied de page personnalisé"
          optional
          registration={register('isCustomFooter')}
        />
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Lien du menu</legend>
        <div className={styles.selectField}>
          <label htmlFor="page-link-type">L’entrée du menu ouvre</label>
          <select id="page-link-type" {...register('linkType')}>
            <option value="NONE">La page elle-même</option>
            <option value="INTERNAL">Une autre adresse du site</option>
            <option value="EXTERNAL">Un site externe</option>
            <option value="JAVASCRIPT">Un code JavaScript</option>
          </select>
        </div>
        {(linkType === 'INTERNAL' || linkType === 'EXTERNAL') && (
          <TextField
            label={
              linkType === 'INTERNAL'
                ? 'Adresse du site (commence par /)'
                : 'Adresse du site externe'
            }
            registration={register('linkUrl')}
            error={errors.linkUrl?.message}
            spellCheck={false}
          />
        )}
        {linkType === 'JAVASCRIPT' && (
          <TextareaField
            label="Code JavaScript"
            rows={3}
            registration={register('linkJsCode')}
            error={errors.linkJsCode?.message}
            hint="Exécuté au clic sur l’entrée du menu : n’y collez que du code de confiance."
            spellCheck={false}
          />
        )}
      </fieldset>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={isSubmitting}>
          {isSubmitting ? 'Enregistrement…' : page ? 'Enregistrer la page' : 'Créer la page'}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Annuler
        </button>
      </div>
    </form>
  );
}
