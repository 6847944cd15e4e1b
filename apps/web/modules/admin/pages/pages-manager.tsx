'use client';

import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  createPage,
  deletePage,
  duplicatePage,
  listAdminPages,
  movePage,
  updatePage,
  type AdminPage,
  type PageCreate,
  type PageRedirect,
} from '@comptoir/contract/admin-pages';
import { menuLabel } from '@comptoir/domain/page-tree';
import { IntentLink } from '../../../ui/intent-link';
import { failureMessage } from '../../../ui/server-errors';
import { notifyError, notifySuccess } from '../../../ui/toaster';
import { browserApi } from '../../account/browser-api';
import { DeletePageDialog } from './delete-page-dialog';
import { PageForm } from './page-form';
import {
  describePlace,
  flattenTree,
  indent,
  isRealMove,
  moveAmongSiblings,
  outdent,
  projectDrop,
  type TreeMove,
  type TreeRow,
} from './page-tree-model';
import styles from './admin-pages.module.css';

/** Pixels of horizontal drag that make one level of nesting (the rows' own indentation). */
const INDENT_PX = 28;

/** The storefront's built-in templates, named for the owner. */
const TEMPLATE_LABELS: Record<string, string> = {
  HOME: "Page d'accueil",
  CONTACT: 'Contact',
  BLOG: 'Blog',
  SERVICES: 'Prestations',
  GIFT_VOUCHER: 'Bon cadeau',
  PRODUCT_LIST: 'Boutique',
  AUTH: 'Connexion',
  PASSWORD_RESET_ASK: 'Mot de passe oublié',
  PASSWORD_RESET: 'Nouveau mot de passe',
  USE_TERMS: "Conditions d'utilisation",
  PRIVACY_POLICY: 'Confidentialité',
  COOKIE_POLICY: 'Cookies',
  LEGAL_NOTICE: 'Mentions légales',
  SALE_TERMS: 'Conditions de vente',
};

export function templateLabel(page: AdminPage): string {
  if (page.cms.route) return TEMPLATE_LABELS[page.cms.route] ?? page.cms.route;
  return page.cms.isCmsPage ? 'Page de contenu' : 'Page intégrée';
}

type Editing = { mode: 'create'; idParent: number | null } | { mode: 'edit'; page: AdminPage };

interface RowActions {
  onMove: (move: TreeMove | null) => void;
  onEdit: (page: AdminPage) => void;
  onDuplicate: (page: AdminPage) => void;
  onDelete: (page: AdminPage) => void;
  onAddChild: (page: AdminPage) => void;
}

