'use client';

import { useId, useState } from 'react';
import {
  albumFieldsSchema,
  type AdminAlbumSummary,
  type AlbumFields,
} from '@comptoir/contract/admin-albums';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import { describedBy, Field } from '../editorial/editorial-fields';
import styles from '../editorial/editorial.module.css';
import { showServerErrors, slugOfTitle, useEditorialForm } from '../editorial/use-editorial-form';

interface AlbumFormValues {
  title: string;
  slug: string;
  description: string;
  isPublished: boolean;
}

/** An album's own fields: title, address, description and whether visitors see it. */
export function AlbumForm({
  album,
  submitLabel,
  onSave,
}: {
  album: AdminAlbumSummary | null;
  submitLabel: string;
  onSave: (fields: AlbumFields) => Promise<void>;
}) {
  const id = useId();
  const [status, setStatus] = useState('');
  const form = useEditorialForm<AlbumFormValues, AlbumFields>(
    albumFieldsSchema,
    {
      title: album?.title ?? '',
      slug: album?.slug ?? '',
      description: album?.description ?? '',
      isPublished: album?.isPublished ?? true,
    },
    (values) => values,
  );
  const errors = form.formState.errors;

  async function save(fields: AlbumFields) {
    setStatus('');
    try {
      await onSave(fields);
      setStatus(`Album « ${fields.title} » enregistré.`);
    } catch (error) {
      showServerErrors(error, form.setError);
      setStatus(failureMessage(error));
    }
  }

  const input = (name: 'title' | 'slug' | 'description', label: string) => {
    const controlId = `${id}-${name}`;
    const error = errors[name]?.message;
    return (
      <Field id={controlId} label={label} error={error} optional={name === 'description'}>
        <input
          id={controlId}
          className={controls.control}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(controlId, undefined, error)}
          {...form.register(name, {
            onChange: (event: { target: { value: string } }) => {
              if (name === 'title' && !album)
                form.setValue('slug', slugOfTitle(event.target.value));
            },
          })}
        />
      </Field>
    );
  };

  return (
    <form className={controls.section} onSubmit={form.handleSubmit(save)} noValidate>
      {input('title', "Titre de l'album")}
      {input('slug', 'Adresse')}
      {input('description', 'Description')}
      <label className={styles.checkbox}>
        <input type="checkbox" {...form.register('isPublished')} />
        Publié (visible sur le site)
      </label>
      <div className={controls.buttons}>
        <button type="submit" className={controls.button}>
          {submitLabel}
        </button>
      </div>
      <p className={controls.status} role="status">
        {status}
      </p>
    </form>
  );
}
