'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import type { z } from 'zod';
import {
  createAdminNewsletterList,
  deleteAdminNewsletterList,
  newsletterListInputSchema,
  updateAdminNewsletterList,
  type AdminNewsletterList,
  type NewsletterListInput,
} from '@comptoir/contract/admin-newsletter';
import { browserApi } from '../../account/browser-api';
import { IntentLink } from '../../../ui/intent-link';
import controls from '../admin-controls.module.css';
import { AdminField } from './admin-field';
import { subscriberCountText } from './newsletter-format';
import { AdminItemForm, AdminList, type AdminItemFormSlot } from '../frame/admin-list';
import styles from './site-content.module.css';

type ListFormValues = z.input<typeof newsletterListInputSchema>;

const LIST_FIELDS = ['name', 'description'] as const;

function ListForm({
  list,
  slot,
}: {
  list: AdminNewsletterList | null;
  slot: AdminItemFormSlot<NewsletterListInput>;
}) {
  const id = useId();
  return (
    <AdminItemForm<ListFormValues, NewsletterListInput>
      resolver={zodResolver(newsletterListInputSchema)}
      defaultValues={{ name: list?.name ?? '', description: list?.description ?? '' }}
      serverFields={LIST_FIELDS}
      submitLabel={list ? 'Enregistrer' : 'Créer la liste'}
      {...slot}
    >
      {(form) => (
        <>
          <AdminField
            id={`${id}-name`}
            label="Nom de la liste"
            {...form.bind('name')}
            hint="Les visiteurs le lisent quand ils choisissent leurs listes."
          />
          <AdminField
            id={`${id}-description`}
            label="Description"
            optional
            multiline
            rows={2}
            {...form.bind('description')}
          />
        </>
      )}
    </AdminItemForm>
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
  const api = browserApi(siteId);
  return (
    <AdminList<AdminNewsletterList, NewsletterListInput>
      headingId="listes-de-diffusion"
      heading={() => 'Listes de diffusion'}
      initial={initial}
      empty="Le site n’a pas encore de liste de diffusion."
      nameOf={(list) => list.name}
      editLabel="Renommer"
      addLabel="Créer une liste"
      renderItem={(list) => (
        <span className={styles.itemText}>
          <span className={styles.itemTitle}>{list.name}</span>
          {list.description && <span className={controls.hint}>{list.description}</span>}
          <IntentLink href={`/admin/newsletter/${list.id}`}>
            {subscriberCountText(list.subscriberCount)}
            <span className={styles.visuallyHidden}> dans « {list.name} »</span> : voir les inscrits
          </IntentLink>
        </span>
      )}
      renderForm={(list, slot) => <ListForm list={list} slot={slot} />}
      save={(list, input) =>
        list
          ? api.call(updateAdminNewsletterList, { params: { id: list.id }, body: input })
          : api.call(createAdminNewsletterList, { body: input })
      }
      savedMessage={(list, created) =>
        `Liste « ${list.name} » ${created ? 'créée' : 'enregistrée'}.`
      }
      remove={{
        confirm: (list) => {
          const warning =
            list.subscriberCount > 0
              ? ` Ses ${subscriberCountText(list.subscriberCount).toLowerCase()} ne recevront plus rien de cette liste.`
              : '';
          return `Supprimer la liste « ${list.name} » ?${warning}`;
        },
        call: async (list) => {
          await api.call(deleteAdminNewsletterList, { params: { id: list.id } });
        },
        done: (list) => `Liste « ${list.name} » supprimée.`,
      }}
    />
  );
}
