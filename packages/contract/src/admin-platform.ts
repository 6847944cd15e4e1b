import { z } from 'zod';
import { emailSchema, firstnameSchema, lastnameSchema } from './account-fields';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';

/*
 * The platform (SUPER_ADMIN only): the sites it serves, a new site made from a template, the
 * addresses the storefront recognises a site by, and each site's administrators, invited by mail.
 * ADMIN gets 403 on every route here (decision 0063).
 */

export const SUPER_ADMIN_ONLY_MESSAGE =
  'Cette action est réservée aux administrateurs de la plateforme.';
export const SITE_NOT_FOUND_MESSAGE = 'Ce site est introuvable.';
export const SITE_HOST_TAKEN_MESSAGE = 'Un autre site utilise déjà cette adresse.';
export const SITE_URL_MESSAGE =
  'Saisissez une adresse complète, par exemple https://www.mon-site.fr (sans chemin).';
export const SITE_NAME_MESSAGE = 'Donnez un nom au site (100 caractères au plus).';
export const SITE_ADMIN_EXISTS_MESSAGE = 'Cette adresse a déjà un compte sur ce site.';
/** How long an invitation link works: long enough for a new owner to read their mail. */
export const INVITATION_LIFETIME_DAYS = 7;

export const SITE_TEMPLATES = ['BROCHURE', 'WINE_SHOP'] as const;
export type SiteTemplate = (typeof SITE_TEMPLATES)[number];
export const SITE_TEMPLATE_LABELS: Readonly<Record<SiteTemplate, string>> = {
  BROCHURE: 'Site vitrine (comme l’Atelier Clémence, site 91)',
  WINE_SHOP: 'Boutique de vins (comme le Domaine des Trois Coteaux, site 92)',
};

/** An http(s) origin: scheme, host and optional port, nothing after. */
function isSiteOrigin(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    !/[?#]$/.test(text)
  );
}

/** Empty (or null) is no address; anything else must be an origin, stored as such. */
const optionalSiteUrl = z
  .string({ error: SITE_URL_MESSAGE })
  .trim()
  .max(200, { error: SITE_URL_MESSAGE })
  .refine((text) => text === '' || isSiteOrigin(text), { error: SITE_URL_MESSAGE })
  .transform((text) => (text === '' ? null : new URL(text).origin))
  .nullable();

export const siteAddressesSchema = z.object({
  name: z
    .string({ error: SITE_NAME_MESSAGE })
    .trim()
    .min(1, { error: SITE_NAME_MESSAGE })
    .max(100, { error: SITE_NAME_MESSAGE }),
  /** Where the site is tried (a test server); its host resolves to the site too. */
  devUrl: optionalSiteUrl,
  /** The public address. */
  prodUrl: optionalSiteUrl,
});
export type SiteAddresses = z.output<typeof siteAddressesSchema>;
export type SiteAddressesInput = z.input<typeof siteAddressesSchema>;

export const siteCreateSchema = siteAddressesSchema.extend({
  template: z.enum(SITE_TEMPLATES, { error: 'Choisissez un modèle.' }),
});
export type SiteCreateInput = z.input<typeof siteCreateSchema>;

export const siteAdminInviteSchema = z.object({
  email: emailSchema,
  firstname: firstnameSchema,
  lastname: lastnameSchema,
});
export type SiteAdminInviteInput = z.input<typeof siteAdminInviteSchema>;

export const platformSiteAdminSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  role: z.enum(['ADMIN', 'SUPER_ADMIN']),
  /** False while the invitation has not been accepted (no password chosen yet). */
  hasPassword: z.boolean(),
});
export type PlatformSiteAdmin = z.infer<typeof platformSiteAdminSchema>;

export const platformSiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  devUrl: z.string().nullable(),
  prodUrl: z.string().nullable(),
  isECommerce: z.boolean(),
  isWinemaker: z.boolean(),
  createdAt: z.string(),
  admins: z.array(platformSiteAdminSchema),
});
export type PlatformSite = z.infer<typeof platformSiteSchema>;

const siteParams = z.object({ id: rowIdSchema });

export const listPlatformSites = defineEndpoint({
  method: 'GET',
  path: '/admin/platform/sites',
  summary: 'Every site of the platform with its addresses and administrators (SUPER_ADMIN)',
  tags: ['admin'],
  response: z.array(platformSiteSchema),
});

export const createPlatformSite = defineEndpoint({
  method: 'POST',
  path: '/admin/platform/site',
  summary:
    'Create a site from a template: its parameters, theme, menu pages and, for the wine shop, its catalogue structure (SUPER_ADMIN)',
  tags: ['admin'],
  body: siteCreateSchema,
  response: platformSiteSchema,
});

export const updatePlatformSite = defineEndpoint({
  method: 'PUT',
  path: '/admin/platform/site/:id',
  summary: 'Rename a site and set the dev and prod addresses it is found by (SUPER_ADMIN)',
  tags: ['admin'],
  params: siteParams,
  body: siteAddressesSchema,
  response: platformSiteSchema,
});

export const inviteSiteAdmin = defineEndpoint({
  method: 'POST',
  path: '/admin/platform/site/:id/admin',
  summary: `Create an administrator of a site and mail them a single-use link, valid ${INVITATION_LIFETIME_DAYS} days, to choose their password (SUPER_ADMIN)`,
  tags: ['admin'],
  params: siteParams,
  body: siteAdminInviteSchema,
  response: platformSiteSchema,
});

/*
 * The host every site's legal notice names (LCEN art. 6, decision 0110): the platform's operator,
 * set once on the platform's screen. Empty fields are unset; the legal notice then says so.
 */
export const HOST_NAME_MESSAGE = 'Le nom de l’hébergeur tient en 200 caractères au plus.';
export const HOST_ADDRESS_MESSAGE = 'L’adresse de l’hébergeur tient en 300 caractères au plus.';
export const HOST_PHONE_MESSAGE =
  'Saisissez un numéro de téléphone (chiffres, espaces, +, points, tirets ou parenthèses).';

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .transform((text) => (text === '' ? null : text))
    .nullable();

export const platformHostSchema = z.object({
  name: optionalText(200, HOST_NAME_MESSAGE),
  address: optionalText(300, HOST_ADDRESS_MESSAGE),
  phone: optionalText(40, HOST_PHONE_MESSAGE).refine(
    (phone) => phone === null || /^\+?[0-9 .()-]{6,40}$/.test(phone),
    { error: HOST_PHONE_MESSAGE },
  ),
});
export type PlatformHost = z.output<typeof platformHostSchema>;
export type PlatformHostInput = z.input<typeof platformHostSchema>;

export const platformHostAnswerSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});

export const getPlatformHost = defineEndpoint({
  method: 'GET',
  path: '/admin/platform/host',
  summary: 'The host every legal notice names: name, address, phone (SUPER_ADMIN)',
  tags: ['admin'],
  response: platformHostAnswerSchema,
});

export const updatePlatformHost = defineEndpoint({
  method: 'PUT',
  path: '/admin/platform/host',
  summary:
    'Set the host every legal notice names; every site’s legal notice shows it at once (SUPER_ADMIN)',
  tags: ['admin'],
  body: platformHostSchema,
  response: platformHostAnswerSchema,
});
