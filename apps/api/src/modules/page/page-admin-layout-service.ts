import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  PAGE_NOT_FOUND_MESSAGE,
  PREVIEW_IMAGE_FIELD,
  PREVIEW_IMAGE_TYPE_MESSAGE,
} from '@comptoir/contract/admin';
import { HttpError } from '../../http/http-error';
import type { FileStorage } from '../../plugins/storage';
import type { AuditActor } from '../audit';
import type { AdminLayoutsRepository } from './page-admin-layout-repository';

/** Preview images are identified by their bytes, never by the name or type the client claims. */
const PREVIEW_IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/**
 * The same HTML arrives with LF line ends in the JSON check and with CRLF in the multipart
 * upload (browsers turn every newline of a form field into CRLF): hashed with LF either way.
 */
export function hashLayoutHtml(html: string): string {
  return createHash('sha256').update(html.replace(/\r\n?/g, '\n'), 'utf8').digest('hex');
}

export interface LayoutRef {
  siteId: number;
  pageId: number;
  layoutId: number;
}

export function createAdminLayoutsService(
  repository: AdminLayoutsRepository,
  storage: FileStorage,
) {
  async function requirePage(ref: LayoutRef): Promise<void> {
    if (!(await repository.pageExists(ref.siteId, ref.pageId))) {
      throw new HttpError(404, PAGE_NOT_FOUND_MESSAGE);
    }
  }

  return {
    requirePage,

    async checkHash(ref: LayoutRef, html: string): Promise<{ upToDate: boolean }> {
      await requirePage(ref);
      const layout = await repository.findLayout(ref.siteId, ref.pageId, ref.layoutId);
      return { upToDate: layout !== null && layout.htmlHash === hashLayoutHtml(html) };
    },

    /**
     * Stores the new image, then the row pointing at it, then deletes the image it replaced: a
     * failure at any step leaves a preview that exists (at worst an orphan file, never a row
     * pointing at nothing).
     */
    async savePreview(
      ref: LayoutRef,
      html: string,
      image: Buffer,
      actor: AuditActor,
    ): Promise<{ upToDate: true; updatedAt: string }> {
      const type = await fileTypeFromBuffer(image);
      const extension = type ? PREVIEW_IMAGE_TYPES[type.mime] : undefined;
      if (!extension) {
        throw new HttpError(422, PREVIEW_IMAGE_TYPE_MESSAGE, [
          { key: PREVIEW_IMAGE_FIELD, error: PREVIEW_IMAGE_TYPE_MESSAGE },
        ]);
      }
      const key = await storage.save(image, extension);
      let saved: { previousKey: string | null; updatedAt: Date };
      try {
        saved = await repository.savePreview(
          ref.siteId,
          ref.pageId,
          ref.layoutId,
          hashLayoutHtml(html),
          key,
          actor,
        );
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
      if (saved.previousKey && saved.previousKey !== key) await storage.delete(saved.previousKey);
      return { upToDate: true, updatedAt: saved.updatedAt.toISOString() };
    },
  };
}

export type AdminLayoutsService = ReturnType<typeof createAdminLayoutsService>;
