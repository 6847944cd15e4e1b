'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  createAdminPopup,
  deleteAdminPopup,
  popupInputSchema,
  updateAdminPopup,
  type AdminPopup,
  type PopupFormValues,
  type PopupInput,
} from '@comptoir/contract/admin-popups';
import { ApiError } from '@comptoir/contract/request';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import { AdminField } from './admin-field';
import { ItemActions } from '../frame/item-actions';
import styles from './site-content.module.css';

interface PageChoice {
  id: number;
  title: string;
  url: string;
}

function PopupForm({
  popup,
  pages,
  onSave,
  onCancel,
}: {
  popup: AdminPopup | null;
  pages: PageChoice[];
  onSave: (input: PopupInput) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [status, setStatus] = useState('');
  const form = useForm<PopupFormValues, unknown, PopupInput>({
    resolver: zodResolver(popupInputSchema),
    defaultValues: {
      title: popup?.title ?? '',
      html: popup?.html ?? '',
      showOnEveryReload: popup?.showOnEveryReload ?? false,
      rememberClosedDays: popup?.rememberClosedDays ?? 7,
      pageIds: popup?.pageIds ?? [],
    },
  });
  const errors = form.formState.errors;
  const [everyReload, chosen] = useWatch({
    control: form.control,
    name: ['showOnEveryReload', 'pageIds'],
  });

  function togglePage(pageId: number, on: boolean) {
    const current = chosen ?? [];
    form.setValue(
      'pageIds',
      on ? [...current, pageId] : current.filter((value) => value !== pageId),
      { shouldDirty: true },
    );
  }

  async function submit(input: PopupInput) {
    try {
      await onSave(input);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.errors) {
          form.setError(item.key as keyof PopupFormValues, { message: item.error });
        }
      }
      setStatus(failureMessage(error));
    }
  }

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <AdminField
        id={`${id}-title`}
        label="Titre"
        registration={form.register('title')}
        error={errors.title?.message}
      />
      <AdminField
        id={`${id}-html`}
        label="Contenu (HTML)"
        multiline
        rows={5}
        registration={form.register('html')}
        error={errors.html?.message}
        hint='Balises simples : <p>, <strong>, <em>, <a href="…">. Le site les nettoie avant de les afficher.'
      />
      <div className={styles.checkboxRow}>
        <input
          id={`${id}-every`}
          type="checkbox"
          aria-describedby={`${id}-every-hint`}
          {...form.register('showOnEveryReload')}
        />
        <label htmlFor={`${id}-every`}>S’ouvre à chaque chargement de la page</label>
      </div>
      <p id={`${id}-every-hint`} className={controls.hint}>
        Sinon, une fois fermée, la fenêtre reste fermée pour ce visiteur pendant le nombre de jours
        ci-dessous.
      </p>
      {!everyReload && (
        <AdminField
          id={`${id}-days`}
          label="Reste fermée pendant (jours)"
          type="number"
          inputMode="numeric"
          registration={form.register('rememberClosedDays', { valueAsNumber: true })}
          error={errors.rememberClosedDays?.message}
        />
      )}
      <fieldset className={styles.pageChoices} aria-describedby={`${id}-pages-hint`}>
        <legend className={controls.label}>Pages qui ouvrent la fenêtre</legend>
        <p id={`${id}-pages-hint`} className={controls.hint}>
          Aucune page cochée : la fenêtre est désactivée. Une page n’ouvre qu’une fenêtre : la
          cocher ici la retire de son ancienne fenêtre.
        </p>
        {pages.map((page) => (
          <div key={page.id} className={styles.checkboxRow}>
            <input
              id={`${id}-page-${page.id}`}
              type="checkbox"
              checked={(chosen ?? []).includes(page.id)}
              onChange={(event) => togglePage(page.id, event.target.checked)}
            />
            <label htmlFor={`${id}-page-${page.id}`}>
              {page.title} <span className={controls.optional}>({page.url})</span>
            </label>
          </div>
        ))}
        {errors.pageIds && <p className={controls.error}>{errors.pageIds.message}</p>}
      </fieldset>
      <div className={controls.buttons}>
        <button type="submit" className={controls.button} disabled={form.formState.isSubmitting}>
          {popup ? 'Enregistrer' : 'Créer la fenêtre'}
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={onCancel}
        >
          Annuler
        </button>
      </div>
      <p role="status" className={controls.status}>
        {status}
      </p>
    </form>
  );
}

