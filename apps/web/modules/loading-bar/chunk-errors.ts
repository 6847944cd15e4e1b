/** A chunk-load failure reloads the page at most once per minute (docs/requirements/storefront-layout.md). */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
/** sessionStorage key of the last reload's time. */
export const CHUNK_RELOAD_STORAGE_KEY = 'comptoir-chunk-reload-at';

const CHUNK_ERROR_MESSAGES = [
  /Loading chunk [\w-]+ failed/i,
  /Loading CSS chunk [\w-]+ failed/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
];

/**
 * Whether an error means a script of the app could not be downloaded — typically a page opened
 * before a new version was deployed, asking for files that no longer exist.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) {
    return typeof error === 'string' && CHUNK_ERROR_MESSAGES.some((pattern) => pattern.test(error));
  }
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' && CHUNK_ERROR_MESSAGES.some((pattern) => pattern.test(message))
  );
}

/** Whether to reload now, given the time of the last reload for this reason (if any). */
export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  return now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS || lastReloadAt > now;
}

const NETWORK_ERROR_MESSAGES = [
  /^Failed to fetch$/i,
  /NetworkError when attempting to fetch/i,
  /^Load failed$/i,
];

/** Whether a rejected request failed for lack of network (the browser's fetch TypeError). */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  return NETWORK_ERROR_MESSAGES.some((pattern) => pattern.test(error.message));
}
