import type { sites } from '../../db/schema';
import type { SiteParameterValues } from '../../lib/site-parameter-values';
import type { MailAddress } from '../../plugins/mail';

/** A mail as the modules build it, before the mail plugin adds sender and recipient. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Mail values come from visitors and editors: every one goes through this before reaching the HTML part. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * How much of a visitor's text a mail carries: a form must not turn a notice into a long mail
 * of the visitor's own. The stored record keeps everything; the mail says where it was cut.
 */
export const VISITOR_TEXT_LIMITS = { name: 100, line: 200, message: 5000 } as const;

/** The text cut to `max` characters (whole code points), ending with "…" when it was longer. */
export function capText(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/** Every string field of a visitor's input capped: names and one-line fields, then messages. */
export function capVisitorFields<T extends object>(
  input: T,
  limits: Partial<Record<keyof T, number>>,
): T {
  const capped = { ...input } as Record<string, unknown>;
  for (const [key, max] of Object.entries(limits) as [string, number][]) {
    const value = capped[key];
    if (typeof value === 'string') capped[key] = capText(value, max);
  }
  return capped as T;
}

/** A line break in a subject would let a visitor's text start a new mail header. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

/** `label : value` details as an HTML list, every part escaped. */
export function detailsListHtml(details: readonly (readonly [string, string])[]): string {
  return `<ul>
${details.map(([label, value]) => `<li><strong>${escapeHtml(label)} :</strong> ${escapeHtml(value)}</li>`).join('\n')}
</ul>`;
}

/**
 * The HTML document every mail shares: inline styles only, since mail clients drop style sheets.
 * `body` is HTML the caller has already escaped; `title` and `footnote` are plain text.
 */
export function mailHtml(
  title: string,
  body: string,
  options: { footnote?: string; maxWidth?: number } = {},
): string {
  const footnote =
    options.footnote === undefined
      ? ''
      : `\n<p style="margin-top:32px;color:#52606d;font-size:14px">${escapeHtml(options.footnote)}</p>`;
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<div style="max-width:${options.maxWidth ?? 560}px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">
${body}${footnote}
</div>
</body>
</html>`;
}

// ---------------------------------------------------------------------------------------------
// A site's address and sender in its mails
// ---------------------------------------------------------------------------------------------

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