/** The site's popups: what they say, when they open again, and which pages open them. */
export function PopupsEditor({
  siteId,
  initial,
  pages,
}: {
  siteId: number;
  initial: AdminPopup[];
  pages: PageChoice[];
}) {
  const [popups, setPopups] = useState(initial);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const api = browserApi(siteId);
  const pageTitle = new Map(pages.map((page) => [page.id, page.title]));

  /** A page opens one popup: the others lose the pages the saved one took. */
  function withSaved(current: AdminPopup[], saved: AdminPopup, isNew: boolean): AdminPopup[] {
    const others = current.map((item) =>
      item.id === saved.id
        ? saved
        : { ...item, pageIds: item.pageIds.filter((pageId) => !saved.pageIds.includes(pageId)) },
    );
    return isNew ? [...others, saved] : others;
  }

  async function save(popup: AdminPopup | null, input: PopupInput) {
    const saved = popup
      ? await api.call(updateAdminPopup, { params: { id: popup.id }, body: input })
      : await api.call(createAdminPopup, { body: input });
    setPopups((current) => withSaved(current, saved, popup === null));
    setStatus(`Fenêtre « ${saved.title} » ${popup ? 'enregistrée' : 'créée'}.`);
    setEditing(null);
  }

  async function remove(popup: AdminPopup) {
    if (!window.confirm(`Supprimer la fenêtre « ${popup.title} » ?`)) return;
    setBusy(true);
    try {
      await api.call(deleteAdminPopup, { params: { id: popup.id } });
      setPopups((current) => current.filter((item) => item.id !== popup.id));
      setStatus(`Fenêtre « ${popup.title} » supprimée.`);
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={controls.section} aria-labelledby="fenetres">
      <h2 id="fenetres" className={controls.sectionTitle}>
        Fenêtres ({popups.length})
      </h2>
      {popups.length === 0 ? (
        <p className={controls.hint}>Le site n’a pas encore de fenêtre.</p>
      ) : (
        <ul className={styles.items}>
          {popups.map((popup) => (
            <li key={popup.id} className={styles.item}>
              <div className={styles.itemRow}>
                <span className={styles.itemText}>
                  <span className={styles.itemTitle}>{popup.title}</span>
                  <span className={controls.hint}>
                    {popup.pageIds.length === 0
                      ? 'Désactivée : aucune page ne l’ouvre.'
                      : `Ouverte par : ${popup.pageIds.map((pageId) => pageTitle.get(pageId) ?? pageId).join(', ')}.`}{' '}
                    {popup.showOnEveryReload
                      ? 'À chaque chargement.'
                      : `Reste fermée ${popup.rememberClosedDays} jour${popup.rememberClosedDays > 1 ? 's' : ''}.`}
                  </span>
                </span>
                <ItemActions
                  name={popup.title}
                  busy={busy}
                  editing={editing === popup.id}
                  onToggleEdit={() => setEditing(editing === popup.id ? null : popup.id)}
                  onRemove={() => remove(popup)}
                />
              </div>
              {editing === popup.id && (
                <PopupForm
                  popup={popup}
                  pages={pages}
                  onSave={(input) => save(popup, input)}
                  onCancel={() => setEditing(null)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? (
        <PopupForm
          popup={null}
          pages={pages}
          onSave={(input) => save(null, input)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div>
          <button type="button" className={controls.button} onClick={() => setEditing('new')}>
            Créer une fenêtre
          </button>
        </div>
      )}
      <p role="status" className={controls.status}>
        {status}
      </p>
    </section>
  );
}
