/** The parts of tarteaucitron's global the storefront uses. */
export interface Tarteaucitron {
  init(settings: Record<string, unknown>): void;
  user: Record<string, unknown>;
  job?: string[];
  /** Each service's consent once the visitor chose: true when allowed. */
  state: Record<string, boolean | undefined>;
  userInterface?: { openPanel(): void; respond(toggle: HTMLElement, status: boolean): void };
  /** The service definitions loaded so far. */
  services: Record<string, unknown>;
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

/**
 * tarteaucitron's files, written from the package by scripts/copy-vendor.mjs before each build:
 * the core with its French language file, and one file per service definition.
 */
export const TARTEAUCITRON_SCRIPT = '/vendor/tarteaucitron/tarteaucitron.js';

export function tarteaucitronServiceScript(key: string): string {
  return `/vendor/tarteaucitron/services/${encodeURIComponent(key)}.js`;
}
