import { UPLOAD_TYPES, isUploadMimeType, type FormAnswerValue, type FormField } from '@comptoir/contract/form';
import { capText, escapeHtml, mailHtml, oneLine, VISITOR_TEXT_LIMITS, type MailContent } from '../mail';

/** A file of the answer as the mail lists it. */
export interface MailedFile {
  fieldKey: string;
  originalName: string;
  mimeType: string;
  size: number;
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' });
const numberFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 6 });
const sizeFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(Math.max(bytes / 1024, 0.1))} Ko`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} Mo`;
}

/** An answer as a person reads it: option labels, Oui/Non, French dates and numbers. */
export function displayAnswer(
  field: FormField,
  value: FormAnswerValue | undefined,
  files: readonly MailedFile[],
): string {
  if (field.type === 'FILE') {
    const mine = files.filter((file) => file.fieldKey === field.key);
    if (mine.length === 0) return 'aucun fichier';
    return mine
      .map((file) => {
        const type = isUploadMimeType(file.mimeType)
          ? UPLOAD_TYPES[file.mimeType].label
          : file.mimeType;
        return `${file.originalName} (${type}, ${formatFileSize(file.size)})`;
      })
      .join(', ');
  }
  if (value === undefined) return 'non renseigné';
  if (field.type === 'CHECKBOX') return value === true ? 'Oui' : 'Non';
  if (field.type === 'SELECT') {
    const keys = Array.isArray(value) ? value : [String(value)];
    return keys
      .map((key) => field.options?.find((option) => option.key === key)?.label ?? key)
      .join(', ');
  }
  if (field.type === 'DATE' && typeof value === 'string') {
    return dateFormat.format(new Date(`${value}T00:00:00Z`));
  }
  if (typeof value === 'number') return numberFormat.format(value);
  return String(value);
}

export interface FormAnswerMailInput {
  siteName: string;
  formTitle: string;
  fields: readonly FormField[];
  answers: Record<string, FormAnswerValue>;
  files: readonly MailedFile[];
}

/**
 * The mail the site receives for a stored answer. Everything in it was typed by a visitor: the
 * HTML part escapes every value and the subject keeps to one line.
 */
export function formAnswerMail(input: FormAnswerMailInput): MailContent {
  const subject = oneLine(`Nouvelle réponse au formulaire « ${input.formTitle} »`);
  const rows = input.fields.map((field) => ({
    label: field.label,
    value: capText(
      displayAnswer(field, input.answers[field.key], input.files),
      field.type === 'TEXTAREA' ? VISITOR_TEXT_LIMITS.message : VISITOR_TEXT_LIMITS.line,
    ),
    long: field.type === 'TEXTAREA',
  }));
  const filesNote =
    input.files.length > 0
      ? 'Les fichiers envoyés sont conservés avec la réponse ; seuls les administrateurs du site peuvent les ouvrir.'
      : null;
  const text = [
    `Une nouvelle réponse au formulaire « ${input.formTitle} » a été envoyée depuis le site ${input.siteName}.`,
    '',
    ...rows.map((row) =>
      row.long ? `${row.label} :\n${row.value}\n` : `${row.label} : ${row.value}`,
    ),
    ...(filesNote ? ['', filesNote] : []),
  ].join('\n');
  // Wider than the other mails: the answers are laid out as a two-column table.
  const html = mailHtml(
    subject,
    `<p>Une nouvelle réponse au formulaire « ${escapeHtml(input.formTitle)} » a été envoyée depuis le site ${escapeHtml(input.siteName)}.</p>
<table style="width:100%;border-collapse:collapse">
${rows
  .map(
    (row) =>
      `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;border-bottom:1px solid #e4e7eb">${escapeHtml(row.label)}</th><td style="padding:6px 0;border-bottom:1px solid #e4e7eb;white-space:pre-wrap">${escapeHtml(row.value)}</td></tr>`,
  )
  .join('\n')}
</table>
${filesNote ? `<p style="margin-top:24px;color:#52606d;font-size:14px">${escapeHtml(filesNote)}</p>` : ''}`,
    { maxWidth: 600 },
  );
  return { subject, text, html };
}
