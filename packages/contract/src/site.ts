import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const FONT_TYPES = ['TITLE', 'CONTENT', 'MENU'] as const;
export const fontSchema = z.object({
  type: z.enum(FONT_TYPES),
  family: z.string(),
  color: z.string().nullable(),
  size: z.number().nullable(),
  weight: z.number().nullable(),
  style: z.string().nullable(),
});
export type Font = z.infer<typeof fontSchema>;

export const LOGO_TYPES = [
  'LOGO_FAVICON',
  'LOGO',
  'LOGO_FOOTER',
  'LOGO_LIGHT_THEME',
  'LOGO_DARK_THEME',
] as const;
export const onlineImageSchema = z.object({
  id: z.number().int(),
  externalId: z.string().nullable(),
  externalType: z.string().nullable(),
  externalPath: z.string().nullable(),
  url: z.string(),
});
export const logoSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  type: z.enum(LOGO_TYPES),
  onlineImage: onlineImageSchema.nullable(),
  alt: z.string().nullable(),
});
export type Logo = z.infer<typeof logoSchema>;

export const siteInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The URL visitors use: prodUrl when set, otherwise devUrl. */
  url: z.string(),
  devUrl: z.string().nullable(),
  prodUrl: z.string().nullable(),
  fonts: z.array(fontSchema),
  logos: z.array(logoSchema),
  isWinemaker: z.boolean(),
  isECommerce: z.boolean(),
  isBuilding: z.boolean(),
  dashboardType: z.string(),
  /** Locale code such as fr_FR. */
  defaultLang: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const getSiteInfo = defineEndpoint({
  method: 'GET',
  path: '/site/info',
  summary: "The site's identity: URLs, fonts, logos and feature flags",
  tags: ['site'],
  response: siteInfoSchema,
});

/** The site's host as its legal notice names it (LCEN art. 6, decision 0110); null when unset. */
export const siteHostSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});
export type SiteHost = z.infer<typeof siteHostSchema>;

export const getSiteHost = defineEndpoint({
  method: 'GET',
  path: '/site/host',
  summary: "The host the site's legal notice names: the platform's operator",
  tags: ['site'],
  response: siteHostSchema,
});

/** Platform call used by the storefront to map a request host to its site. */
export const resolveSite = defineEndpoint({
  method: 'GET',
  path: '/site/resolve',
  summary: 'Find the site whose dev or prod URL has this host (no siteId header needed)',
  tags: ['site'],
  query: z.object({ host: z.string().min(1).max(253) }),
  response: z.object({ id: z.number().int() }),
  withoutSite: true,
});

/** Liveness: the process answers (a load balancer restarts an instance that does not). */
export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  summary: 'Liveness: the process answers',
  tags: ['platform'],
  response: z.object({ status: z.literal('ok') }),
  withoutSite: true,
});

/** What each engine of an instance answered: `absent` when this deployment does not use it. */
export const readinessCheckSchema = z.enum(['ok', 'absent']);

/**
 * Readiness: the database, Redis (when configured) and the file storage answer, and the
 * instance is not shutting down; otherwise a 503 that names what does not answer.
 */
export const getReadiness = defineEndpoint({
  method: 'GET',
  path: '/ready',
  summary: 'Readiness: database, Redis and file storage reachable, not shutting down',
  tags: ['platform'],
  response: z.object({
    status: z.literal('ready'),
    database: readinessCheckSchema,
    redis: readinessCheckSchema,
    storage: readinessCheckSchema,
  }),
  withoutSite: true,
});
