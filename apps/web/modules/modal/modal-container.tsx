'use client';

import { Modal } from './modal';
import { useModalStore } from './modal-store';

/** The layout's modal container: shows the first waiting request, one at a time. */
export function ModalContainer() {
  const current = useModalStore((state) => state.queue[0] ?? null);
  const closeModal = useModalStore((state) => state.closeModal);
  if (!current) return null;
  return (
    <Modal
      key={current.key}
      title={current.title}
      onClose={() => {
        closeModal(current.key);
        current.onClose?.();
      }}
    >
      {current.content}
    </Modal>
  );
}
