'use client';

import { toast, Toaster as SonnerToaster } from 'sonner';
import styles from './toaster.module.css';

/** Spec §2 and §9: toast notifications at the top right, shown for 3000 ms. */
export const TOAST_DURATION_MS = 3000;

/** Mounted once, in the site layout; any client component then calls notifyError/notifySuccess. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      containerAriaLabel="Notifications"
      toastOptions={{
        classNames: { toast: styles.toast, error: styles.error, success: styles.success },
      }}
    />
  );
}

export function notifyError(message: string): void {
  toast.error(message);
}

export function notifySuccess(message: string): void {
  toast.success(message);
}
