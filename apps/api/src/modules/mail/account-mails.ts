import {
  capText,
  escapeHtml,
  mailHtml,
  VISITOR_TEXT_LIMITS,
  type MailContent,
} from './mail-layout';

/** Account mails are titled and signed with the site's name. */
function signedHtml(siteName: string, body: string): string {
  return mailHtml(siteName, body, { footnote: siteName });
}

export function passwordResetMail(input: {
  siteName: string;
  firstname: string;
  link: string;
}): MailContent {
  const { siteName, link } = input;
  const firstname = capText(input.firstname, VISITOR_TEXT_LIMITS.name);
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
  const { siteName, siteUrl } = input;
  const firstname = capText(input.firstname, VISITOR_TEXT_LIMITS.name);
  const email = capText(input.email, VISITOR_TEXT_LIMITS.line);
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

/** An administrator invited by the platform: a link to choose their password, valid some days. */
export function adminInvitationMail(input: {
  siteName: string;
  firstname: string;
  link: string;
  validDays: number;
}): MailContent {
  const { siteName, link, validDays } = input;
  const firstname = capText(input.firstname, VISITOR_TEXT_LIMITS.name);
  return {
    subject: `Votre accès à l’administration du site ${siteName}`,
    text: [
      `Bonjour ${firstname},`,
      '',
      `Un compte administrateur du site ${siteName} a été créé pour vous.`,
      `Pour choisir votre mot de passe, ouvrez ce lien. Il est valable ${validDays} jours et ne sert qu’une fois :`,
      '',
      link,
      '',
      'Vous pourrez ensuite vous connecter et gérer le site depuis son adresse suivie de /admin.',
      '',
      siteName,
    ].join('\n'),
    html: signedHtml(
      siteName,
      `<p>Bonjour ${escapeHtml(firstname)},</p>
<p>Un compte administrateur du site ${escapeHtml(siteName)} a été créé pour vous.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1d4e89;color:#ffffff;text-decoration:none;border-radius:4px">Choisir mon mot de passe</a></p>
<p>Ce lien est valable ${validDays} jours et ne sert qu’une fois. S’il ne s’ouvre pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(link)}</p>
<p>Vous pourrez ensuite vous connecter et gérer le site depuis son adresse suivie de /admin.</p>`,
    ),
  };
}

/**
 * The warning sent 30 days before an inactive account is anonymised (decision 0110): when, why,
 * and that logging in keeps the account.
 */
export function inactivityWarningMail(input: {
  siteName: string;
  firstname: string;
  /** « 12 juillet 2029 ». */
  deletionDate: string;
  /** « trois ans ». */
  period: string;
  loginUrl: string | null;
}): MailContent {
  const { siteName, deletionDate, period, loginUrl } = input;
  const firstname = capText(input.firstname, VISITOR_TEXT_LIMITS.name);
  const why = `Vous ne vous êtes pas connecté à votre compte ${siteName} et n’y avez passé aucune commande depuis bientôt ${period}. Comme l’annonce notre politique de confidentialité, votre compte sera anonymisé le ${deletionDate} : vos nom, adresse e-mail, téléphone et adresses seront effacés. Vos commandes passées restent dans notre comptabilité, sans votre nom.`;
  const keep = 'Pour garder votre compte, il vous suffit de vous connecter avant cette date.';
  return {
    subject: `Votre compte ${siteName} sera supprimé le ${deletionDate}`,
    text: [
      `Bonjour ${firstname},`,
      '',
      why,
      '',
      keep,
      ...(loginUrl ? ['', `Me connecter : ${loginUrl}`] : []),
      '',
      'À bientôt,',
      siteName,
    ].join('\n'),
    html: signedHtml(
      siteName,
      `<p>Bonjour ${escapeHtml(firstname)},</p>
<p>${escapeHtml(why)}</p>
<p>${escapeHtml(keep)}</p>
${loginUrl ? `<p><a href="${escapeHtml(loginUrl)}">Me connecter</a></p>` : ''}
<p>À bientôt,</p>`,
    ),
  };
}
