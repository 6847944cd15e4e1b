'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import {
  blogFolderFieldsSchema,
  createBlogFolder,
  deleteBlogFolder,
  reorderBlogFolders,
  updateBlogFolder,
  type AdminBlog,
  type AdminBlogFolder,
  type BlogFolderFields,
} from '@comptoir/contract/admin-blog';
import { IntentLink } from '../../../ui/intent-link';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import { AdminItemForm, useAdminList, type AdminItemFormSlot } from '../frame/admin-list';
import { EditorialInput, Field, TitleAndAddress } from '../editorial/editorial-fields';
import styles from '../editorial/editorial.module.css';
import { ImagePicker } from '../editorial/image-picker';
import { editorialResolver } from '../editorial/use-editorial-form';
import { moveInOrder } from '../editorial/move-in-order';
import { folderOptions } from './folder-options';

interface FolderFormValues {
  title: string;
  slug: string;
  description: string;
  imageUrl: string | null;
  idParent: string;
}

const FOLDER_FIELDS = ['title', 'slug', 'description', 'idParent', 'imageUrl'] as const;

const resolver = editorialResolver<FolderFormValues, BlogFolderFields>(
  blogFolderFieldsSchema,
  (values) => ({ ...values, idParent: values.idParent === '' ? null : Number(values.idParent) }),
);

function FolderForm({
  siteId,
  folder,
  folders,
  slot,
}: {
  siteId: number;
  folder: AdminBlogFolder | null;
  folders: readonly AdminBlogFolder[];
  slot: AdminItemFormSlot<BlogFolderFields>;
}) {
  const id = useId();
  // The image has no control of its own: the form keeps the address it holds.
  const [imageUrl, setImageUrl] = useState(folder?.imageUrl ?? null);

  return (
    <AdminItemForm<FolderFormValues, BlogFolderFields>
      resolver={resolver}
      defaultValues={{
        title: folder?.title ?? '',
        slug: folder?.slug ?? '',
        description: folder?.description ?? '',
        imageUrl: folder?.imageUrl ?? null,
        idParent: folder?.idParent ? String(folder.idParent) : '',
      }}
      serverFields={FOLDER_FIELDS}
      submitLabel="Enregistrer le dossier"
      className={controls.section}
      {...slot}
    >
      {(form) => {
        const parent = form.bind('idParent');
        return (
          <>
            <h3 className={controls.sectionTitle}>
              {folder ? `Modifier le dossier « ${folder.title} »` : 'Nouveau dossier'}
            </h3>
            <TitleAndAddress
              id={id}
              title={form.bind('title')}
              slug={form.bind('slug')}
              proposeSlug={folder ? undefined : (slug) => form.setValue('slug', slug)}
            />
            <EditorialInput
              id={`${id}-description`}
              label="Description"
              optional
              binding={form.bind('description')}
            />
            <Field id={`${id}-parent`} label="Dossier parent" error={parent.error}>
              <select id={`${id}-parent`} className={controls.control} {...parent.registration}>
                <option value="">Racine du blog</option>
                {folderOptions(folders)
                  .filter((option) => option.id !== folder?.id)
                  .map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.label}
                    </option>
                  ))}
              </select>
            </Field>
            <ImagePicker
              siteId={siteId}
              label="Image du dossier"
              value={imageUrl}
              {...(form.formState.errors.imageUrl ? { error: form.formState.errors.imageUrl } : {})}
              onChange={(url) => {
                setImageUrl(url);
                form.setValue('imageUrl', url);
              }}
            />
          </>
        );
      }}
    </AdminItemForm>
  );
}

