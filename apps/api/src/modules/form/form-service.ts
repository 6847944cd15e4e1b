import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { z } from 'zod';
import type { FieldError } from '@comptoir/contract/envelope';
import { DEFAULT_SUBMIT_LABEL, DEFAULT_SUCCESS_MESSAGE, FILE_UNREADABLE_MESSAGE, FORM_INVALID_MESSAGE, FORM_NOT_FOUND_MESSAGE, REQUIRED_FIELD_MESSAGE, UPLOAD_TYPES, checkFormAnswer, fieldAccept, fileTypeRefusedMessage, formFieldSchema, type Form, type FormAnswerValue, type FormField, type UploadMimeType } from '@comptoir/contract/form';
import { HttpError } from '../../http/http-error';
import { cleanFileName } from '../../lib/file-name';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { BackgroundTasks } from '../../plugins/background-tasks';
import type { Mailer } from '../../plugins/mail';
import type { FileStorage } from '../../plugins/storage';
import type { MailLimiter } from '../mail';
import { siteBaseUrl, siteMailSender } from '../mail';
import type { SiteRecord } from '../site';
import { formAnswerMail } from './form-mails';
import type { FormRecord, FormRepository, SavedFile } from './form-repository';
import type { ReceivedAnswer, ReceivedFile } from './form-upload';

/** A form as the API serves it, with the record it was read from. */
export interface LoadedForm {
  record: FormRecord;
  form: Form;
}

/** A file whose content matched one of its field's accepted types. */
interface CheckedFile {
  field: FormField;
  originalName: string;
  content: Buffer;
  mimeType: UploadMimeType;
  isCheckedImage: boolean;
}

export interface CheckedAnswer {
  answers: Record<string, FormAnswerValue>;
  files: CheckedFile[];
}

/**
 * Decoding the whole image is what proves it is one (a header alone can front anything). The
 * pixel bound keeps a small file that claims huge dimensions from exhausting memory.
 */
const IMAGE_PIXEL_LIMIT = 50_000_000;

async function decodesAsImage(content: Buffer): Promise<boolean> {
  try {
    await sharp(content, { limitInputPixels: IMAGE_PIXEL_LIMIT, failOn: 'error' }).stats();
    return true;
  } catch {
    return false;
  }
}

