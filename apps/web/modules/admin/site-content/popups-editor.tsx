'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import {
  createAdminPopup,
  deleteAdminPopup,
  popupInputSchema,
  updateAdminPopup,
  type AdminPopup,
  type PopupFormValues,
  type PopupInput,
} from '@comptoir/contract/admin-popups';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import { AdminField } from './admin-field';
import { AdminItemForm, AdminList, type AdminItemFormSlot } from '../frame/admin-list';
import styles from './site-content.module.css';

interface PageChoice {
  id: number;
  title: string;
  url: string;
}

const POPUP_FIELDS = [
  'title',
  'html',
  'showOnEveryReload',
  'rememberClosedDays',
  'pageIds',
] as const;

function PopupForm({
  popup,
  pages,
  slot,
}: {
  popup: AdminPopup | null;
  pages: PageChoice[];
  slot: AdminItemFormSlot<PopupInput>;
}) {
  const id = useId();
  const [everyReload, setEveryReload] = useState(popup?.showOnEveryReload ?? false);
  const [chosen, setChosen] = useState(popup?.pageIds ?? []);
  return (
    <AdminItemForm<PopupFormValues, PopupInput>
      resolver={zodResolver(popupInputSchema)}
      defaultValues={{
        title: popup?.title ?? '',
        html: popup?.html ?? '',
        showOnEveryReload: popup?.showOnEveryReload ?? false,
        rememberClosedDays: popup?.rememberClosedDays ?? 7,
        pageIds: popup?.pageIds ?? [],
      }}
      serverFields={POPUP_FIELDS}
      submitLabel={popup ? 'Enregistrer' : 'Créer la fenêtre'}
      {...slot}
    >
      {(form) => {
        const everyReloadBox = form.bind('showOnEveryReload').registration;
        const pagesError = form.bind('pageIds').error;
        const togglePage = (pageId: number, on: boolean) => {
          const next = on ? [...chosen, pageId] : chosen.filter((value) => value !== pageId);
          setChosen(next);
          form.setValue('pageIds', next);
        };
        return (
          <>
            <AdminField id={`${id}-title`} label="Titre" {...form.bind('title')} />
            <AdminField
              id={`${id}-html`}
              label="Contenu (HTML)"
              multiline
              rows={5}
              {...form.bind('html')}
              hint='Balises simples : <p>, <strong>, <em>, <a href="…">. Le site les nettoie avant de les afficher.'
            />
            <div className={styles.checkboxRow}>
              <input
                id={`${id}-every`}
                type="checkbox"
                aria-describedby={`${id}-every-hint`}
                {...everyReloadBox}
                onChange={(event) => {
                  setEveryReload(event.target.checked);
                  everyReloadBox.onChange(event);
                }}
              />
              <label htmlFor={`${id}-every`}>S’ouvre à chaque chargement de la page</label>
            </div>
            <p id={`${id}-every-hint`} className={controls.hint}>
              Sinon, une fois fermée, la fenêtre reste fermée pour ce visiteur pendant le nombre de
              jours ci-dessous.
            </p>
            {!everyReload && (
              <AdminField
                id={`${id}-days`}
                label="Reste fermée pendant (jours)"
                type="number"
                inputMode="numeric"
                {...form.bind('rememberClosedDays', { valueAsNumber: true })}
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
                    checked={chosen.includes(page.id)}
                    onChange={(event) => togglePage(page.id, event.target.checked)}
                  />
                  <label htmlFor={`${id}-page-${page.id}`}>
                    {page.title} <span className={controls.optional}>({page.url})</span>
                  </label>
                </div>
              ))}
              {pagesError && <p className={controls.error}>{pagesError}</p>}
            </fieldset>
          </>
        );
      }}
    </AdminItemForm>
  );
}

/** A page opens one popup: the others lose the pages the saved one took. */
function withSaved(
  current: readonly AdminPopup[],
  saved: AdminPopup,
  isNew: boolean,
): AdminPopup[] {
  const others = current.map((item) =>
    item.id === saved.id
      ? saved
      : { ...item, pageIds: item.pageIds.filter((pageId) => !saved.pageIds.includes(pageId)) },
  );
  return isNew ? [...others, saved] : others;
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
  const api = browserApi(siteId);
  const pageTitle = new Map(pages.map((page) => [page.id, page.title]));
  return (
    <AdminList<AdminPopup, PopupInput>
      headingId="fenetres"
      heading={(popups) => `Fenêtres (${popups.length})`}
      initial={initial}
      empty="Le site n’a pas encore de fenêtre."
      nameOf={(popup) => popup.title}
      addLabel="Créer une fenêtre"
      renderItem={(popup) => (
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
      )}
      renderForm={(popup, slot) => <PopupForm popup={popup} pages={pages} slot={slot} />}
      save={(popup, input) =>
        popup
          ? api.call(updateAdminPopup, { params: { id: popup.id }, body: input })
          : api.call(createAdminPopup, { body: input })
      }
      savedMessage={(popup, created) =>
        `Fenêtre « ${popup.title} » ${created ? 'créée' : 'enregistrée'}.`
      }
      afterSave={withSaved}
      remove={{
        confirm: (popup) => `Supprimer la fenêtre « ${popup.title} » ?`,
        call: async (popup) => {
          await api.call(deleteAdminPopup, { params: { id: popup.id } });
        },
        done: (popup) => `Fenêtre « ${popup.title} » supprimée.`,
      }}
    />
  );
}
