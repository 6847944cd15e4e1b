import type { sites } from '../../db/schema';
import type { SiteParameterValues } from '../../lib/site-parameter-values';
import type { MailAddress } from '../../plugins/mail';

/**
 * What a mail reads of its site, written from the schema: the mail module does not depend on the
 * site module (which depends on it through the users and the audit).
 */
type MailSite = Pick<typeof sites.$inferSelect, 'name' | 'prodUrl' | 'devUrl'>;

/**
 * The storefront address put in mails: the site's prodUrl in production (NODE_ENV=production),
 * its devUrl otherwise, each falling back on the other. Never the request's Host header, which
 * the caller chooses: a forged Host would otherwise send a reset link to someone else's server.
 */
export function siteBaseUrl(site: MailSite, production: boolean): string | null {
  const url = production ? (site.prodUrl ?? site.devUrl) : (site.devUrl ?? site.prodUrl);
  return url ? url.replace(/\/+$/, '') : null;
}

/**
 * Mails leave as SEND_MAIL_NAME <SEND_MAIL_ADDRESS>, falling back on the site's name and
 * COMPANY_EMAIL, then on a no-reply address of the site's own domain. Replies go to COMPANY_EMAIL.
 */
export function siteMailSender(
  site: MailSite,
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