export function createFormService(dependencies: {
  repository: FormRepository;
  storage: FileStorage;
  readParameters: SiteParameterReader;
  mailer: Mailer;
  mailLimiter: MailLimiter;
  backgroundTasks: BackgroundTasks;
  production: boolean;
  log: FastifyBaseLogger;
}) {
  const {
    repository,
    storage,
    readParameters,
    mailer,
    mailLimiter,
    backgroundTasks,
    production,
    log,
  } = dependencies;

  /**
   * The stored fields that match the contract's field schema. A broken one (edited by hand, an
   * older shape) is logged and left out, so that the rest of the form still works.
   */
  function usableFields(record: FormRecord): FormField[] {
    const fields: FormField[] = [];
    const keys = new Set<string>();
    record.fields.forEach((candidate, index) => {
      const parsed = formFieldSchema.safeParse(candidate);
      if (!parsed.success) {
        log.warn(
          {
            siteId: record.siteId,
            formId: record.id,
            index,
            reason: z.prettifyError(parsed.error),
          },
          'Form field skipped: it does not match the field schema',
        );
        return;
      }
      if (keys.has(parsed.data.key)) {
        log.warn(
          { siteId: record.siteId, formId: record.id, index, key: parsed.data.key },
          'Form field skipped: another field has the same key',
        );
        return;
      }
      keys.add(parsed.data.key);
      fields.push(parsed.data);
    });
    return fields;
  }

  async function checkFile(
    field: FormField,
    received: ReceivedFile,
  ): Promise<CheckedFile | { error: string }> {
    if (received.content.length === 0) return { error: FILE_UNREADABLE_MESSAGE };
    const accept = fieldAccept(field);
    const detected = await fileTypeFromBuffer(received.content);
    const mimeType = accept.find((mime) => mime === detected?.mime);
    if (!mimeType) return { error: fileTypeRefusedMessage(accept) };
    const isCheckedImage =
      UPLOAD_TYPES[mimeType].inline && (await decodesAsImage(received.content));
    return {
      field,
      originalName: cleanFileName(received.filename, UPLOAD_TYPES[mimeType].extension),
      content: received.content,
      mimeType,
      isCheckedImage,
    };
  }

  async function mailAnswer(
    site: SiteRecord,
    loaded: LoadedForm,
    answers: Record<string, FormAnswerValue>,
    files: readonly SavedFile[],
    answerId: number,
  ): Promise<void> {
    const parameters = await readParameters(site.id);
    const recipient = loaded.record.notifyEmail?.trim() || parameters.text('COMPANY_EMAIL');
    if (!recipient) {
      log.warn(
        { siteId: site.id, formId: loaded.form.id, answerId },
        'Form answer kept: neither the form nor COMPANY_EMAIL names a recipient',
      );
      return;
    }
    const sender = siteMailSender(site, parameters, siteBaseUrl(site, production));
    // Answering the mail writes to the visitor, when the form asked for an address.
    const visitorEmail = loaded.form.fields
      .filter((field) => field.type === 'EMAIL')
      .map((field) => answers[field.key])
      .find((value): value is string => typeof value === 'string');
    await mailer.send({
      siteId: site.id,
      from: sender.from,
      replyTo: visitorEmail,
      to: recipient,
      ...formAnswerMail({
        siteName: site.name,
        formTitle: loaded.form.title,
        fields: loaded.form.fields,
        answers,
        files,
      }),
    });
  }

  return {
    async loadForm(siteId: number, id: number): Promise<LoadedForm> {
      const record = await repository.findForm(siteId, id);
      if (!record) throw new HttpError(404, FORM_NOT_FOUND_MESSAGE);
      return {
        record,
        form: {
          id: record.id,
          title: record.title,
          description: record.description,
          submitLabel: record.submitLabel ?? DEFAULT_SUBMIT_LABEL,
          successMessage: record.successMessage ?? DEFAULT_SUCCESS_MESSAGE,
          fields: usableFields(record),
        },
      };
    },

    /**
     * Every field's rules, text and files alike; all the problems at once, in the form's order
     * (422). Files are checked by their bytes against the field's accepted types.
     */
    async checkAnswer(form: Form, received: ReceivedAnswer): Promise<CheckedAnswer> {
      const { answers, errors: textErrors } = checkFormAnswer(form.fields, received.texts);
      const errors = new Map<string, FieldError>(textErrors.map((error) => [error.key, error]));
      const files: CheckedFile[] = [];
      for (const field of form.fields) {
        if (field.type !== 'FILE') continue;
        const file = received.files.get(field.key);
        if (!file) {
          if (field.required)
            errors.set(field.key, { key: field.key, error: REQUIRED_FIELD_MESSAGE });
          continue;
        }
        const checked = await checkFile(field, file);
        if ('error' in checked) errors.set(field.key, { key: field.key, error: checked.error });
        else files.push(checked);
      }
      if (errors.size > 0) {
        const ordered = form.fields.flatMap((field) => {
          const error = errors.get(field.key);
          return error ? [error] : [];
        });
        throw new HttpError(422, FORM_INVALID_MESSAGE, ordered);
      }
      return { answers, files };
    },

    /**
     * Stores the files, then the answer with their rows; if the database refuses, the files just
     * written are deleted, so that nothing of a failed answer stays behind. The site's mail goes
     * in the background: the visitor's answer is safe whatever the mail server does.
     */
    async submit(site: SiteRecord, loaded: LoadedForm, checked: CheckedAnswer): Promise<void> {
      await mailLimiter.admit({ siteId: site.id, kind: 'site-notice', siteInbox: true });
      const saved: SavedFile[] = [];
      try {
        for (const file of checked.files) {
          const storageKey = await storage.save(
            file.content,
            UPLOAD_TYPES[file.mimeType].extension,
          );
          saved.push({
            fieldKey: file.field.key,
            storageKey,
            originalName: file.originalName,
            mimeType: file.mimeType,
            size: file.content.length,
            isCheckedImage: file.isCheckedImage,
          });
        }
        const answerId = await repository.saveAnswer(
          site.id,
          loaded.form.id,
          checked.answers,
          saved,
        );
        backgroundTasks.run(
          `mail of answer ${answerId} to form ${loaded.form.id} of site ${site.id}`,
          () => mailAnswer(site, loaded, checked.answers, saved, answerId),
        );
      } catch (error) {
        await Promise.allSettled(saved.map((file) => storage.delete(file.storageKey)));
        throw error;
      }
    },
  };
}

export type FormService = ReturnType<typeof createFormService>;
