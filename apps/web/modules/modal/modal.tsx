'use client';

import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { Icon } from '../../ui/icon';
import styles from './modal.module.css';

interface ModalProps {
  title: string;
  children: ReactNode;
  onClose: () => void;
}

/**
 * A modal window on the native <dialog>: showModal() makes the page behind inert, so focus stays
 * inside, and puts focus on the first control (the close button). Escape and a click on the dark
 * backdrop close it, and focus goes back to where it was.
 */
export function Modal({ title, children, onClose }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  const titleId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  // A click on the backdrop lands on the dialog element itself, outside its box.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) onCloseRef.current();
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the container unmounts the dialog, which restores focus.
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={closeOnBackdrop}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button
          type="button"
          className={styles.close}
          onClick={() => onCloseRef.current()}
          aria-label="Fermer"
        >
          <Icon name="close" size={22} />
        </button>
      </div>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
