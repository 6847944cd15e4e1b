'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  createNews,
  deleteNews,
  newsFieldsSchema,
  updateNews,
  type AdminNews,
  type NewsFields,
} from '@comptoir/contract/admin-news';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import { describedBy, Field, isoOfLocalInput, localInputOf } from '../editorial/editorial-fields';
import styles from '../editorial/editorial.module.css';
import { ImagePicker } from '../editorial/image-picker';
import { RichTextEditor } from '../editorial/rich-text-editor';
import { showServerErrors, slugOfTitle, useEditorialForm } from '../editorial/use-editorial-form';

interface NewsFormValues {
  title: string;
  slug: string;
  summary: string;
  content: string;
  imageUrl: string | null;
  linkUrl: string;
  promoted: boolean;
  isPublished: boolean;
  publishedAt: string;
}

function NewsForm({
  siteId,
  item,
  onDone,
}: {
  siteId: number;
  item: AdminNews | null;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState('');
  const form = useEditorialForm<NewsFormValues, NewsFields>(
    newsFieldsSchema,
    {
      title: item?.title ?? '',
      slug: item?.slug ?? '',
      summary: item?.summary ?? '',
      content: item?.content ?? '',
      imageUrl: item?.imageUrl ?? null,
      linkUrl: item?.linkUrl ?? '',
      promoted: item?.promoted ?? false,
      isPublished: item?.isPublished ?? true,
      publishedAt: localInputOf(item?.publishedAt ?? new Date().toISOString()),
    },
    (values) => ({ ...values, publishedAt: isoOfLocalInput(values.publishedAt) }),
  );
  const errors = form.formState.errors;

  async function save(fields: NewsFields) {
    try {
      const api = browserApi(siteId);
      if (item) await api.call(updateNews, { params: { id: item.id }, body: fields });
      else await api.call(createNews, { body: fields });
      onDone(`Actualité « ${fields.title} » enregistrée.`);
    } catch (error) {
      showServerErrors(error, form.setError);
      setStatus(failureMessage(error));
    }
  }

  const input = (
    name: 'title' | 'slug' | 'summary' | 'linkUrl',
    label: string,
    options: { hint?: string; optional?: boolean } = {},
  ) => {
    const controlId = `${id}-${name}`;
    const error = errors[name]?.message;
    return (
      <Field
        id={controlId}
        label={label}
        hint={options.hint}
        error={error}
        optional={options.optional}
      >
        <input
          id={controlId}
          className={controls.control}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(controlId, options.hint, error)}
          {...form.register(name, {
            onChange: (event: { target: { value: string } }) => {
              if (name === 'title' && !item) form.setValue('slug', slugOfTitle(event.target.value));
            },
          })}
        />
      </Field>
    );
  };

  return (
    <form className={controls.section} onSubmit={form.handleSubmit(save)} noValidate>
      <h3 className={controls.sectionTitle}>
        {item ? `Modifier « ${item.title} »` : 'Nouvelle actualité'}
      </h3>
      {input('title', 'Titre')}
      {input('slug', 'Adresse')}
      {input('summary', 'Résumé', { optional: true })}
      <div className={controls.field}>
        <span id={`${id}-content-label`} className={controls.label}>
          Texte<span className={controls.optional}> (facultatif)</span>
        </span>
        <Controller
          control={form.control}
          name="content"
          render={({ field }) => (
            <RichTextEditor
              siteId={siteId}
              labelId={`${id}-content-label`}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        {errors.content && <p className={controls.error}>{errors.content.message}</p>}
      </div>
      <Controller
        control={form.control}
        name="imageUrl"
        render={({ field }) => (
          <ImagePicker
            siteId={siteId}
            label="Image de l'actualité"
            value={field.value}
            error={errors.imageUrl?.message}
            onChange={field.onChange}
          />
        )}
      />
      {input('linkUrl', 'Lien « En savoir plus »', {
        optional: true,
        hint: 'Une page du site (/nous-contacter) ou une adresse https://.',
      })}
      <div className={styles.twoColumns}>
        <Field id={`${id}-date`} label="Date de publication" error={errors.publishedAt?.message}>
          <input
            id={`${id}-date`}
            type="datetime-local"
            className={controls.control}
            {...form.register('publishedAt')}
          />
        </Field>
        <div className={controls.field}>
          <label className={styles.checkbox}>
            <input type="checkbox" {...form.register('promoted')} />À la une
          </label>
          <label className={styles.checkbox}>
            <input type="checkbox" {...form.register('isPublished')} />
            Publiée (visible sur le site)
          </label>
        </div>
      </div>
      <div className={controls.buttons}>
        <button type="submit" className={controls.button}>
          Enregistrer l&apos;actualité
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={() => onDone('')}
        >
          Annuler
        </button>
      </div>
      <p className={controls.status} role="status">
        {status}
      </p>
    </form>
  );
}

/** The site's news, newest first, each editable in place. */
export function NewsManager({ siteId, items }: { siteId: number; items: readonly AdminNews[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<AdminNews | 'new' | null>(null);
  const [status, setStatus] = useState('');

  function done(message: string) {
    setEditing(null);
    setStatus(message);
    router.refresh();
  }

  async function remove(item: AdminNews) {
    if (!window.confirm(`Supprimer l'actualité « ${item.title} » ?`)) return;
    try {
      await browserApi(siteId).call(deleteNews, { params: { id: item.id } });
      done(`Actualité « ${item.title} » supprimée.`);
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  return (
    <div className={styles.page}>
      <p className={controls.status} role="status">
        {status}
      </p>
      {editing === null ? (
        <div className={controls.buttons}>
          <button type="button" className={controls.button} onClick={() => setEditing('new')}>
            Nouvelle actualité
          </button>
        </div>
      ) : (
        <NewsForm
          key={editing === 'new' ? 'new' : editing.id}
          siteId={siteId}
          item={editing === 'new' ? null : editing}
          onDone={done}
        />
      )}
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id} className={styles.row}>
            <span className={styles.rowTitle}>
              <strong>{item.title}</strong>
              <span className={styles.meta}>
                {item.isPublished ? 'Publiée' : 'Non publiée'}
                {item.promoted ? ' · À la une' : ''} ·{' '}
                {new Date(item.publishedAt).toLocaleDateString('fr-FR')}
              </span>
            </span>
            <span className={styles.rowActions}>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary} ${controls.small}`}
                aria-label={`Modifier l'actualité « ${item.title} »`}
                onClick={() => setEditing(item)}
              >
                Modifier
              </button>
              <button
                type="button"
                className={`${controls.button} ${controls.dangerButton} ${controls.small}`}
                aria-label={`Supprimer l'actualité « ${item.title} »`}
                onClick={() => void remove(item)}
              >
                Supprimer
              </button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
