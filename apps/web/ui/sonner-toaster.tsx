'use client';

import { Toaster } from 'sonner';
import styles from './toaster.module.css';

export { toast } from 'sonner';

/** Spec §2 and §9: toast notifications at the top right, shown for 3000 ms. */
export const TOAST_DURATION_MS = 3000;

/** sonner's stack, loaded with the first toast (see toaster.tsx). */
export function SonnerToaster() {
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      containerAriaLabel="Notifications"
      toastOptions={{
        classNames: { toast: styles.toast, error: styles.error, success: styles.success },
      }}
    />
  );
}
