'use client';

import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Toasts (docs/requirements/storefront-layout.md, top right, 3000 ms) without their weight on the first load: sonner is
 * fetched with the first toast, and its stack mounts then. sonner replays the toasts created
 * before its stack subscribed, so the first message is never lost.
 */
const loadSonner = () => import('./sonner-toaster');
const SonnerToaster = lazy(() =>
  loadSonner().then((module) => ({ default: module.SonnerToaster })),
);

let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: 'error' | 'success', message: string): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void loadSonner().then(({ showToast }) => showToast(kind, message));
}

/** Mounted once, in the site layout; renders nothing until a component calls notify*. */
export function Toaster() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}

export function notifyError(message: string): void {
  show('error', message);
}

export function notifySuccess(message: string): void {
  show('success', message);
}
