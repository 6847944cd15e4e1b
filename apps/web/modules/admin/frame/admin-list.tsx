'use client';

import { useEffect, useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver } from 'react-hook-form';
import { failureMessage } from '../../../ui/server-errors';
import { useApiForm, type ApiForm } from '../../../ui/use-api-form';
import controls from '../admin-controls.module.css';
import { ItemActions } from './item-actions';
import styles from './admin-list.module.css';

/*
 * The one skeleton of the back office's list editors (services, popups, element lists,
 * newsletter lists): the rows the page loaded on the server, a form to add one and a form under
 * each row to change it, deletion after a confirmation, reordering with the keyboard where the
 * list has an order, and what happened said in French in a live region. The forms are
 * useApiForm's, as the storefront's: the contract's schema checks the values, the server's field
 * errors go beside their fields and its message into the form's own status line.
 */

export interface AdminItemFormProps<Values extends FieldValues, Output> {
  /** The contract's schema as a resolver (the back office loads zod with its screens). */
  resolver: Resolver<Values, unknown, Output>;
  defaultValues: DefaultValues<Values>;
  /** The fields the server's errors may name, in the order of the form. */
  serverFields: readonly Path<Values>[];
  /** Server keys that name a field of another name (`priceCents` for the typed `price`). */
  serverKeys?: Readonly<Record<string, Path<Values>>>;
  submitLabel: string;
  /**
   * Saves the values; what it returns, for a form that stays open, is said in the form's status
   * (`status`) and becomes the form's values (`values`: the server's, or empty for the next one).
   */
  onSubmit: (values: Output) => Promise<void | AdminFormSaved<Values>>;
  /** Values no control of the form holds, given by the page (a bulk change's ticked rows). */
  values?: Partial<Record<Path<Values>, unknown>>;
  /** Buttons after the submit button (« Monter », « Supprimer »). */
  buttons?: ReactNode;
  /** A submit button of the secondary kind, for a form among others in a section. */
  secondary?: boolean;
  /** Said in the form's status line once saved, for a form that stays open (an album's). */
  savedMessage?: (values: Output) => string;
  /** « Annuler »; a form without it is closed by the button that opened it. */
  onCancel?: (() => void) | undefined;
  /** The form's name, where the page holds several. */
  label?: string;
  className?: string;
  children: (form: ApiForm<Values>) => ReactNode;
}

/** What a form that stays open does once saved. */
export interface AdminFormSaved<Values extends FieldValues> {
  status?: string;
  values?: DefaultValues<Values>;
}

/** A row's form (or the new row's): its fields, « Enregistrer » and « Annuler », its status. */
export function AdminItemForm<Values extends FieldValues, Output>({
  resolver,
  defaultValues,
  serverFields,
  serverKeys,
  submitLabel,
  onSubmit,
  savedMessage,
  onCancel,
  values,
  buttons,
  secondary = false,
  label,
  className,
  children,
}: AdminItemFormProps<Values, Output>) {
  const [status, setStatus] = useState('');
  const form = useApiForm<Values, Output, { resolver: Resolver<Values, unknown, Output> }>({
    contract: () => Promise.resolve({ resolver }),
    defaultValues,
    serverFields,
    ...(serverKeys ? { serverKeys } : {}),
    notify: setStatus,
    submit: async (output) => {
      setStatus('');
      const saved = await onSubmit(output);
      if (saved?.values) form.reset(saved.values);
      if (saved?.status) setStatus(saved.status);
      else if (savedMessage) setStatus(savedMessage(output));
    },
  });
  const pending = form.formState.isSubmitting;
  // The page's values (after each render: the engine keeps them for the next submit).
  useEffect(() => {
    for (const [name, value] of Object.entries(values ?? {})) {
      form.setValue(name as Path<Values>, value);
    }
  });

  return (
    <form
      className={className ?? styles.form}
      onSubmit={form.onSubmit}
      aria-busy={pending || undefined}
      aria-label={label}
      noValidate
    >
      {children(form)}
      <div className={controls.buttons}>
        <button
          type="submit"
          className={secondary ? `${controls.button} ${controls.secondary}` : controls.button}
          disabled={pending}
        >
          {submitLabel}
        </button>
        {buttons}
        {onCancel && (
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={onCancel}
          >
            Annuler
          </button>
        )}
      </div>
      <p role="status" className={controls.status}>
        {status}
      </p>
    </form>
  );
}

