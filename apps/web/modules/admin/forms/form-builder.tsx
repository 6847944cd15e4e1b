'use client';

import { toNestErrors } from '@hookform/resolvers';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form';
import {
  FILES_PER_FILE_FIELD,
  FORM_FIELD_TYPE_LABELS,
  MAX_FORM_FIELDS,
  createForm,
  deleteForm,
  formDefinitionSchema,
  updateForm,
  type AdminForm,
} from '@comptoir/contract/admin-forms';
import {
  DEFAULT_FILE_MAX_SIZE_MB,
  FORM_FIELD_TYPES,
  MAX_FILE_SIZE_MB,
  UPLOAD_MIME_TYPES,
  UPLOAD_TYPES,
} from '@comptoir/contract/form';
import { ApiError } from '@comptoir/contract/request';
import { browserApi } from '../../account/browser-api';
import { CheckboxField } from '../../../ui/checkbox-field';
import { failureMessage } from '../../../ui/server-errors';
import { TextField } from '../../../ui/text-field';
import { TextareaField } from '../../../ui/textarea-field';
import { notifySuccess } from '../../../ui/toaster';
import { DeleteFormDialog } from './delete-form-dialog';
import {
  builderPath,
  initialBuilderValues,
  newBuilderField,
  toFormDefinition,
  type BuilderField,
  type BuilderValues,
} from './form-builder-model';
import styles from './form-builder.module.css';

/** The contract's schema, run on the builder's values: the API runs the same one. */
const builderResolver: Resolver<BuilderValues> = (values, _context, options) => {
  const parsed = formDefinitionSchema.safeParse(toFormDefinition(values));
  if (parsed.success) return { values, errors: {} };
  const flat: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    flat[builderPath(issue.path)] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat as FieldErrors, options) };
};

export interface FormBuilderProps {
  siteId: number;
  /** The form edited, or null for a new one. */
  form: AdminForm | null;
}

/**
 * The owner builds one of the site's forms: its texts, then its fields in order (each with its
 * type, label, required flag and the rules of its type), moved with « Monter » / « Descendre »
 * and announced in a live region. Nothing is saved before « Enregistrer ».
 */
