/**
 * The bytes of the files recently shown to the public, in this process's memory, the least
 * recently read dropped first once `maxBytes` is reached (decision 0114). A stored file's key is
 * random and never written twice, so a kept copy is never stale; the routes check the file's row
 * before reading, so a removed file is not served from here either.
 */
export function createRecentFiles(options: { maxBytes: number; maxFileBytes: number }) {
  const files = new Map<string, Buffer>();
  let bytes = 0;

  const drop = (key: string) => {
    const kept = files.get(key);
    if (!kept) return;
    files.delete(key);
    bytes -= kept.length;
  };

  return {
    get(key: string): Buffer | undefined {
      const kept = files.get(key);
      if (!kept) return undefined;
      // Read again: it becomes the most recent.
      files.delete(key);
      files.set(key, kept);
      return kept;
    },
    keep(key: string, content: Buffer): void {
      if (content.length > options.maxFileBytes) return;
      drop(key);
      files.set(key, content);
      bytes += content.length;
      for (const oldest of files.keys()) {
        if (bytes <= options.maxBytes) break;
        drop(oldest);
      }
    },
    drop,
    get size() {
      return { files: files.size, bytes };
    },
  };
}

export type RecentFiles = ReturnType<typeof createRecentFiles>;
