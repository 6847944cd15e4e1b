/** Brotli at its highest quality, as the build's copies are made. */
export function brotli(content: Buffer): Buffer;

/** Writes `x.br` beside each script and stylesheet of the build that Brotli makes smaller. */
export function precompressStaticAssets(distDir: string): number;
