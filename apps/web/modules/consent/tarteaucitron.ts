/** The parts of tarteaucitron's global the storefront uses. */
export interface Tarteaucitron {
  init(settings: Record<string, unknown>): void;
  user: Record<string, unknown>;
  job?: string[];
  /** Each service's consent once the visitor chose: true when allowed. */
  state: Record<string, boolean | undefined>;
  userInterface?: { openPanel(): void };
}

declare global {
  interface Window {
    tarteaucitron?: Tarteaucitron;
    tarteaucitronForceLanguage?: string;
    gtag?: (...args: unknown[]) => void;
    dataLayer?: unknown[];
    _paq?: unknown[][];
    fbq?: (...args: unknown[]) => void;
    plausible?: (event: string, options?: Record<string, unknown>) => void;
  }
}

/** tarteaucitron's files, copied from the package by scripts/copy-vendor.ts before each build. */
export const TARTEAUCITRON_SCRIPT = '/vendor/tarteaucitron/tarteaucitron.js';
