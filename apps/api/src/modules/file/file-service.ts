import { UPLOAD_TYPES, isUploadMimeType } from '@comptoir/contract/form';
import { HttpError } from '../../http/http-error';
import { isStorageUnavailable, type FileStorage } from '../../plugins/storage';
import { requireAdmin } from '../user';
import type { UserRecord } from '../user';
import type { FileRepository, StoredFileRecord } from './file-repository';
import { dispositionFilename } from '../../http/content-disposition';

export { dispositionFilename };

export const FILE_NOT_FOUND_MESSAGE = 'Ce fichier est introuvable.';

/**
 * How a stored file leaves the API. Only a raster image that decoded when it was uploaded is shown
 * in the browser, with its type; anything else is a download of opaque bytes, so that no uploaded
 * document (a PDF with scripts, an HTML or SVG page) ever runs on the site's origin.
 */
export function fileResponseHeaders(file: StoredFileRecord): Record<string, string> {
  const inline =
    file.isCheckedImage && isUploadMimeType(file.mimeType) && UPLOAD_TYPES[file.mimeType].inline;
  return {
    'content-type': inline ? file.mimeType : 'application/octet-stream',
    'content-disposition': `${inline ? 'inline' : 'attachment'}; ${dispositionFilename(file.originalName)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
    // Visitors' files are for the site's administrators only: never kept by a shared cache.
    'cache-control': 'private, no-store',
  };
}

export function createFileService(repository: FileRepository, storage: FileStorage) {
  return {
    /** The file and its headers, for an administrator of the file's site only. */
    async open(
      user: UserRecord | null,
      siteId: number,
      key: string,
    ): Promise<{ content: Buffer; headers: Record<string, string> }> {
      requireAdmin(user);
      const file = await repository.findByKey(siteId, key);
      if (!file) throw new HttpError(404, FILE_NOT_FOUND_MESSAGE);
      let content: Buffer;
      try {
        content = await storage.read(file.storageKey);
      } catch (error) {
        if (isStorageUnavailable(error)) throw error;
        throw new HttpError(404, FILE_NOT_FOUND_MESSAGE, undefined, { cause: error });
      }
      return { content, headers: fileResponseHeaders(file) };
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
