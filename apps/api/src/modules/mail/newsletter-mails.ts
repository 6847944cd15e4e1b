import { escapeHtml, mailHtml, type MailContent } from './mail-layout';

/** The storefront pages the links of newsletter mails open (apps/web/app/[site]/lettre-d-information). */
export function newsletterConfirmUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/lettre-d-information/confirmation/${encodeURIComponent(token)}`;
}

export function newsletterUnsubscribeUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/lettre-d-information/desinscription/${encodeURIComponent(token)}`;
}

/**
 * The headers every newsletter mail carries (RFC 2369 and RFC 8058): mail clients show their own
 * "unsubscribe" button, which POSTs `List-Unsubscribe=One-Click` to the API through the
 * storefront's /api/ forwarding, without opening a page.
 */
export function newsletterMailHeaders(baseUrl: string, unsubscribeToken: string) {
  return {
    'List-Unsubscribe': `<${baseUrl}/api/newsletter/unsubscribe/${encodeURIComponent(unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The double opt-in mail: the address joins the lists only once the link has been opened. */
export function newsletterConfirmationMail(input: {
  siteName: string;
  listNames: readonly string[];
  confirmUrl: string;
  unsubscribeUrl: string;
}): MailContent {
  const { siteName, listNames, confirmUrl, unsubscribeUrl } = input;
  const lists = listNames.map((name) => `« ${name} »`).join(', ');
  const what =
    listNames.length === 1
      ? `à la lettre d’information ${lists}`
      : `aux lettres d’information ${lists}`;
  const subject = `Confirmez votre inscription – ${siteName}`;
  return {
    subject,
    text: [
      'Bonjour,',
      '',
      `Quelqu’un, sans doute vous, a demandé à inscrire cette adresse ${what} du site ${siteName}.`,
      'Pour confirmer votre inscription, ouvrez ce lien (valable 7 jours) :',
      '',
      confirmUrl,
      '',
      'Si vous n’avez rien demandé, ignorez ce message : vous ne recevrez rien de plus.',
      '',
      `Ne plus recevoir de messages de ${siteName} : ${unsubscribeUrl}`,
      '',
      siteName,
    ].join('\n'),
    html: mailHtml(
      subject,
      `<p>Bonjour,</p>
<p>Quelqu’un, sans doute vous, a demandé à inscrire cette adresse ${escapeHtml(what)} du site ${escapeHtml(siteName)}.</p>
<p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:12px 20px;background:#1d4e89;color:#ffffff;text-decoration:none;border-radius:4px">Confirmer mon inscription</a></p>
<p>Ce lien est valable 7 jours. S’il ne s’ouvre pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(confirmUrl)}</p>
<p>Si vous n’avez rien demandé, ignorez ce message : vous ne recevrez rien de plus.</p>
<p style="font-size:14px;color:#52606d"><a href="${escapeHtml(unsubscribeUrl)}">Ne plus recevoir de messages de ${escapeHtml(siteName)}</a></p>`,
      { footnote: siteName },
    ),
  };
}
