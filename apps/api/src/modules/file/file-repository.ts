import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';

export type StoredFileRecord = typeof storedFiles.$inferSelect;

export function createFileRepository(db: Db) {
  return {
    /** The file of this site with this storage key; another site's key finds nothing. */
    async findByKey(siteId: number, storageKey: string): Promise<StoredFileRecord | undefined> {
      const [file] = await db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.siteId, siteId), eq(storedFiles.storageKey, storageKey)));
      return file;
    },
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;
