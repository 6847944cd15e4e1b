'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  createAdminNewsletterList,
  deleteAdminNewsletterList,
  newsletterListInputSchema,
  updateAdminNewsletterList,
  type AdminNewsletterList,
  type NewsletterListInput,
} from '@comptoir/contract/admin-newsletter';
import { ApiError } from '@comptoir/contract/request';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import { IntentLink } from '../../../ui/intent-link';
import controls from '../admin-controls.module.css';
import { AdminField } from './admin-field';
import { subscriberCountText } from './newsletter-format';
import { ItemActions } from '../frame/item-actions';
import styles from './site-content.module.css';

type ListFormValues = z.input<typeof newsletterListInputSchema>;

function ListForm({
  list,
  onSave,
  onCancel,
}: {
  list: AdminNewsletterList | null;
  onSave: (input: NewsletterListInput) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [status, setStatus] = useState('');
  const form = useForm<ListFormValues, unknown, NewsletterListInput>({
    resolver: zodResolver(newsletterListInputSchema),
    defaultValues: { name: list?.name ?? '', description: list?.description ?? '' },
  });
  const errors = form.formState.errors;

  async function submit(input: NewsletterListInput) {
    try {
      await onSave(input);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.errors) {
          form.setError(item.key as keyof ListFormValues, { message: item.error });
        }
      }
      setStatus(failureMessage(error));
    }
  }

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <AdminField
        id={`${id}-name`}
        label="Nom de la liste"
        registration={form.register('name')}
        error={errors.name?.message}
        hint="Les visiteurs le lisent quand ils choisissent leurs listes."
      />
      <AdminField
        id={`${id}-description`}
        label="Description"
        optional
        multiline
        rows={2}
        registration={form.register('description')}
        error={errors.description?.message}
      />
      <div className={controls.buttons}>
        <button type="submit" className={controls.button} disabled={form.formState.isSubmitting}>
          {list ? 'Enregistrer' : 'Créer la liste'}
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

/** The site's mailing lists: create, rename, delete, and reach each one's subscribers. */
export function NewsletterListsEditor({
  siteId,
  initial,
}: {
  siteId: number;
  initial: AdminNewsletterList[];
}) {
  const [lists, setLists] = useState(initial);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const api = browserApi(siteId);

  async function remove(list: AdminNewsletterList) {
    const warning =
      list.subscriberCount > 0
        ? ` Ses ${subscriberCountText(list.subscriberCount).toLowerCase()} ne recevront plus rien de cette liste.`
        : '';
    if (!window.confirm(`Supprimer la liste « ${list.name} » ?${warning}`)) return;
    setBusy(true);
    try {
      await api.call(deleteAdminNewsletterList, { params: { id: list.id } });
      setLists((current) => current.filter((item) => item.id !== list.id));
      setStatus(`Liste « ${list.name} » supprimée.`);
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function save(list: AdminNewsletterList | null, input: NewsletterListInput) {
    if (list) {
      const saved = await api.call(updateAdminNewsletterList, {
        params: { id: list.id },
        body: input,
      });
      setLists((current) => current.map((item) => (item.id === saved.id ? saved : item)));
      setStatus(`Liste « ${saved.name} » enregistrée.`);
    } else {
      const created = await api.call(createAdminNewsletterList, { body: input });
      setLists((current) => [...current, created]);
      setStatus(`Liste « ${created.name} » créée.`);
    }
    setEditing(null);
  }

  return (
    <section className={controls.section} aria-labelledby="listes-de-diffusion">
      <h2 id="listes-de-diffusion" className={controls.sectionTitle}>
        Listes de diffusion
      </h2>
      {lists.length === 0 ? (
        <p className={controls.hint}>Le site n’a pas encore de liste de diffusion.</p>
      ) : (
        <ul className={styles.items}>
          {lists.map((list) => (
            <li key={list.id} className={styles.item}>
              <div className={styles.itemRow}>
                <span className={styles.itemText}>
                  <span className={styles.itemTitle}>{list.name}</span>
                  {list.description && <span className={controls.hint}>{list.description}</span>}
                  <IntentLink href={`/admin/newsletter/${list.id}`}>
                    {subscriberCountText(list.subscriberCount)}
                    <span className={styles.visuallyHidden}> dans « {list.name} »</span> : voir les
                    inscrits
                  </IntentLink>
                </span>
                <ItemActions
                  name={list.name}
                  busy={busy}
                  editing={editing === list.id}
                  onToggleEdit={() => setEditing(editing === list.id ? null : list.id)}
                  editLabel="Renommer"
                  onRemove={() => remove(list)}
                />
              </div>
              {editing === list.id && (
                <ListForm
                  list={list}
                  onSave={(input) => save(list, input)}
                  onCancel={() => setEditing(null)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? (
        <ListForm
          list={null}
          onSave={(input) => save(null, input)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div>
          <button type="button" className={controls.button} onClick={() => setEditing('new')}>
            Créer une liste
          </button>
        </div>
      )}
      <p role="status" className={controls.status}>
        {status}
      </p>
    </section>
  );
}
