'use client';

import type { ReactNode } from 'react';
import { create } from 'zustand';

export interface ModalRequest {
  /** Identifies the request, so that closing one never closes another. */
  key: string;
  title: string;
  content: ReactNode;
  /** Called once the visitor closed the modal, whichever way. */
  onClose?: () => void;
}

interface ModalState {
  /** Requests in order; the first is shown, the others wait their turn. */
  queue: ModalRequest[];
  openModal: (request: ModalRequest) => void;
  closeModal: (key: string) => void;
}

/** The layout's single modal container (docs/requirements/storefront-layout.md) shows what any component asks for here. */
export const useModalStore = create<ModalState>()((set) => ({
  queue: [],
  openModal: (request) =>
    set((state) =>
      state.queue.some((queued) => queued.key === request.key)
        ? state
        : { queue: [...state.queue, request] },
    ),
  closeModal: (key) =>
    set((state) => ({ queue: state.queue.filter((queued) => queued.key !== key) })),
}));
