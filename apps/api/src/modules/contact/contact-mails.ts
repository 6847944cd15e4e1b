import { detailsListHtml, escapeHtml, mailHtml, oneLine, capVisitorFields, VISITOR_TEXT_LIMITS, type MailContent } from '../mail';

export interface ContactMailInput {
  siteName: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
}

/**
 * The mail the company receives for a contact message. Every value comes from a visitor: the
 * HTML part escapes them all, and the subject keeps to one line.
 */
export function contactMessageMail(typed: ContactMailInput): MailContent {
  const { name: nameLimit, line, message } = VISITOR_TEXT_LIMITS;
  const input = capVisitorFields(typed, {
    firstname: nameLimit,
    lastname: nameLimit,
    email: line,
    phone: line,
    subject: line,
    message,
  });
  const name = `${input.firstname} ${input.lastname}`;
  const topic = input.subject ? ` : ${input.subject}` : '';
  const subject = oneLine(`Nouveau message de ${name} depuis le site ${input.siteName}${topic}`);
  const details: [string, string][] = [
    ['Nom', name],
    ['Adresse e-mail', input.email],
    ['Téléphone', input.phone ?? 'non renseigné'],
    ['Objet', input.subject ?? 'non renseigné'],
  ];
  const text = [
    `Un visiteur vous a écrit depuis la page de contact du site ${input.siteName}.`,
    '',
    ...details.map(([label, value]) => `${label} : ${value}`),
    '',
    'Message :',
    input.message,
    '',
    'Le visiteur accepte d’être recontacté. Répondez directement à ce mail pour lui écrire.',
  ].join('\n');
  const html = mailHtml(
    subject,
    `<p>Un visiteur vous a écrit depuis la page de contact du site ${escapeHtml(input.siteName)}.</p>
${detailsListHtml(details)}
<p><strong>Message :</strong></p>
<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    {
      footnote:
        'Le visiteur accepte d’être recontacté. Répondez directement à ce mail pour lui écrire.',
    },
  );
  return { subject, text, html };
}
