'use client';

import { useId } from 'react';
import {
  albumFieldsSchema,
  type AdminAlbumSummary,
  type AlbumFields,
} from '@comptoir/contract/admin-albums';
import controls from '../admin-controls.module.css';
import { AdminItemForm } from '../frame/admin-list';
import { EditorialInput, TitleAndAddress } from '../editorial/editorial-fields';
import styles from '../editorial/editorial.module.css';
import { editorialResolver } from '../editorial/use-editorial-form';

interface AlbumFormValues {
  title: string;
  slug: string;
  description: string;
  isPublished: boolean;
}

const ALBUM_FIELDS = ['title', 'slug', 'description', 'isPublished'] as const;

const resolver = editorialResolver<AlbumFormValues, AlbumFields>(
  albumFieldsSchema,
  (values) => values,
);

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
  return (
    <AdminItemForm<AlbumFormValues, AlbumFields>
      resolver={resolver}
      defaultValues={{
        title: album?.title ?? '',
        slug: album?.slug ?? '',
        description: album?.description ?? '',
        isPublished: album?.isPublished ?? true,
      }}
      serverFields={ALBUM_FIELDS}
      submitLabel={submitLabel}
      savedMessage={(fields) => `Album « ${fields.title} » enregistré.`}
      className={controls.section}
      onSubmit={onSave}
    >
      {(form) => (
        <>
          <TitleAndAddress
            id={id}
            titleLabel="Titre de l'album"
            title={form.bind('title')}
            slug={form.bind('slug')}
            proposeSlug={album ? undefined : (slug) => form.setValue('slug', slug)}
          />
          <EditorialInput
            id={`${id}-description`}
            label="Description"
            optional
            binding={form.bind('description')}
          />
          <label className={styles.checkbox}>
            <input type="checkbox" {...form.bind('isPublished').registration} />
            Publié (visible sur le site)
          </label>
        </>
      )}
    </AdminItemForm>
  );
}
