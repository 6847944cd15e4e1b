'use client';

import controls from '../admin-controls.module.css';

/*
 * The buttons at the end of a row of a back-office list (services, popups, element lists,
 * newsletter lists): move it up or down (the keyboard's way to reorder), open its form, delete it.
 * Each button names the row for a screen reader (« Monter « Coupe femme » »).
 */

const secondary = `${controls.button} ${controls.secondary} ${controls.small}`;
const danger = `${controls.button} ${controls.dangerButton} ${controls.small}`;

export interface ItemMove {
  isFirst: boolean;
  isLast: boolean;
  /** -1 up, 1 down. */
  onMove: (direction: -1 | 1) => void;
}

export interface ItemActionsProps {
  /** The row's name, as the owner reads it. */
  name: string;
  /** A write is under way: the buttons that write wait for it. */
  busy: boolean;
  /** Absent for a list the owner does not order. */
  move?: ItemMove;
  /** The row's form is open below it. */
  editing: boolean;
  onToggleEdit: () => void;
  /** « Modifier » unless the list names it otherwise (« Renommer »). */
  editLabel?: string;
  /** Absent for a list whose rows are not deleted here. */
  onRemove?: (() => void) | undefined;
}

export function ItemActions({
  name,
  busy,
  move,
  editing,
  onToggleEdit,
  editLabel = 'Modifier',
  onRemove,
}: ItemActionsProps) {
  return (
    <span className={controls.buttons}>
      {move && (
        <>
          <button
            type="button"
            className={secondary}
            disabled={busy || move.isFirst}
            onClick={() => move.onMove(-1)}
            aria-label={`Monter « ${name} »`}
          >
            ↑ Monter
          </button>
          <button
            type="button"
            className={secondary}
            disabled={busy || move.isLast}
            onClick={() => move.onMove(1)}
            aria-label={`Descendre « ${name} »`}
          >
            ↓ Descendre
          </button>
        </>
      )}
      <button
        type="button"
        className={secondary}
        aria-expanded={editing}
        onClick={onToggleEdit}
        aria-label={`${editLabel} « ${name} »`}
      >
        {editLabel}
      </button>
      {onRemove && (
        <button
          type="button"
          className={danger}
          disabled={busy}
          onClick={onRemove}
          aria-label={`Supprimer « ${name} »`}
        >
          Supprimer
        </button>
      )}
    </span>
  );
}
