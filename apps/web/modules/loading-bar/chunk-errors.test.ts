import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_INTERVAL_MS,
  isChunkLoadError,
  isNetworkError,
  shouldReloadAfterChunkError,
} from './chunk-errors';

describe('isChunkLoadError', () => {
  it('recognizes the chunk-load failures of the bundlers and browsers', () => {
    const chunkError = new Error(
      'Loading chunk 4821 failed.\n(missing: /_next/static/chunks/4821.js)',
    );
    chunkError.name = 'ChunkLoadError';
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_next/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError('Loading CSS chunk app-layout failed')).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(
      isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(false);
    expect(isChunkLoadError(new Error('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
  });
});

describe('shouldReloadAfterChunkError', () => {
  const now = 1_800_000_000_000;

  it('reloads the first time', () => {
    expect(shouldReloadAfterChunkError(null, now)).toBe(true);
  });

  it('reloads at most once per 60 seconds', () => {
    expect(shouldReloadAfterChunkError(now - 59_999, now)).toBe(false);
    expect(shouldReloadAfterChunkError(now - CHUNK_RELOAD_INTERVAL_MS, now)).toBe(true);
  });

  it('does not trust a time in the future or a malformed one', () => {
    expect(shouldReloadAfterChunkError(now + 10_000, now)).toBe(true);
    expect(shouldReloadAfterChunkError(Number.NaN, now)).toBe(true);
  });
});

describe('isNetworkError', () => {
  it("recognizes the browsers' fetch failures for lack of network", () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(
      true,
    );
    expect(isNetworkError(new TypeError('Load failed'))).toBe(true);
    expect(isNetworkError(new Error('Failed to fetch'))).toBe(false);
    expect(isNetworkError(new TypeError('x is not a function'))).toBe(false);
  });
});
