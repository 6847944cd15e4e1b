function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface MailContent {
  subject: string;
  text: string;
  html: string;
}

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

function seatsLabel(seats: number): string {
  return seats === 1 ? '1 place' : `${seats} places`;
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

function htmlLayout(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">
${body}
</div>
</body>
</html>`;
}

/** The visitor's confirmation. Every value came from a visitor or an editor: all escaped. */
export function registrationConfirmationMail(input: RegistrationMailInput): MailContent {
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
  const html = htmlLayout(
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
export function registrationNoticeMail(input: RegistrationMailInput): MailContent {
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
  const html = htmlLayout(
    subject,
    `<p>Nouvelle inscription à « <strong>${escapeHtml(input.elementTitle)}</strong> » depuis le site ${escapeHtml(input.siteName)}.</p>
<ul>
${details.map(([label, value]) => `<li><strong>${escapeHtml(label)} :</strong> ${escapeHtml(value)}</li>`).join('\n')}
</ul>
${input.message ? `<p><strong>Message :</strong></p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>` : ''}`,
  );
  return { subject, text, html };
}