export interface AdminListItem {
  id: number;
}

export interface AdminItemFormSlot<Input> {
  /** Saves the values; a throw stays in the form (field errors, status). */
  onSubmit: (input: Input) => Promise<void>;
  onCancel: () => void;
}

export interface AdminListRemoval<Item> {
  /** The question the browser asks before deleting. */
  confirm: (item: Item) => string;
  call: (item: Item) => Promise<void>;
  /** « « … » supprimée. » */
  done: (item: Item) => string;
}

export interface AdminListState<Item extends AdminListItem, Input> {
  initial: Item[];
  /** A row's name, as its buttons and the moves say it. */
  nameOf: (item: Item) => string;
  /** Creates (item null) or updates a row; returns the row as the server kept it. */
  save?: (item: Item | null, input: Input) => Promise<Item>;
  /** « Liste « … » créée. » */
  savedMessage?: (saved: Item, created: boolean) => string;
  /** The list once a row is saved; by default the row replaces its old self or comes last. */
  afterSave?: (items: readonly Item[], saved: Item, created: boolean) => Item[];
  remove?: AdminListRemoval<Item>;
  /** A list with an order: rows move up and down, and the server says the new order. */
  reorder?: (ids: number[]) => Promise<Item[]>;
  /** Said after a move; by default « « … » est maintenant en position n. ». */
  movedMessage?: (moved: Item, position: number) => string;
  /**
   * For rows the server orders (news by date, folders in their tree): the rows are the page's
   * `initial` as it stands, and after each write the page is drawn again from the server
   * (`router.refresh`) instead of the list keeping its rows.
   */
  refresh?: () => void;
}

export interface AdminStatus {
  /** What happened, for a live region. */
  status: string;
  say: (message: string) => void;
  /** A write is under way: the buttons that write wait for it. */
  busy: boolean;
  /** Runs an action (a toggle, a resend): its sentence, or its failure, goes to the status. */
  run: (action: () => Promise<string>) => Promise<void>;
}

