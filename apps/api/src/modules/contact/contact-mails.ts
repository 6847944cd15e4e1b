function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

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
export function contactMessageMail(input: ContactMailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const name = `${input.firstname} ${input.lastname}`;
  const topic = input.subject ? ` : ${input.subject}` : '';
  const subject = `Nouveau message de ${name} depuis le site ${input.siteName}${topic}`.replace(
    /[\r\n]+/g,
    ' ',
  );
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
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">
<p>Un visiteur vous a écrit depuis la page de contact du site ${escapeHtml(input.siteName)}.</p>
<ul>
${details.map(([label, value]) => `<li><strong>${escapeHtml(label)} :</strong> ${escapeHtml(value)}</li>`).join('\n')}
</ul>
<p><strong>Message :</strong></p>
<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>
<p style="margin-top:32px;color:#52606d;font-size:14px">Le visiteur accepte d’être recontacté. Répondez directement à ce mail pour lui écrire.</p>
</div>
</body>
</html>`;
  return { subject, text, html };
}
