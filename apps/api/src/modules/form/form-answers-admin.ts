import { and, count, desc, eq, inArray, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FORM_ANSWERS_PAGE_SIZE, formAnswersCsvRoute, listFormAnswers, listFormsWithAnswers, type FormAnswer } from '@comptoir/contract/admin-forms';
import { FORM_NOT_FOUND_MESSAGE, type FormField } from '@comptoir/contract/form';
import type { Db } from '../../db/client';
import { formAnswers, forms, storedFiles } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import { csvDateTime, csvDocument, fileNameSlug, registerCsvRoute } from '../../lib/csv-export';
import { registerAdminScope } from '../user';
import { formPlacements, readableFields } from './form-builder-admin';

/*
 * The back office's reading of form answers (GET /admin/form…): reads only, so nothing to journal.
 * Every query filters by the site id; another site's form is not found.
 */

type AnswerRow = typeof formAnswers.$inferSelect;
type FileRow = Pick<
  typeof storedFiles.$inferSelect,
  'id' | 'storageKey' | 'originalName' | 'mimeType' | 'size'
>;

/** An answer's value as the owner reads it: option labels, Oui/Non, file names. */
export function answerText(field: FormField, value: unknown, fileNames: string[]): string {
  if (field.type === 'FILE') return fileNames.join(', ');
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  const labelOf = (key: string) =>
    field.options?.find((option) => option.key === key)?.label ?? key;
  if (Array.isArray(value)) return value.map((item) => labelOf(String(item))).join(', ');
  if (field.type === 'SELECT') return labelOf(String(value));
  return String(value);
}

function toAnswer(
  row: AnswerRow,
  fields: FormField[],
  filesById: Map<number, FileRow>,
): FormAnswer {
  const filesOf = (key: string) =>
    (row.files[key] ?? []).flatMap((id) => {
      const file = filesById.get(id);
      return file ? [file] : [];
    });
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    values: fields.map((field) => ({
      key: field.key,
      label: field.label,
      value: answerText(
        field,
        row.answers[field.key],
        filesOf(field.key).map((file) => file.originalName),
      ),
    })),
    files: fields
      .filter((field) => field.type === 'FILE')
      .flatMap((field) =>
        filesOf(field.key).map((file) => ({
          key: file.storageKey,
          name: file.originalName,
          mimeType: file.mimeType,
          size: file.size,
          fieldKey: field.key,
          fieldLabel: field.label,
        })),
      ),
  };
}

/** The answers as a CSV file: a date column, then one column per field of the form. */
export function answersCsv(fields: FormField[], answers: FormAnswer[]): string {
  const header = ['Date', ...fields.map((field) => field.label)];
  const lines = answers.map((answer) => [
    csvDateTime.format(new Date(answer.createdAt)),
    ...answer.values.map((value) => value.value),
  ]);
  return csvDocument([header, ...lines]);
}

export function createFormAnswersAdmin(db: Db) {
  async function requireForm(siteId: number, formId: number) {
    const [form] = await db
      .select()
      .from(forms)
      .where(and(eq(forms.siteId, siteId), eq(forms.id, formId)));
    if (!form) throw new HttpError(404, FORM_NOT_FOUND_MESSAGE);
    return form;
  }

  async function answersOf(
    siteId: number,
    formId: number,
    fields: FormField[],
    page?: { limit: number; offset: number },
  ): Promise<FormAnswer[]> {
    const base = db
      .select()
      .from(formAnswers)
      .where(and(eq(formAnswers.siteId, siteId), eq(formAnswers.formId, formId)))
      .orderBy(desc(formAnswers.createdAt), desc(formAnswers.id));
    const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
    const fileIds = [...new Set(rows.flatMap((row) => Object.values(row.files).flat()))];
    const files = fileIds.length
      ? await db
          .select({
            id: storedFiles.id,
            storageKey: storedFiles.storageKey,
            originalName: storedFiles.originalName,
            mimeType: storedFiles.mimeType,
            size: storedFiles.size,
          })
          .from(storedFiles)
          .where(and(eq(storedFiles.siteId, siteId), inArray(storedFiles.id, fileIds)))
      : [];
    const filesById = new Map(files.map((file) => [file.id, file]));
    return rows.map((row) => toAnswer(row, fields, filesById));
  }

  return {
    async listForms(siteId: number) {
      const [rows, placements] = await Promise.all([
        db
          .select({
            id: forms.id,
            title: forms.title,
            fields: forms.fields,
            answerCount: count(formAnswers.id),
            lastAnswerAt: max(formAnswers.createdAt),
          })
          .from(forms)
          .leftJoin(
            formAnswers,
            and(eq(formAnswers.siteId, forms.siteId), eq(formAnswers.formId, forms.id)),
          )
          .where(eq(forms.siteId, siteId))
          .groupBy(forms.id, forms.title, forms.fields)
          .orderBy(forms.id),
        formPlacements(db, siteId),
      ]);
      return rows.map(({ fields, ...row }) => ({
        ...row,
        fieldCount: readableFields(fields).length,
        lastAnswerAt: row.lastAnswerAt ? new Date(row.lastAnswerAt).toISOString() : null,
        pages: placements.get(row.id) ?? [],
      }));
    },

    async listAnswers(siteId: number, formId: number, query: { page?: number; nbItem?: number }) {
      const form = await requireForm(siteId, formId);
      const fields = readableFields(form.fields);
      const limit = query.nbItem ?? FORM_ANSWERS_PAGE_SIZE;
      const [list, [counted]] = await Promise.all([
        answersOf(siteId, formId, fields, { limit, offset: ((query.page ?? 1) - 1) * limit }),
        db
          .select({ total: count() })
          .from(formAnswers)
          .where(and(eq(formAnswers.siteId, siteId), eq(formAnswers.formId, formId))),
      ]);
      return { form: { id: form.id, title: form.title }, list, total: counted?.total ?? 0 };
    },

    async csv(siteId: number, formId: number) {
      const form = await requireForm(siteId, formId);
      const fields = readableFields(form.fields);
      const slug = fileNameSlug(form.title, 'formulaire');
      return {
        body: answersCsv(fields, await answersOf(siteId, formId, fields)),
        filename: `reponses-${slug}.csv`,
      };
    },
  };
}

export function registerFormAnswersAdminRoutes(
  app: FastifyInstance,
  admin: FormAnswersAdmin,
): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, listFormsWithAnswers, ({ request }) =>
      admin.listForms(request.site.id),
    );
    registerEndpoint(scope, listFormAnswers, ({ request, params, query }) =>
      admin.listAnswers(request.site.id, params.id, query),
    );
    registerCsvRoute(scope, formAnswersCsvRoute, (request, { id }) =>
      admin.csv(request.site.id, id),
    );
  });
}

export type FormAnswersAdmin = ReturnType<typeof createFormAnswersAdmin>;
