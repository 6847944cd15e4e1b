/** Copies tarteaucitron's browser files to public/vendor/tarteaucitron; returns that folder. */
export function copyVendorFiles(): string;

/** The tarteaucitron services the storefront offers; the only ones copied. */
export const CONSENT_SERVICE_KEYS: readonly string[];

/** tarteaucitron's services catalogue reduced to its header and the given services. */
export function trimServices(source: string, keys: readonly string[]): string;
