'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  blogArticleFieldsSchema,
  createBlogArticle,
  deleteBlogArticle,
  updateBlogArticle,
  type AdminBlogArticle,
  type AdminBlogFolder,
  type BlogArticleFields,
} from '@comptoir/contract/admin-blog';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import { notifySuccess } from '../../../ui/toaster';
import controls from '../admin-controls.module.css';
import { describedBy, Field, isoOfLocalInput, localInputOf } from '../editorial/editorial-fields';
import styles from '../editorial/editorial.module.css';
import { ImagePicker } from '../editorial/image-picker';
import { RichTextEditor } from '../editorial/rich-text-editor';
import { showServerErrors, slugOfTitle, useEditorialForm } from '../editorial/use-editorial-form';
import { folderOptions } from './folder-options';

interface ArticleFormValues {
  title: string;
  slug: string;
  folderId: string;
  summary: string;
  content: string;
  imageUrl: string | null;
  author: string;
  isPublished: boolean;
  publishedAt: string;
}

function valuesOf(article: AdminBlogArticle | null): ArticleFormValues {
  return {
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    folderId: article?.folderId === null || !article ? '' : String(article.folderId),
    summary: article?.summary ?? '',
    content: article?.content ?? '',
    imageUrl: article?.imageUrl ?? null,
    author: article?.author ?? '',
    isPublished: article?.isPublished ?? false,
    publishedAt: localInputOf(article?.publishedAt ?? new Date().toISOString()),
  };
}

function inputOf(values: ArticleFormValues) {
  return {
    ...values,
    folderId: values.folderId === '' ? null : Number(values.folderId),
    publishedAt: isoOfLocalInput(values.publishedAt),
  };
}

/** Writes or edits an article: every field a visitor sees, the body in the rich-text editor. */
export function ArticleForm({
  siteId,
  article,
  folders,
}: {
  siteId: number;
  article: AdminBlogArticle | null;
  folders: readonly AdminBlogFolder[];
}) {
  const id = useId();
  const router = useRouter();
  const [status, setStatus] = useState('');
  const [slugTouched, setSlugTouched] = useState(article !== null);
  const form = useEditorialForm<ArticleFormValues, BlogArticleFields>(
    blogArticleFieldsSchema,
    valuesOf(article),
    inputOf,
  );
  const errors = form.formState.errors;
  const api = browserApi(siteId);

  async function save(fields: BlogArticleFields) {
    setStatus('');
    try {
      const saved = article
        ? await api.call(updateBlogArticle, { params: { id: article.id }, body: fields })
        : await api.call(createBlogArticle, { body: fields });
      form.reset(valuesOf(saved));
      const saying = saved.isPublished
        ? 'Article enregistré et publié.'
        : 'Article enregistré (non publié : les visiteurs ne le voient pas).';
      if (article) {
        setStatus(saying);
        router.refresh();
      } else {
        // A new article opens on its own page, whose status line starts empty: the toast, in
        // the back office's layout, stays through the navigation (as the catalogue's does).
        notifySuccess(saying);
        router.replace(`/admin/blog/articles/${saved.id}`);
      }
    } catch (error) {
      showServerErrors(error, form.setError);
      setStatus(failureMessage(error));
    }
  }

  async function remove() {
    if (!article || !window.confirm(`Supprimer l'article « ${article.title} » ?`)) return;
    try {
      await api.call(deleteBlogArticle, { params: { id: article.id } });
      router.push('/admin/blog');
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  const text = (name: 'title' | 'slug' | 'author' | 'summary', label: string, hint?: string) => {
    const error = errors[name]?.message;
    const controlId = `${id}-${name}`;
    const register = form.register(name, {
      onChange: (event: { target: { value: string } }) => {
        if (name === 'title' && !slugTouched)
          form.setValue('slug', slugOfTitle(event.target.value));
        if (name === 'slug') setSlugTouched(true);
      },
    });
    const props = {
      id: controlId,
      className: controls.control,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': describedBy(controlId, hint, error),
      ...register,
    };
    return (
      <Field
        id={controlId}
        label={label}
        hint={hint}
        error={error}
        optional={name === 'author' || name === 'summary'}
      >
        {name === 'summary' ? (
          <textarea rows={3} {...props} />
        ) : (
          <input autoComplete="off" {...props} />
        )}
      </Field>
    );
  };

  return (
    <form className={styles.page} onSubmit={form.handleSubmit(save)} noValidate>
      <section className={controls.section} aria-labelledby={`${id}-main`}>
        <h2 id={`${id}-main`} className={controls.sectionTitle}>
          Article
        </h2>
        {text('title', 'Titre')}
        {text('slug', 'Adresse', 'Proposée à partir du titre : /blog/…/adresse.')}
        {text(
          'summary',
          'Résumé',
          'Affiché sous le titre dans les listes et partagé aux moteurs de recherche.',
        )}
        <div className={controls.field}>
          <span id={`${id}-content-label`} className={controls.label}>
            Texte
          </span>
          <Controller
            control={form.control}
            name="content"
            render={({ field }) => (
              <RichTextEditor
                siteId={siteId}
                labelId={`${id}-content-label`}
                describedBy={errors.content ? `${id}-content-error` : undefined}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {errors.content && (
            <p id={`${id}-content-error`} className={controls.error}>
              {errors.content.message}
            </p>
          )}
        </div>
      </section>
      <section className={controls.section} aria-labelledby={`${id}-more`}>
        <h2 id={`${id}-more`} className={controls.sectionTitle}>
          Présentation et publication
        </h2>
        <Controller
          control={form.control}
          name="imageUrl"
          render={({ field }) => (
            <ImagePicker
              siteId={siteId}
              label="Image de l'article"
              value={field.value}
              error={errors.imageUrl?.message}
              onChange={field.onChange}
            />
          )}
        />
        <div className={styles.twoColumns}>
          <Field id={`${id}-folder`} label="Dossier" error={errors.folderId?.message}>
            <select id={`${id}-folder`} className={controls.control} {...form.register('folderId')}>
              <option value="">Racine du blog</option>
              {folderOptions(folders).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>
          {text('author', 'Auteur')}
        </div>
        <div className={styles.twoColumns}>
          <Field
            id={`${id}-date`}
            label="Date de publication"
            hint="Une date à venir programme l'article."
            error={errors.publishedAt?.message}
          >
            <input
              id={`${id}-date`}
              type="datetime-local"
              className={controls.control}
              aria-describedby={describedBy(`${id}-date`, true, errors.publishedAt?.message)}
              {...form.register('publishedAt')}
            />
          </Field>
          <label className={styles.checkbox}>
            <input type="checkbox" {...form.register('isPublished')} />
            Publié (visible sur le site)
          </label>
        </div>
      </section>
      <div className={controls.buttons}>
        <button type="submit" className={controls.button} disabled={form.formState.isSubmitting}>
          Enregistrer l&apos;article
        </button>
        {article && (
          <button
            type="button"
            className={`${controls.button} ${controls.dangerButton}`}
            onClick={remove}
          >
            Supprimer l&apos;article
          </button>
        )}
      </div>
      <p className={controls.status} role="status">
        {status}
      </p>
    </form>
  );
}
