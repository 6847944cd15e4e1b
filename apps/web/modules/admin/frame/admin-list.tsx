'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
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
  onSubmit: (values: Output) => Promise<void>;
  onCancel: () => void;
  className?: string;
  children: (form: ApiForm<Values>) => ReactNode;
}

/** A row's form (or the new row's): its fields, « Enregistrer » and « Annuler », its status. */
export function AdminItemForm<Values extends FieldValues, Output>({
  resolver,
  defaultValues,
  serverFields,
  serverKeys,
  submitLabel,
  onSubmit,
  onCancel,
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
    submit: async (values) => {
      setStatus('');
      await onSubmit(values);
    },
  });
  const pending = form.formState.isSubmitting;

  return (
    <form
      className={className ?? styles.form}
      onSubmit={form.onSubmit}
      aria-busy={pending || undefined}
      noValidate
    >
      {children(form)}
      <div className={controls.buttons}>
        <button type="submit" className={controls.button} disabled={pending}>
          {submitLabel}
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

export interface AdminListItem {
  id: number;
}

export interface AdminItemFormSlot<Input> {
  /** Saves the values; a throw stays in the form (field errors, status). */
  onSubmit: (input: Input) => Promise<void>;
  onCancel: () => void;
}

export interface AdminListProps<Item extends AdminListItem, Input> {
  /** The id of the section's heading, which names the section. */
  headingId: string;
  heading: (items: readonly Item[]) => ReactNode;
  /** Said under the heading. */
  intro?: ReactNode;
  initial: Item[];
  /** Said when the list is empty. */
  empty: string;
  /** A row's name, as its buttons say it (« Supprimer « Coupe femme » »). */
  nameOf: (item: Item) => string;
  /** What a row shows before its buttons. */
  renderItem: (item: Item) => ReactNode;
  /** « Modifier » unless the list names it otherwise (« Renommer »). */
  editLabel?: string;
  /** The button that opens the new row's form. */
  addLabel: string;
  renderForm: (item: Item | null, slot: AdminItemFormSlot<Input>) => ReactNode;
  /** Creates (item null) or updates a row; returns the row as the server kept it. */
  save: (item: Item | null, input: Input) => Promise<Item>;
  /** « Liste « … » créée. » */
  savedMessage: (saved: Item, created: boolean) => string;
  /** The list once a row is saved; by default the row replaces its old self or comes last. */
  afterSave?: (items: readonly Item[], saved: Item, created: boolean) => Item[];
  remove: {
    /** The question the browser asks before deleting. */
    confirm: (item: Item) => string;
    call: (item: Item) => Promise<void>;
    /** « « … » supprimée. » */
    done: (item: Item) => string;
  };
  /** A list with an order: rows move up and down, and the server says the new order. */
  reorder?: (ids: number[]) => Promise<Item[]>;
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

/**
 * A list editor's section: its heading, its rows (an ordered list when the order matters), the
 * add button or the new row's form, and the status line. After an add or a change the focus
 * goes to the saved row, after a deletion to the row that took its place (or the heading), and
 * when the new row's form opens, to its first field.
 */
export function AdminList<Item extends AdminListItem, Input>({
  headingId,
  heading,
  intro,
  initial,
  empty,
  nameOf,
  renderItem,
  editLabel,
  addLabel,
  renderForm,
  save,
  savedMessage,
  afterSave = replacedOrAdded,
  remove,
  reorder,
}: AdminListProps<Item, Input>) {
  const [items, setItems] = useState(initial);
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  /** Where the focus goes once React has drawn the change (a new object for each move). */
  const [focusRequest, requestFocus] = useState<{ target: FocusTarget } | null>(null);
  const rows = useRef(new Map<number, HTMLLIElement>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const newFormRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusRequest === null) return;
    const { target } = focusRequest;
    if (target === 'heading') headingRef.current?.focus();
    else if (target === 'add') addRef.current?.focus();
    else if (target === 'new') {
      newFormRef.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
    } else rows.current.get(target)?.focus();
  }, [focusRequest]);

  async function run(action: () => Promise<string>) {
    setBusy(true);
    try {
      setStatus(await action());
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
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
      return `« ${nameOf(saved[target]!)} » est maintenant en position ${target + 1}.`;
    });
  }

  function removeItem(item: Item) {
    if (!window.confirm(remove.confirm(item))) return;
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

  async function submitFor(item: Item | null, input: Input) {
    const saved = await save(item, input);
    const created = item === null;
    setItems((current) => afterSave(current, saved, created));
    setStatus(savedMessage(saved, created));
    setEditing(null);
    requestFocus({ target: saved.id });
  }

  function cancelFor(item: Item | null) {
    setEditing(null);
    requestFocus({ target: item ? item.id : 'add' });
  }

  const formOf = (item: Item | null) =>
    renderForm(item, {
      onSubmit: (input) => submitFor(item, input),
      onCancel: () => cancelFor(item),
    });

  const List = reorder ? 'ol' : 'ul';
  return (
    <section className={controls.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={controls.sectionTitle}>
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
              ref={(element) => {
                if (element) rows.current.set(item.id, element);
                else rows.current.delete(item.id);
              }}
              tabIndex={-1}
              className={styles.item}
            >
              <div className={styles.itemRow}>
                {renderItem(item)}
                <ItemActions
                  name={nameOf(item)}
                  busy={busy}
                  {...(reorder
                    ? {
                        move: {
                          isFirst: index === 0,
                          isLast: index === items.length - 1,
                          onMove: (direction: -1 | 1) => move(index, direction),
                        },
                      }
                    : {})}
                  editing={editing === item.id}
                  onToggleEdit={() => setEditing(editing === item.id ? null : item.id)}
                  {...(editLabel ? { editLabel } : {})}
                  onRemove={() => removeItem(item)}
                />
              </div>
              {editing === item.id && formOf(item)}
            </li>
          ))}
        </List>
      )}
      {editing === 'new' ? (
        <div ref={newFormRef}>{formOf(null)}</div>
      ) : (
        <div>
          <button
            ref={addRef}
            type="button"
            className={controls.button}
            onClick={() => {
              setEditing('new');
              requestFocus({ target: 'new' });
            }}
          >
            {addLabel}
          </button>
        </div>
      )}
      <p role="status" className={controls.status}>
        {status}
      </p>
    </section>
  );
}
