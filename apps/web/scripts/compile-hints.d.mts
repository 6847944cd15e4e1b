/** The magic comment that asks V8 to compile a whole file while it downloads. */
export const COMPILE_HINT: string;

/** The scripts every page loads before it hydrates, relative to the build's folder. */
export function frameworkChunks(distDir: string): string[];

/** Opens each framework chunk of the build with the compile hint; returns the chunks marked. */
export function addCompileHints(distDir: string): string[];