function TreeItem({
  row,
  pages,
  busy,
  actions,
}: {
  row: TreeRow;
  pages: AdminPage[];
  busy: boolean;
  actions: RowActions;
}) {
  const { page, depth } = row;
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: page.id, attributes: { roleDescription: 'page déplaçable' } });
  const title = menuLabel(page);
  const up = moveAmongSiblings(pages, page.id, -1);
  const down = moveAmongSiblings(pages, page.id, 1);
  const right = indent(pages, page.id);
  const left = outdent(pages, page.id);
  return (
    <li
      ref={setNodeRef}
      className={styles.row}
      data-dragging={isDragging || undefined}
      data-page-id={page.id}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        marginInlineStart: `${depth * INDENT_PX}px`,
      }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        aria-label={`Glisser « ${title} » pour le déplacer`}
        {...attributes}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className={styles.rowText}>
        <span className={styles.rowTitle}>
          {title}
          {depth > 0 && <span className="visually-hidden">, niveau {depth + 1}</span>}
        </span>
        <span className={styles.rowUrl}>{page.url}</span>
        <span className={styles.badges}>
          <span className={styles.badge}>{templateLabel(page)}</span>
          {!page.showInMenu && <span className={styles.badge}>Hors menu</span>}
          {page.isFixedOnRight && <span className={styles.badge}>À droite</span>}
          {page.link && <span className={styles.badge}>Lien</span>}
        </span>
      </div>
      <div className={styles.rowActions}>
        <div className={styles.moveButtons} role="group" aria-label={`Déplacer « ${title} »`}>
          <button
            type="button"
            disabled={busy || !up}
            aria-label={`Monter « ${title} »`}
            onClick={() => actions.onMove(up)}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            disabled={busy || !down}
            aria-label={`Descendre « ${title} »`}
            onClick={() => actions.onMove(down)}
          >
            <span aria-hidden="true">↓</span>
          </button>
          <button
            type="button"
            disabled={busy || !left}
            aria-label={`Remonter « ${title} » d'un niveau`}
            onClick={() => actions.onMove(left)}
          >
            <span aria-hidden="true">←</span>
          </button>
          <button
            type="button"
            disabled={busy || !right}
            aria-label={`Faire de « ${title} » une sous-page de la page au-dessus`}
            onClick={() => actions.onMove(right)}
          >
            <span aria-hidden="true">→</span>
          </button>
        </div>
        <IntentLink className={styles.action} href={`/admin/pages/${page.id}`}>
          Contenu<span className="visually-hidden"> de « {title} »</span>
        </IntentLink>
        <button type="button" className={styles.action} onClick={() => actions.onEdit(page)}>
          Modifier<span className="visually-hidden"> « {title} »</span>
        </button>
        <button type="button" className={styles.action} onClick={() => actions.onAddChild(page)}>
          Sous-page<span className="visually-hidden"> de « {title} »</span>
        </button>
        <button
          type="button"
          className={styles.action}
          disabled={busy}
          onClick={() => actions.onDuplicate(page)}
        >
          Dupliquer<span className="visually-hidden"> « {title} »</span>
        </button>
        <button
          type="button"
          className={styles.danger}
          disabled={page.url === '/'}
          onClick={() => actions.onDelete(page)}
        >
          Supprimer<span className="visually-hidden"> « {title} »</span>
        </button>
      </div>
    </li>
  );
}

/**
 * The page tree of the back office: reorder and nest by dragging a row (right to nest, left to
 * lift) or with the buttons of each row, which do the same from the keyboard; each move is
 * announced. Create, edit, duplicate and delete (with a redirect) from here.
 */