/** The blog's folders (ordered among their siblings) and its articles, published or not. */
export function BlogManager({ siteId, blog }: { siteId: number; blog: AdminBlog }) {
  const router = useRouter();
  const api = browserApi(siteId);
  const folderTitle = new Map(blog.folders.map((folder) => [folder.id, folder.title]));
  const list = useAdminList<AdminBlogFolder, BlogFolderFields>({
    initial: blog.folders,
    nameOf: (folder) => folder.title,
    refresh: () => router.refresh(),
    save: (folder, fields) =>
      folder
        ? api.call(updateBlogFolder, { params: { id: folder.id }, body: fields })
        : api.call(createBlogFolder, { body: fields }),
    savedMessage: (saved) => `Dossier « ${saved.title} » enregistré.`,
    remove: {
      confirm: (folder) => `Supprimer le dossier « ${folder.title} » ?`,
      call: async (folder) => {
        await api.call(deleteBlogFolder, { params: { id: folder.id } });
      },
      done: (folder) => `Dossier « ${folder.title} » supprimé.`,
    },
  });
  const { editing, rowTarget, addTarget, newFormTarget } = list;
  const edited = editing === 'new' ? null : blog.folders.find((folder) => folder.id === editing);

  /** Folders move among their siblings, the server saying the tree again. */
  function move(folder: AdminBlogFolder, offset: -1 | 1) {
    const siblings = blog.folders.filter((candidate) => candidate.idParent === folder.idParent);
    const ids = moveInOrder(
      siblings.map((sibling) => sibling.id),
      folder.id,
      offset,
    );
    if (!ids) return;
    return list.run(async () => {
      await api.call(reorderBlogFolders, { body: { idParent: folder.idParent, ids } });
      return `Dossier « ${folder.title} » déplacé ${offset < 0 ? 'vers le haut' : 'vers le bas'}.`;
    });
  }

  return (
    <div className={styles.page}>
      <p className={controls.status} role="status">
        {list.status}
      </p>
      <section className={controls.section} aria-labelledby="articles-title">
        <h2 id="articles-title" className={controls.sectionTitle}>
          Articles
        </h2>
        <div className={controls.buttons}>
          <IntentLink className={controls.button} href="/admin/blog/articles/nouveau">
            Écrire un article
          </IntentLink>
        </div>
        {blog.articles.length === 0 ? (
          <p>Aucun article pour l&apos;instant.</p>
        ) : (
          <ul className={styles.list}>
            {blog.articles.map((article) => (
              <li key={article.id} className={styles.row}>
                <span className={styles.rowTitle}>
                  <strong>{article.title}</strong>
                  <span className={styles.meta}>
                    {article.isPublished ? 'Publié' : 'Non publié'} ·{' '}
                    {new Date(article.publishedAt).toLocaleDateString('fr-FR')} ·{' '}
                    {article.folderId === null
                      ? 'Racine du blog'
                      : (folderTitle.get(article.folderId) ?? '')}
                  </span>
                </span>
                <IntentLink
                  className={`${controls.button} ${controls.secondary} ${controls.small}`}
                  href={`/admin/blog/articles/${article.id}`}
                  aria-label={`Modifier l'article « ${article.title} »`}
                >
                  Modifier
                </IntentLink>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={controls.section} aria-labelledby="folders-title">
        <h2 id="folders-title" className={controls.sectionTitle}>
          Dossiers
        </h2>
        {editing === null || edited === undefined ? (
          <div className={controls.buttons}>
            <button
              ref={addTarget}
              type="button"
              className={controls.button}
              onClick={list.openNew}
            >
              Nouveau dossier
            </button>
          </div>
        ) : (
          <div ref={newFormTarget}>
            <FolderForm
              key={edited === null ? 'new' : edited.id}
              siteId={siteId}
              folder={edited}
              folders={blog.folders}
              slot={list.formSlot(edited)}
            />
          </div>
        )}
        <ul className={styles.list} aria-busy={list.busy || undefined}>
          {folderOptions(blog.folders).map(({ folder, depth }) => (
            <li
              key={folder.id}
              ref={rowTarget(folder.id)}
              tabIndex={-1}
              className={styles.row}
              style={{ marginInlineStart: depth * 20 }}
            >
              <span className={styles.rowTitle}>
                <strong>{folder.title}</strong>
                <span className={styles.meta}>/{folder.slug}</span>
              </span>
              <span className={styles.rowActions}>
                <button
                  type="button"
                  className={`${controls.button} ${controls.secondary} ${controls.small}`}
                  aria-label={`Monter le dossier « ${folder.title} »`}
                  disabled={list.busy}
                  onClick={() => void move(folder, -1)}
                >
                  Monter
                </button>
                <button
                  type="button"
                  className={`${controls.button} ${controls.secondary} ${controls.small}`}
                  aria-label={`Descendre le dossier « ${folder.title} »`}
                  disabled={list.busy}
                  onClick={() => void move(folder, 1)}
                >
                  Descendre
                </button>
                <button
                  type="button"
                  className={`${controls.button} ${controls.secondary} ${controls.small}`}
                  aria-label={`Modifier le dossier « ${folder.title} »`}
                  onClick={() => list.edit(folder.id)}
                >
                  Modifier
                </button>
                <button
                  type="button"
                  className={`${controls.button} ${controls.dangerButton} ${controls.small}`}
                  aria-label={`Supprimer le dossier « ${folder.title} »`}
                  disabled={list.busy}
                  onClick={() => void list.removeItem(folder)}
                >
                  Supprimer
                </button>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
