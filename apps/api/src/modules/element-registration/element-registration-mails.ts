import { detailsListHtml, escapeHtml, mailHtml, oneLine, capVisitorFields, VISITOR_TEXT_LIMITS, type MailContent } from '../mail';

export interface RegistrationMailInput {
  siteName: string;
  elementTitle: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  seats: number;
  message: string | null;
  /** Seats left once this registration is counted. */
  remaining: number;
  capacity: number;
  /** How the visitor reaches the company (COMPANY_PHONE, COMPANY_EMAIL), when set. */
  companyPhone: string | null;
  companyEmail: string | null;
}

/** The visitor's fields, capped for the mail. */
function capped(input: RegistrationMailInput): RegistrationMailInput {
  const { name, line, message } = VISITOR_TEXT_LIMITS;
  return capVisitorFields(input, {
    firstname: name,
    lastname: name,
    email: line,
    phone: line,
    message,
  });
}

function seatsLabel(seats: number): string {
  return seats === 1 ? '1 place' : `${seats} places`;
}

/** The visitor's confirmation. Every value came from a visitor or an editor: all escaped. */
export function registrationConfirmationMail(typed: RegistrationMailInput): MailContent {
  const input = capped(typed);
  const subject = oneLine(`Votre inscription : ${input.elementTitle} – ${input.siteName}`);
  const contact = [
    input.companyPhone ? `par téléphone au ${input.companyPhone}` : null,
    input.companyEmail ? `par e-mail à ${input.companyEmail}` : null,
  ].filter((line): line is string => line !== null);
  const contactSentence =
    contact.length > 0
      ? `Un empêchement ? Prévenez-nous ${contact.join(' ou ')}, afin que votre place profite à quelqu’un d’autre.`
      : 'Un empêchement ? Prévenez-nous en répondant à ce mail, afin que votre place profite à quelqu’un d’autre.';
  const text = [
    `Bonjour ${input.firstname},`,
    '',
    `Votre inscription à « ${input.elementTitle} » est bien enregistrée pour ${seatsLabel(input.seats)}.`,
    ...(input.message ? ['', 'Votre message :', input.message] : []),
    '',
    contactSentence,
    '',
    `À bientôt,`,
    input.siteName,
  ].join('\n');
  const html = mailHtml(
    subject,
    `<p>Bonjour ${escapeHtml(input.firstname)},</p>
<p>Votre inscription à « <strong>${escapeHtml(input.elementTitle)}</strong> » est bien enregistrée pour ${escapeHtml(seatsLabel(input.seats))}.</p>
${input.message ? `<p><strong>Votre message :</strong></p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>` : ''}
<p>${escapeHtml(contactSentence)}</p>
<p>À bientôt,<br>${escapeHtml(input.siteName)}</p>`,
  );
  return { subject, text, html };
}

/** The site's notice of a new registration, with the seats left. */
export function registrationNoticeMail(typed: RegistrationMailInput): MailContent {
  const input = capped(typed);
  const name = `${input.firstname} ${input.lastname}`;
  const subject = oneLine(`Nouvelle inscription : ${input.elementTitle} – ${name}`);
  const details: [string, string][] = [
    ['Nom', name],
    ['Adresse e-mail', input.email],
    ['Téléphone', input.phone ?? 'non renseigné'],
    ['Places réservées', String(input.seats)],
    ['Places restantes', `${input.remaining} sur ${input.capacity}`],
  ];
  const text = [
    `Nouvelle inscription à « ${input.elementTitle} » depuis le site ${input.siteName}.`,
    '',
    ...details.map(([label, value]) => `${label} : ${value}`),
    ...(input.message ? ['', 'Message :', input.message] : []),
  ].join('\n');
  const html = mailHtml(
    subject,
    `<p>Nouvelle inscription à « <strong>${escapeHtml(input.elementTitle)}</strong> » depuis le site ${escapeHtml(input.siteName)}.</p>
${detailsListHtml(details)}
${input.message ? `<p><strong>Message :</strong></p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>` : ''}`,
  );
  return { subject, text, html };
}