export function PagesManager({
  siteId,
  initial,
}: {
  siteId: number;
  /** The tree as the server read it for this request. */
  initial: { pages: AdminPage[]; redirects: PageRedirect[] };
}) {
  const api = useMemo(() => browserApi(siteId), [siteId]);
  const [pages, setPages] = useState<AdminPage[]>(initial.pages);
  const [redirects, setRedirects] = useState<PageRedirect[]>(initial.redirects);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AdminPage | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  const load = useCallback(async () => {
    try {
      const data = await api.call(listAdminPages);
      setPages(data.pages);
      setRedirects(data.redirects);
      setLoadError(null);
    } catch (error) {
      setLoadError(failureMessage(error));
    }
  }, [api]);

  useEffect(() => {
    if (editing) dialog.current?.showModal();
    else dialog.current?.close();
  }, [editing]);

  const rows = useMemo(() => flattenTree(pages), [pages]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = (id: number | string) =>
    menuLabel(
      pages.find((page) => page.id === Number(id)) ?? { title: 'la page', menuTitle: null },
    );
  const announcements: Announcements = {
    onDragStart: ({ active }) => `« ${titleOf(active.id)} » saisie.`,
    onDragOver: ({ active, over }) =>
      over ? `« ${titleOf(active.id)} » au-dessus de « ${titleOf(over.id)} ».` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `« ${titleOf(active.id)} » déposée.` : `« ${titleOf(active.id)} » reposée à sa place.`,
    onDragCancel: ({ active }) => `Déplacement de « ${titleOf(active.id)} » annulé.`,
  };

  const applyMove = async (move: TreeMove | null) => {
    if (!move || busy || !isRealMove(pages, move)) return;
    setBusy(true);
    try {
      const result = await api.call(movePage, {
        params: { id: move.id },
        body: { idParent: move.idParent, position: move.position },
      });
      const message = describePlace(result.pages, move);
      setPages(result.pages);
      setAnnouncement(message);
    } catch (error) {
      const message = failureMessage(error);
      setAnnouncement(message);
      notifyError(message);
    } finally {
      setBusy(false);
    }
  };

  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    if (!over) return;
    void applyMove(
      projectDrop(rows, Number(active.id), Number(over.id), Math.round(delta.x / INDENT_PX)),
    );
  };

  const save = async (values: PageCreate) => {
    if (!editing) return;
    if (editing.mode === 'create') {
      const created = await api.call(createPage, { body: values });
      notifySuccess(`La page « ${created.title} » est créée.`);
      setAnnouncement(`La page « ${created.title} » est créée.`);
    } else {
      const { idParent: _unchanged, ...fields } = values;
      const updated = await api.call(updatePage, { params: { id: editing.page.id }, body: fields });
      notifySuccess(`La page « ${updated.title} » est enregistrée.`);
      setAnnouncement(`La page « ${updated.title} » est enregistrée.`);
    }
    setEditing(null);
    await load();
  };

  const duplicate = async (page: AdminPage) => {
    setBusy(true);
    try {
      const copy = await api.call(duplicatePage, { params: { id: page.id } });
      const message = `La page « ${page.title} » est dupliquée à l’adresse ${copy.url} (hors menu).`;
      notifySuccess(message);
      setAnnouncement(message);
      await load();
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (page: AdminPage, idRedirectPage: number) => {
    const result = await api.call(deletePage, {
      params: { id: page.id },
      query: { idRedirectPage },
    });
    const message = `La page « ${page.title} » est supprimée : ${result.redirect.fromUrl} mène désormais à ${result.redirect.toUrl}.`;
    notifySuccess(message);
    setAnnouncement(message);
    setDeleting(null);
    await load();
  };

  const actions: RowActions = {
    onMove: (move) => void applyMove(move),
    onEdit: (page) => setEditing({ mode: 'edit', page }),
    onDuplicate: (page) => void duplicate(page),
    onDelete: setDeleting,
    onAddChild: (page) => setEditing({ mode: 'create', idParent: page.id }),
  };

  return (
    <div className={styles.manager}>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.primary}
          onClick={() => setEditing({ mode: 'create', idParent: null })}
        >
          Nouvelle page
        </button>
        <p className={styles.help} id="aide-arborescence">
          Glissez une page pour changer son ordre ; vers la droite pour en faire une sous-page, vers
          la gauche pour la remonter d’un niveau. Au clavier : les flèches de chaque ligne, ou la
          poignée ⠿ (Espace pour saisir, flèches, Espace pour déposer).
        </p>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {loadError && (
        <p className={styles.error} role="alert">
          La liste n’a pas pu être relue ({loadError}) : rechargez la page.
        </p>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'Pour déplacer une page, appuyez sur Espace, utilisez les flèches haut et bas, puis Espace pour la déposer ou Échap pour annuler.',
          },
        }}
      >
        <SortableContext
          items={rows.map((row) => row.page.id)}
          strategy={verticalListSortingStrategy}
        >
          <ul
            className={styles.tree}
            aria-label="Pages du site, dans l’ordre du menu"
            aria-describedby="aide-arborescence"
          >
            {rows.map((row) => (
              <TreeItem key={row.page.id} row={row} pages={pages} busy={busy} actions={actions} />
            ))}
          </ul>
        </SortableContext>
      </DndContext>

      {redirects.length > 0 && (
        <section className={styles.panel} aria-labelledby="redirections">
          <h2 id="redirections">Adresses redirigées</h2>
          <ul className={styles.redirects}>
            {redirects.map((redirect) => (
              <li key={redirect.fromUrl}>
                <code>{redirect.fromUrl}</code> → <code>{redirect.toUrl}</code>
              </li>
            ))}
          </ul>
        </section>
      )}

      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby="titre-formulaire-page"
        onClose={() => setEditing(null)}
      >
        {editing && (
          <>
            <h2 id="titre-formulaire-page">
              {editing.mode === 'create' ? 'Nouvelle page' : `Modifier « ${editing.page.title} »`}
            </h2>
            <PageForm
              key={editing.mode === 'edit' ? editing.page.id : `new-${editing.idParent}`}
              page={editing.mode === 'edit' ? editing.page : null}
              parents={pages}
              defaultParent={editing.mode === 'create' ? editing.idParent : null}
              onSubmit={save}
              onCancel={() => setEditing(null)}
            />
          </>
        )}
      </dialog>
      {deleting && (
        <DeletePageDialog
          page={deleting}
          pages={pages}
          onConfirm={(target) => remove(deleting, target)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
