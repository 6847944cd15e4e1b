import { escapeHtml, mailHtml, type MailContent } from '../../lib/mail-layout';
import type { SiteParameterValues } from '../../lib/site-parameter-values';
import type { MailAddress } from '../../plugins/mail';
import type { SiteRecord } from '../site/site-repository';

/**
 * The storefront address put in mails: the site's prodUrl in production (NODE_ENV=production),
 * its devUrl otherwise, each falling back on the other. Never the request's Host header, which
 * the caller chooses: a forged Host would otherwise send a reset link to someone else's server.
 */
export function siteBaseUrl(site: SiteRecord, production: boolean): string | null {
  const url = production ? (site.prodUrl ?? site.devUrl) : (site.devUrl ?? site.prodUrl);
  return url ? url.replace(/\/+$/, '') : null;
}

/**
 * Mails leave as SEND_MAIL_NAME <SEND_MAIL_ADDRESS>, falling back on the site's name and
 * COMPANY_EMAIL, then on a no-reply address of the site's own domain. Replies go to COMPANY_EMAIL.
 */
export function siteMailSender(
  site: SiteRecord,
  parameters: SiteParameterValues,
  baseUrl: string | null,
): { from: MailAddress; replyTo?: string } {
  const host = baseUrl ? new URL(baseUrl).hostname.replace(/^www\./, '') : 'localhost';
  const companyEmail = parameters.text('COMPANY_EMAIL');
  return {
    from: {
      name: parameters.text('SEND_MAIL_NAME') ?? site.name,
      address: parameters.text('SEND_MAIL_ADDRESS') ?? companyEmail ?? `ne-pas-repondre@${host}`,
    },
    ...(companyEmail ? { replyTo: companyEmail } : {}),
  };
}

/** Account mails are titled and signed with the site's name. */
function signedHtml(siteName: string, body: string): string {
  return mailHtml(siteName, body, { footnote: siteName });
}

export function passwordResetMail(input: {
  siteName: string;
  firstname: string;
  link: string;
}): MailContent {
  const { siteName, firstname, link } = input;
  return {
    subject: `Réinitialisation de votre mot de passe – ${siteName}`,
    text: [
      `Bonjour ${firstname},`,
      '',
      `Vous avez demandé à réinitialiser le mot de passe de votre compte ${siteName}.`,
      'Pour choisir un nouveau mot de passe, ouvrez ce lien. Il est valable une heure et ne sert qu’une fois :',
      '',
      link,
      '',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.',
      '',
      siteName,
    ].join('\n'),
    html: signedHtml(
      siteName,
      `<p>Bonjour ${escapeHtml(firstname)},</p>
<p>Vous avez demandé à réinitialiser le mot de passe de votre compte ${escapeHtml(siteName)}.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1d4e89;color:#ffffff;text-decoration:none;border-radius:4px">Choisir un nouveau mot de passe</a></p>
<p>Ce lien est valable une heure et ne sert qu’une fois. S’il ne s’ouvre pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(link)}</p>
<p>Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.</p>`,
    ),
  };
}

export function welcomeMail(input: {
  siteName: string;
  firstname: string;
  email: string;
  siteUrl: string | null;
}): MailContent {
  const { siteName, firstname, email, siteUrl } = input;
  const visit = siteUrl ? `Retrouvez-nous sur ${siteUrl}` : null;
  return {
    subject: `Bienvenue sur le site ${siteName}`,
    text: [
      `Bonjour ${firstname},`,
      '',
      `Votre compte ${siteName} est créé. Vous pouvez désormais vous connecter avec votre adresse e-mail ${email} pour retrouver vos informations et gérer vos abonnements à la lettre d’information.`,
      ...(visit ? ['', visit] : []),
      '',
      'À bientôt,',
      siteName,
    ].join('\n'),
    html: signedHtml(
      siteName,
      `<p>Bonjour ${escapeHtml(firstname)},</p>
<p>Votre compte ${escapeHtml(siteName)} est créé. Vous pouvez désormais vous connecter avec votre adresse e-mail ${escapeHtml(email)} pour retrouver vos informations et gérer vos abonnements à la lettre d’information.</p>
${siteUrl ? `<p>Retrouvez-nous sur <a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl)}</a></p>` : ''}
<p>À bientôt,</p>`,
    ),
  };
}
