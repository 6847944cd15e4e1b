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
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import { AdminItemForm } from '../frame/admin-list';
import { EditorialInput, Field } from '../editorial/editorial-fields';
import styles from '../editorial/editorial.module.css';
import { ImagePicker } from '../editorial/image-picker';
import { editorialResolver, slugOfTitle } from '../editorial/use-editorial-form';
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
  onDone,
}: {
  siteId: number;
  folder: AdminBlogFolder | null;
  folders: readonly AdminBlogFolder[];
  onDone: (message: string) => void;
}) {
  const id = useId();
  // The image has no control of its own: the form keeps the address it holds.
  const [imageUrl, setImageUrl] = useState(folder?.imageUrl ?? null);

  async function save(fields: BlogFolderFields) {
    const api = browserApi(siteId);
    if (folder) await api.call(updateBlogFolder, { params: { id: folder.id }, body: fields });
    else await api.call(createBlogFolder, { body: fields });
    onDone(`Dossier « ${fields.title} » enregistré.`);
  }

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
      onSubmit={save}
      onCancel={() => onDone('')}
    >
      {(form) => {
        const parent = form.bind('idParent');
        return (
          <>
            <h3 className={controls.sectionTitle}>
              {folder ? `Modifier le dossier « ${folder.title} »` : 'Nouveau dossier'}
            </h3>
            <EditorialInput
              id={`${id}-title`}
              label="Titre"
              binding={form.bind('title')}
              {...(folder ? {} : { onValue: (title) => form.setValue('slug', slugOfTitle(title)) })}
            />
            <EditorialInput id={`${id}-slug`} label="Adresse" binding={form.bind('slug')} />
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
  const [editing, setEditing] = useState<AdminBlogFolder | 'new' | null>(null);
  const [status, setStatus] = useState('');
  const folderTitle = new Map(blog.folders.map((folder) => [folder.id, folder.title]));

  function done(message: string) {
    setEditing(null);
    setStatus(message);
    router.refresh();
  }

  async function move(folder: AdminBlogFolder, offset: -1 | 1) {
    const siblings = blog.folders.filter((candidate) => candidate.idParent === folder.idParent);
    const ids = moveInOrder(
      siblings.map((sibling) => sibling.id),
      folder.id,
      offset,
    );
    if (!ids) return;
    try {
      await browserApi(siteId).call(reorderBlogFolders, {
        body: { idParent: folder.idParent, ids },
      });
      done(`Dossier « ${folder.title} » déplacé ${offset < 0 ? 'vers le haut' : 'vers le bas'}.`);
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  async function remove(folder: AdminBlogFolder) {
    if (!window.confirm(`Supprimer le dossier « ${folder.title} » ?`)) return;
    try {
      await browserApi(siteId).call(deleteBlogFolder, { params: { id: folder.id } });
      done(`Dossier « ${folder.title} » supprimé.`);
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  return (
    <div className={styles.page}>
      <p className={controls.status} role="status">
        {status}
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
        {editing === null && (
          <div className={controls.buttons}>
            <button type="button" className={controls.button} onClick={() => setEditing('new')}>
              Nouveau dossier
            </button>
          </div>
        )}
        {editing !== null && (
          <FolderForm
            key={editing === 'new' ? 'new' : editing.id}
            siteId={siteId}
            folder={editing === 'new' ? null : editing}
            folders={blog.folders}
            onDone={done}
          />
        )}
        <ul className={styles.list}>
          {folderOptions(blog.folders).map(({ folder, depth }) => (
            <li key={folder.id} className={styles.row} style={{ marginInlineStart: depth * 20 }}>
              <span className={styles.rowTitle}>
                <strong>{folder.title}</strong>
                <span className={styles.meta}>/{folder.slug}</span>
              </span>
              <span className={styles.rowActions}>
                <button
                  type="button"
                  className={`${controls.button} ${controls.secondary} ${controls.small}`}
                  aria-label={`Monter le dossier « ${folder.title} »`}
                  onClick={() => void move(folder, -1)}
                >
                  Monter
                </button>
                <button
                  type="button"
                  className={`${controls.button} ${controls.secondary} ${controls.small}`}
                  aria-label={`Descendre le dossier « ${folder.title} »`}
                  onClick={() => void move(folder, 1)}
                >
                  Descendre
                </button>
                <button
                  type="button"
                  className={`${controls.button} ${controls.secondary} ${controls.small}`}
                  aria-label={`Modifier le dossier « ${folder.title} »`}
                  onClick={() => setEditing(folder)}
                >
                  Modifier
                </button>
                <button
                  type="button"
                  className={`${controls.button} ${controls.dangerButton} ${controls.small}`}
                  aria-label={`Supprimer le dossier « ${folder.title} »`}
                  onClick={() => void remove(folder)}
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