/** The status line and busy flag of a section whose buttons write (a list, an address). */
export function useAdminStatus(): AdminStatus {
  const [status, say] = useState('');
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<string>) {
    setBusy(true);
    try {
      say(await action());
    } catch (error) {
      say(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return { status, say, busy, run };
}

export interface AdminSelection {
  /** The ids of the ticked rows. */
  ids: ReadonlySet<number>;
  toggle: (id: number, on: boolean) => void;
  clear: () => void;
}

/** The rows a table ticks for a bulk change (the catalogue's declinations). */
export function useAdminSelection(): AdminSelection {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  return {
    ids,
    toggle: (id, on) =>
      setIds((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    clear: () => setIds(new Set()),
  };
}

function replacedOrAdded<Item extends AdminListItem>(
  items: readonly Item[],
  saved: Item,
  created: boolean,
): Item[] {
  return created ? [...items, saved] : items.map((item) => (item.id === saved.id ? saved : item));
}

type Editing = number | 'new' | null;

/** A row (by id), the heading, the add button, or the new row's first field. */
type FocusTarget = number | 'heading' | 'add' | 'new';

type FocusTargetRef = (element: HTMLElement | null) => void;

export interface AdminListControls<Item extends AdminListItem, Input> {
  items: readonly Item[];
  /** The row whose form is open, or the new row's. */
  editing: Editing;
  /** A write is under way: the buttons that write wait for it. */
  busy: boolean;
  /** What happened, for the section's live region. */
  status: string;
  /** Runs a row's action (a toggle, a resend): its sentence, or its failure, goes to the status. */
  run: (action: () => Promise<string>) => Promise<void>;
  /** A row as the server now holds it, in its place. */
  replace: (saved: Item) => void;
  /** Opens (or closes, when open) a row's form. */
  toggleEdit: (id: number) => void;
  /** Opens a row's form. */
  edit: (id: number) => void;
  /** Opens the new row's form and puts the focus in its first field. */
  openNew: () => void;
  /** The calls a row's form (or the new row's) makes: save, or give the focus back. */
  formSlot: (item: Item | null) => AdminItemFormSlot<Input>;
  /** Asks, deletes, says it and moves the focus to the row that took its place. */
  removeItem: (item: Item) => Promise<void> | undefined;
  /** Moves a row one place up (-1) or down (1). */
  move: (index: number, offset: -1 | 1) => Promise<void> | undefined;
  /**
   * The refs of what takes the focus: each row (with `tabIndex={-1}`), the heading (likewise),
   * the add button, and the new row's form (its first field takes it).
   */
  rowTarget: (id: number) => FocusTargetRef;
  headingTarget: FocusTargetRef;
  addTarget: FocusTargetRef;
  newFormTarget: FocusTargetRef;
}

/**
 * The state of a list editor, whatever its markup (a list of rows, cards): the rows the page
 * loaded on the server, the open form, the status line, the busy flag, and where the focus goes
 * after each change. After an add or a change the focus goes to the saved row, after a deletion
 * to the row that took its place (or the heading), and when the new row's form opens, to its
 * first field; « Annuler » gives it back to the row or to the add button.
 */
export function useAdminList<Item extends AdminListItem, Input>({
  initial,
  nameOf,
  save,
  savedMessage,
  afterSave = replacedOrAdded,
  remove,
  reorder,
  movedMessage,
  refresh,
}: AdminListState<Item, Input>): AdminListControls<Item, Input> {
  const [kept, keep] = useState(initial);
  const items = refresh ? initial : kept;
  const setItems: typeof keep = refresh ? () => undefined : keep;
  const [editing, setEditing] = useState<Editing>(null);
  const { status, say: setStatus, busy, run: runAction } = useAdminStatus();
  /** Where the focus goes once React has drawn the change (a new object for each move). */
  const [focusRequest, requestFocus] = useState<{ target: FocusTarget } | null>(null);
  /** The elements on the page that may take the focus, kept by their refs. */
  const [targets] = useState(() => new Map<FocusTarget, HTMLElement>());
  const focusTarget =
    (target: FocusTarget): FocusTargetRef =>
    (element) => {
      if (element) targets.set(target, element);
      else if (targets.get(target)) targets.delete(target);
    };

  useEffect(() => {
    if (focusRequest === null) return;
    const { target } = focusRequest;
    const element = targets.get(target);
    if (target === 'new') {
      element?.querySelector<HTMLElement>('input, textarea, select')?.focus();
    } else element?.focus();
  }, [focusRequest, targets]);

  const run = (action: () => Promise<string>) =>
    runAction(async () => {
      const message = await action();
      refresh?.();
      return message;
    });

  function replace(saved: Item) {
    setItems((current) => current.map((item) => (item.id === saved.id ? saved : item)));
  }

  function move(index: number, offset: -1 | 1) {
    if (!reorder) return;
    const ids = items.map((item) => item.id);
    const target = index + offset;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    return run(async () => {
      const saved = await reorder(ids);
      setItems(saved);
      const moved = saved[target]!;
      return movedMessage
        ? movedMessage(moved, target + 1)
        : `« ${nameOf(moved)} » est maintenant en position ${target + 1}.`;
    });
  }

  function removeItem(item: Item) {
    if (!remove || !window.confirm(remove.confirm(item))) return;
    return run(async () => {
      await remove.call(item);
      const index = items.findIndex((candidate) => candidate.id === item.id);
      const rest = items.filter((candidate) => candidate.id !== item.id);
      setItems((current) => current.filter((candidate) => candidate.id !== item.id));
      if (editing === item.id) setEditing(null);
      const next = rest[Math.min(index, rest.length - 1)];
      requestFocus({ target: next ? next.id : 'heading' });
      return remove.done(item);
    });
  }

  const formSlot = (item: Item | null): AdminItemFormSlot<Input> => ({
    onSubmit: async (input) => {
      if (!save) return;
      const saved = await save(item, input);
      const created = item === null;
      setItems((current) => afterSave(current, saved, created));
      setStatus(savedMessage ? savedMessage(saved, created) : '');
      refresh?.();
      setEditing(null);
      requestFocus({ target: saved.id });
    },
    onCancel: () => {
      setEditing(null);
      requestFocus({ target: item ? item.id : 'add' });
    },
  });

  return {
    items,
    editing,
    busy,
    status,
    run,
    replace,
    toggleEdit: (id) => setEditing((current) => (current === id ? null : id)),
    edit: setEditing,
    openNew: () => {
      setEditing('new');
      requestFocus({ target: 'new' });
    },
    formSlot,
    removeItem,
    move,
    rowTarget: focusTarget,
    headingTarget: focusTarget('heading'),
    addTarget: focusTarget('add'),
    newFormTarget: focusTarget('new'),
  };
}

export interface AdminListProps<Item extends AdminListItem, Input> extends AdminListState<
  Item,
  Input
> {
  /** The id of the section's heading, which names the section. */
  headingId: string;
  heading: (items: readonly Item[]) => ReactNode;
  /** Said under the heading. */
  intro?: ReactNode;
  /** Said when the list is empty. */
  empty: ReactNode;
  /** What a row shows before its buttons. */
  renderItem: (item: Item) => ReactNode;
  /**
   * A row's buttons when they are not « Modifier » and « Supprimer » (one « Masquer » button):
   * their actions go through `list.run`, which says what happened.
   */
  actions?: (item: Item, list: AdminListControls<Item, Input>) => ReactNode;
  /** Attributes of a row's element (a test id). */
  itemAttributes?: (item: Item) => Readonly<Record<`data-${string}`, string>>;
  /** « Modifier » unless the list names it otherwise (« Renommer »). */
  editLabel?: string;
  /** The button that opens the new row's form; a list without one takes no new row here. */
  addLabel?: string;
  /** A row's form (or the new row's); a list without forms has its own actions. */
  renderForm?: (item: Item | null, slot: AdminItemFormSlot<Input>) => ReactNode;
}

/**
 * A list editor's section: its heading, its rows (an ordered list when the order matters), the
 * add button or the new row's form, and the status line (useAdminList's state).
 */
export function AdminList<Item extends AdminListItem, Input>(props: AdminListProps<Item, Input>) {
  const { headingId, heading, intro, empty, nameOf, renderItem, actions, itemAttributes } = props;
  const { editLabel, addLabel, renderForm, reorder, remove } = props;
  const list = useAdminList<Item, Input>(props);
  const { items, editing, busy, rowTarget, headingTarget, addTarget, newFormTarget } = list;

  const List = reorder ? 'ol' : 'ul';
  return (
    <section className={controls.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingTarget} tabIndex={-1} className={controls.sectionTitle}>
        {heading(items)}
      </h2>
      {intro}
      {items.length === 0 ? (
        <p className={controls.hint}>{empty}</p>
      ) : (
        <List className={styles.items} aria-busy={busy || undefined}>
          {items.map((item, index) => (
            <li
              key={item.id}
              ref={rowTarget(item.id)}
              tabIndex={-1}
              className={styles.item}
              {...itemAttributes?.(item)}
            >
              <div className={styles.itemRow}>
                {renderItem(item)}
                {actions ? (
                  actions(item, list)
                ) : (
                  <ItemActions
                    name={nameOf(item)}
                    busy={busy}
                    {...(reorder
                      ? {
                          move: {
                            isFirst: index === 0,
                            isLast: index === items.length - 1,
                            onMove: (direction: -1 | 1) => list.move(index, direction),
                          },
                        }
                      : {})}
                    editing={editing === item.id}
                    onToggleEdit={() => list.toggleEdit(item.id)}
                    {...(editLabel ? { editLabel } : {})}
                    {...(remove ? { onRemove: () => list.removeItem(item) } : {})}
                  />
                )}
              </div>
              {editing === item.id && renderForm?.(item, list.formSlot(item))}
            </li>
          ))}
        </List>
      )}
      {renderForm &&
        addLabel &&
        (editing === 'new' ? (
          <div ref={newFormTarget}>{renderForm(null, list.formSlot(null))}</div>
        ) : (
          <div>
            <button
              ref={addTarget}
              type="button"
              className={controls.button}
              onClick={list.openNew}
            >
              {addLabel}
            </button>
          </div>
        ))}
      <p role="status" className={controls.status}>
        {list.status}
      </p>
    </section>
  );
}