export function FormBuilder({ siteId, form }: FormBuilderProps) {
  const api = useMemo(() => browserApi(siteId), [siteId]);
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [deleting, setDeleting] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BuilderValues>({
    defaultValues: initialBuilderValues(form),
    resolver: builderResolver,
  });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'fields' });

  const labelOf = (index: number) =>
    getValues(`fields.${index}.label`).trim() || `Champ ${index + 1}`;

  const moveField = (from: number, to: number, button: 'up' | 'down') => {
    const label = labelOf(from);
    const id = fields[from]!.id;
    move(from, to);
    setAnnouncement(`« ${label} » est maintenant le champ ${to + 1} sur ${fields.length}.`);
    // Keep the focus on the field that moved; at an end of the list, on its other button.
    requestAnimationFrame(() => {
      const atEnd = button === 'up' ? to === 0 : to === fields.length - 1;
      const other = button === 'up' ? 'down' : 'up';
      document.getElementById(`${id}-${atEnd ? other : button}`)?.focus();
    });
  };

  const removeField = (index: number) => {
    const label = labelOf(index);
    remove(index);
    setAnnouncement(`Champ « ${label} » retiré. Enregistrez pour confirmer.`);
    requestAnimationFrame(() => document.getElementById('ajouter-champ')?.focus());
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const body = formDefinitionSchema.parse(toFormDefinition(values));
    try {
      if (form) {
        const saved = await api.call(updateForm, { params: { id: form.id }, body });
        reset(initialBuilderValues(saved));
        notifySuccess('Formulaire enregistré.');
        router.refresh();
      } else {
        const created = await api.call(createForm, { body });
        notifySuccess('Formulaire créé.');
        router.replace(`/admin/formulaires/${created.id}/modifier`);
      }
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { key, error: message } of error.errors) {
          setError(builderPath(key.split('.')) as 'title', { message }, { shouldFocus: true });
        }
      }
      setFailure(failureMessage(error));
    }
  });

  return (
    <>
      <form className={styles.builder} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.section}>
          <legend>Le formulaire</legend>
          <TextField
            label="Titre"
            registration={register('title')}
            error={errors.title?.message}
            hint="Affiché au-dessus des champs, et dans la liste des formulaires."
          />
          <TextareaField
            label="Introduction"
            optional
            rows={3}
            registration={register('description')}
            error={errors.description?.message}
          />
          <div className={styles.grid}>
            <TextField
              label="Libellé du bouton d’envoi"
              registration={register('submitLabel')}
              error={errors.submitLabel?.message}
            />
            <TextField
              label="Adresse qui reçoit les réponses"
              optional
              type="email"
              autoComplete="off"
              registration={register('notifyEmail')}
              error={errors.notifyEmail?.message}
              hint="Laissée vide : l’adresse e-mail de l’entreprise (paramètres du site)."
            />
          </div>
          <TextareaField
            label="Message affiché après l’envoi"
            rows={2}
            registration={register('successMessage')}
            error={errors.successMessage?.message}
          />
        </fieldset>

        <section className={styles.section} aria-labelledby="titre-champs">
          <h2 id="titre-champs" className={styles.sectionTitle}>
            Champs ({fields.length})
          </h2>
          {fields.length === 0 ? (
            <p className={styles.note}>
              Aucun champ pour le moment : un formulaire sans champ n’est pas affiché sur le site.
            </p>
          ) : (
            <ol className={styles.fields}>
              {fields.map((field, index) => (
                <li key={field.id} className={styles.field}>
                  <div className={styles.fieldHead}>
                    <h3 className={styles.fieldTitle}>
                      <FieldHeading control={control} index={index} />
                    </h3>
                    <div className={styles.tools}>
                      <button
                        type="button"
                        id={`${field.id}-up`}
                        className={styles.tool}
                        disabled={index === 0}
                        aria-label={`Monter le champ ${index + 1}`}
                        onClick={() => moveField(index, index - 1, 'up')}
                      >
                        ↑ Monter
                      </button>
                      <button
                        type="button"
                        id={`${field.id}-down`}
                        className={styles.tool}
                        disabled={index === fields.length - 1}
                        aria-label={`Descendre le champ ${index + 1}`}
                        onClick={() => moveField(index, index + 1, 'down')}
                      >
                        ↓ Descendre
                      </button>
                      <button
                        type="button"
                        className={styles.danger}
                        aria-label={`Supprimer le champ ${index + 1}`}
                        onClick={() => removeField(index)}
                      >
                        Supprimer
                      </button>
                    </div>
                  </div>
                  <FieldEditor
                    index={index}
                    control={control}
                    register={register}
                    errors={errors.fields?.[index]}
                  />
                </li>
              ))}
            </ol>
          )}
          {errors.fields?.root?.message && (
            <p className={styles.error} role="alert">
              {errors.fields.root.message}
            </p>
          )}
          <div className={styles.actions}>
            <button
              type="button"
              id="ajouter-champ"
              className={styles.secondary}
              disabled={fields.length >= MAX_FORM_FIELDS}
              onClick={() => {
                append(newBuilderField(getValues('fields')), {
                  focusName: `fields.${fields.length}.label`,
                });
                setAnnouncement(`Champ ${fields.length + 1} ajouté.`);
              }}
            >
              + Ajouter un champ
            </button>
          </div>
          <p aria-live="polite" className="visually-hidden" role="status">
            {announcement}
          </p>
        </section>

        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={isSubmitting}>
            {isSubmitting
              ? 'Enregistrement…'
              : form
                ? 'Enregistrer le formulaire'
                : 'Créer le formulaire'}
          </button>
          {form && isDirty && <span className={styles.note}>Modifications non enregistrées.</span>}
          {form && (
            <button type="button" className={styles.danger} onClick={() => setDeleting(true)}>
              Supprimer le formulaire
            </button>
          )}
        </div>
      </form>
      {form && deleting && (
        <DeleteFormDialog
          form={form}
          onCancel={() => setDeleting(false)}
          onConfirm={async () => {
            await api.call(deleteForm, { params: { id: form.id } });
            notifySuccess(`Formulaire « ${form.title} » supprimé.`);
            router.replace('/admin/formulaires');
          }}
        />
      )}
    </>
  );
}

