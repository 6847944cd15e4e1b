/**
 * Storefront configuration from the environment, with the defaults the README documents.
 * Read on the server only (next.config, proxy and server components).
 */
export function apiUrl(): string {
  return (process.env.API_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '');
}

/** The site shown when the request host matches no site URL. */
export function fallbackSiteId(): number {
  const configured = Number(process.env.SITE_ID);
  return Number.isInteger(configured) && configured > 0 ? configured : 91;
}

/**
 * The build's folder, relative to the storefront's: several builds can sit side by side in one
 * checkout (the bench builds its own).
 */
export function buildDirName(): string {
  return process.env.NEXT_DIST_DIR ?? '.next';
}
