'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
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
import { AdminItemForm } from '../frame/admin-list';
import { EditorialInput, isoOfLocalInput, localInputOf } from '../editorial/editorial-fields';
import styles from '../editorial/editorial.module.css';
import { ImagePicker } from '../editorial/image-picker';
import { RichTextEditor } from '../editorial/rich-text-editor';
import { editorialResolver, slugOfTitle } from '../editorial/use-editorial-form';

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

const NEWS_FIELDS = [
  'title',
  'slug',
  'summary',
  'content',
  'imageUrl',
  'linkUrl',
  'publishedAt',
  'promoted',
  'isPublished',
] as const;

const resolver = editorialResolver<NewsFormValues, NewsFields>(newsFieldsSchema, (values) => ({
  ...values,
  publishedAt: isoOfLocalInput(values.publishedAt),
}));

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
  // The text and the image have no control of their own: the form keeps what they hold.
  const [content, setContent] = useState(item?.content ?? '');
  const [imageUrl, setImageUrl] = useState(item?.imageUrl ?? null);

  async function save(fields: NewsFields) {
    const api = browserApi(siteId);
    if (item) await api.call(updateNews, { params: { id: item.id }, body: fields });
    else await api.call(createNews, { body: fields });
    onDone(`Actualité « ${fields.title} » enregistrée.`);
  }

  return (
    <AdminItemForm<NewsFormValues, NewsFields>
      resolver={resolver}
      defaultValues={{
        title: item?.title ?? '',
        slug: item?.slug ?? '',
        summary: item?.summary ?? '',
        content: item?.content ?? '',
        imageUrl: item?.imageUrl ?? null,
        linkUrl: item?.linkUrl ?? '',
        promoted: item?.promoted ?? false,
        isPublished: item?.isPublished ?? true,
        publishedAt: localInputOf(item?.publishedAt ?? new Date().toISOString()),
      }}
      serverFields={NEWS_FIELDS}
      submitLabel="Enregistrer l'actualité"
      className={controls.section}
      onSubmit={save}
      onCancel={() => onDone('')}
    >
      {(form) => (
        <>
          <h3 className={controls.sectionTitle}>
            {item ? `Modifier « ${item.title} »` : 'Nouvelle actualité'}
          </h3>
          <EditorialInput
            id={`${id}-title`}
            label="Titre"
            binding={form.bind('title')}
            {...(item ? {} : { onValue: (title) => form.setValue('slug', slugOfTitle(title)) })}
          />
          <EditorialInput id={`${id}-slug`} label="Adresse" binding={form.bind('slug')} />
          <EditorialInput
            id={`${id}-summary`}
            label="Résumé"
            optional
            binding={form.bind('summary')}
          />
          <div className={controls.field}>
            <span id={`${id}-content-label`} className={controls.label}>
              Texte<span className={controls.optional}> (facultatif)</span>
            </span>
            <RichTextEditor
              siteId={siteId}
              labelId={`${id}-content-label`}
              value={content}
              onChange={(html) => {
                setContent(html);
                form.setValue('content', html);
              }}
            />
            {form.formState.errors.content && (
              <p className={controls.error}>{form.formState.errors.content}</p>
            )}
          </div>
          <ImagePicker
            siteId={siteId}
            label="Image de l'actualité"
            value={imageUrl}
            {...(form.formState.errors.imageUrl ? { error: form.formState.errors.imageUrl } : {})}
            onChange={(url) => {
              setImageUrl(url);
              form.setValue('imageUrl', url);
            }}
          />
          <EditorialInput
            id={`${id}-linkUrl`}
            label="Lien « En savoir plus »"
            optional
            hint="Une page du site (/nous-contacter) ou une adresse https://."
            binding={form.bind('linkUrl')}
          />
          <div className={styles.twoColumns}>
            <EditorialInput
              id={`${id}-date`}
              label="Date de publication"
              type="datetime-local"
              binding={form.bind('publishedAt')}
            />
            <div className={controls.field}>
              <label className={styles.checkbox}>
                <input type="checkbox" {...form.bind('promoted').registration} />À la une
              </label>
              <label className={styles.checkbox}>
                <input type="checkbox" {...form.bind('isPublished').registration} />
                Publiée (visible sur le site)
              </label>
            </div>
          </div>
        </>
      )}
    </AdminItemForm>
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
