/** Copies tarteaucitron's browser files to public/vendor/tarteaucitron; returns that folder. */
export function copyVendorFiles(): string;

/** The tarteaucitron services the storefront offers; the only ones served, one file each. */
export const CONSENT_SERVICE_KEYS: readonly string[];

/** tarteaucitron's services catalogue reduced to its header and the given services. */
export function trimServices(source: string, keys: readonly string[]): string;

/** The served path (under public/vendor/tarteaucitron) of one service's definition. */
export function serviceFileName(key: string): string;

/** The served name of tarteaucitron's core with its French texts. */
export const CORE_SCRIPT: string;
