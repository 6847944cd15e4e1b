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
import controls from '../admin-controls.module.css';
import { AdminItemForm, useAdminList, type AdminItemFormSlot } from '../frame/admin-list';
import {
  EditorialInput,
  isoOfLocalInput,
  localInputOf,
  TitleAndAddress,
} from '../editorial/editorial-fields';
import styles from '../editorial/editorial.module.css';
import { ImagePicker } from '../editorial/image-picker';
import { RichTextEditor } from '../editorial/rich-text-editor';
import { editorialResolver } from '../editorial/use-editorial-form';

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
  slot,
}: {
  siteId: number;
  item: AdminNews | null;
  slot: AdminItemFormSlot<NewsFields>;
}) {
  const id = useId();
  // The text and the image have no control of their own: the form keeps what they hold.
  const [content, setContent] = useState(item?.content ?? '');
  const [imageUrl, setImageUrl] = useState(item?.imageUrl ?? null);

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
      {...slot}
    >
      {(form) => (
        <>
          <h3 className={controls.sectionTitle}>
            {item ? `Modifier « ${item.title} »` : 'Nouvelle actualité'}
          </h3>
          <TitleAndAddress
            id={id}
            title={form.bind('title')}
            slug={form.bind('slug')}
            proposeSlug={item ? undefined : (slug) => form.setValue('slug', slug)}
          />
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

/** The site's news, newest first (the server's order), each editable in place. */
export function NewsManager({ siteId, items }: { siteId: number; items: readonly AdminNews[] }) {
  const router = useRouter();
  const api = browserApi(siteId);
  const list = useAdminList<AdminNews, NewsFields>({
    initial: [...items],
    nameOf: (item) => item.title,
    refresh: () => router.refresh(),
    save: (item, fields) =>
      item
        ? api.call(updateNews, { params: { id: item.id }, body: fields })
        : api.call(createNews, { body: fields }),
    savedMessage: (saved) => `Actualité « ${saved.title} » enregistrée.`,
    remove: {
      confirm: (item) => `Supprimer l'actualité « ${item.title} » ?`,
      call: async (item) => {
        await api.call(deleteNews, { params: { id: item.id } });
      },
      done: (item) => `Actualité « ${item.title} » supprimée.`,
    },
  });
  const { editing, rowTarget, addTarget, newFormTarget } = list;
  const edited = editing === 'new' ? null : items.find((item) => item.id === editing);

  return (
    <div className={styles.page}>
      <p className={controls.status} role="status">
        {list.status}
      </p>
      {editing === null || edited === undefined ? (
        <div className={controls.buttons}>
          <button ref={addTarget} type="button" className={controls.button} onClick={list.openNew}>
            Nouvelle actualité
          </button>
        </div>
      ) : (
        <div ref={newFormTarget}>
          <NewsForm
            key={edited === null ? 'new' : edited.id}
            siteId={siteId}
            item={edited}
            slot={list.formSlot(edited)}
          />
        </div>
      )}
      <ul className={styles.list} aria-busy={list.busy || undefined}>
        {items.map((item) => (
          <li key={item.id} ref={rowTarget(item.id)} tabIndex={-1} className={styles.row}>
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
                onClick={() => list.edit(item.id)}
              >
                Modifier
              </button>
              <button
                type="button"
                className={`${controls.button} ${controls.dangerButton} ${controls.small}`}
                aria-label={`Supprimer l'actualité « ${item.title} »`}
                disabled={list.busy}
                onClick={() => void list.removeItem(item)}
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
