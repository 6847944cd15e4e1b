/** Copies tarteaucitron's browser files to public/vendor/tarteaucitron; returns that folder. */
export function copyVendorFiles(): string;