function FieldHeading({ control, index }: { control: Control<BuilderValues>; index: number }) {
  const [label, type] = useWatch({
    control,
    name: [`fields.${index}.label`, `fields.${index}.type`],
  });
  return (
    <>
      Champ {index + 1} : {label.trim() || 'sans libellé'}{' '}
      <span className={styles.note}>({FORM_FIELD_TYPE_LABELS[type]})</span>
    </>
  );
}

interface FieldEditorProps {
  index: number;
  control: Control<BuilderValues>;
  register: UseFormRegister<BuilderValues>;
  errors: FieldErrors<BuilderField> | undefined;
}

/** The controls of one field: those of every field, then those its type uses. */
function FieldEditor({ index, control, register, errors }: FieldEditorProps) {
  const type = useWatch({ control, name: `fields.${index}.type` });
  const name = <K extends string>(key: K) => `fields.${index}.${key}` as const;
  const typeId = `type-champ-${index}`;
  return (
    <div className={styles.grid}>
      <TextField
        label="Libellé"
        registration={register(name('label'))}
        error={errors?.label?.message}
      />
      <div className={styles.selectField}>
        <label htmlFor={typeId}>Type de champ</label>
        <select id={typeId} {...register(name('type'))}>
          {FORM_FIELD_TYPES.map((value) => (
            <option key={value} value={value}>
              {FORM_FIELD_TYPE_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <CheckboxField
        label={type === 'CHECKBOX' ? 'La case doit être cochée pour envoyer' : 'Obligatoire'}
        registration={register(name('required'))}
      />
      <TextField
        label="Aide sous le champ"
        optional
        registration={register(name('helpText'))}
        error={errors?.helpText?.message}
      />
      {(type === 'TEXT' || type === 'TEXTAREA') && (
        <TextField
          label="Nombre de caractères au plus"
          optional
          inputMode="numeric"
          registration={register(name('maxLength'))}
          error={errors?.maxLength?.message}
          hint={type === 'TEXT' ? '255 si vide.' : '5 000 si vide.'}
        />
      )}
      {type === 'NUMBER' && (
        <>
          <TextField
            label="Valeur minimale"
            optional
            inputMode="decimal"
            registration={register(name('min'))}
            error={errors?.min?.message}
          />
          <TextField
            label="Valeur maximale"
            optional
            inputMode="decimal"
            registration={register(name('max'))}
            error={errors?.max?.message}
          />
        </>
      )}
      {['TEXT', 'TEXTAREA', 'EMAIL', 'PHONE', 'NUMBER'].includes(type) && (
        <TextField
          label="Texte d’exemple dans le champ"
          optional
          registration={register(name('placeholder'))}
          error={errors?.placeholder?.message}
        />
      )}
      {type === 'SELECT' && (
        <>
          <TextareaField
            label="Choix proposés (un par ligne)"
            rows={4}
            registration={register(name('choices'))}
            error={errors?.choices?.message}
          />
          <CheckboxField
            label="Plusieurs choix possibles"
            registration={register(name('multiple'))}
          />
        </>
      )}
      {type === 'FILE' && (
        <>
          <fieldset className={styles.types}>
            <legend>Formats acceptés</legend>
            {UPLOAD_MIME_TYPES.map((mime) => (
              <label key={mime}>
                <input type="checkbox" value={mime} {...register(name('accept'))} />
                {UPLOAD_TYPES[mime].label}
              </label>
            ))}
            {errors?.accept?.message && (
              <p className={styles.error} role="alert">
                {errors.accept.message}
              </p>
            )}
          </fieldset>
          <div>
            <TextField
              label="Taille maximale d’un fichier (Mo)"
              optional
              inputMode="decimal"
              registration={register(name('maxSizeMb'))}
              error={errors?.maxSizeMb?.message}
              hint={`${DEFAULT_FILE_MAX_SIZE_MB} Mo si vide, ${MAX_FILE_SIZE_MB} Mo au plus. Le visiteur joint ${FILES_PER_FILE_FIELD === 1 ? 'un fichier' : `${FILES_PER_FILE_FIELD} fichiers`} par champ : ajoutez un champ par fichier attendu.`}
            />
          </div>
        </>
      )}
    </div>
  );
}
