import { and, eq } from 'drizzle-orm';
import type { FormAnswerValue } from '@comptoir/contract/form';
import type { Db } from '../../db/client';
import { formAnswers, forms, storedFiles } from '../../db/schema';

export type FormRecord = typeof forms.$inferSelect;

/** A file already written to storage, to be recorded with the answer of its field. */
export interface SavedFile {
  fieldKey: string;
  storageKey: string;
  originalName: string;
  mimeType: string;
  size: number;
  isCheckedImage: boolean;
}

export function createFormRepository(db: Db) {
  return {
    async findForm(siteId: number, id: number): Promise<FormRecord | undefined> {
      const [form] = await db
        .select()
        .from(forms)
        .where(and(eq(forms.siteId, siteId), eq(forms.id, id)));
      return form;
    },

    /**
     * The answer and its files' rows in one transaction: either the answer exists with every file
     * it points at, or nothing was written.
     */
    async saveAnswer(
      siteId: number,
      formId: number,
      answers: Record<string, FormAnswerValue>,
      files: readonly SavedFile[],
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const fileIds: Record<string, number[]> = {};
        if (files.length > 0) {
          const rows = await tx
            .insert(storedFiles)
            .values(
              files.map((file) => ({
                siteId,
                storageKey: file.storageKey,
                originalName: file.originalName,
                mimeType: file.mimeType,
                size: file.size,
                isCheckedImage: file.isCheckedImage,
              })),
            )
            .returning({ id: storedFiles.id, storageKey: storedFiles.storageKey });
          const idByKey = new Map(rows.map((row) => [row.storageKey, row.id]));
          for (const file of files) {
            (fileIds[file.fieldKey] ??= []).push(idByKey.get(file.storageKey)!);
          }
        }
        const [answer] = await tx
          .insert(formAnswers)
          .values({ siteId, formId, answers, files: fileIds })
          .returning({ id: formAnswers.id });
        return answer!.id;
      });
    },
  };
}

export type FormRepository = ReturnType<typeof createFormRepository>;
