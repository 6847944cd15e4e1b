import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Third-party services a site can connect (docs/requirements/consent-and-analytics.md). Only their public identifiers travel
 * here — the ones a browser needs to load the service — and each is checked against its
 * service's format, because the consent manager writes them into script addresses.
 */
export const hostnamePattern =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** An HTTPS address with a plain path: nothing that could close the script tag it goes into. */
export const matomoUrlPattern =
  /^https:\/\/[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+(?::\d{2,5})?(?:\/[A-Za-z0-9._~-]+)*\/?$/;

export const MATOMO_SITE_ID_PATTERN = /^[1-9]\d{0,9}$/;
export const GA4_MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/;
export const GOOGLE_ADS_CONVERSION_ID_PATTERN = /^AW-\d{5,15}$/;
export const GTM_CONTAINER_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
export const FACEBOOK_PIXEL_ID_PATTERN = /^\d{5,20}$/;

export const matomoPublicConfigSchema = z.object({
  /** The Matomo server, for example https://stats.example.fr/ (HTTPS only, with or without the final slash). */
  url: z
    .string()
    .max(300)
    .regex(matomoUrlPattern, { error: 'Expected an https:// server address.' }),
  siteId: z.string().regex(MATOMO_SITE_ID_PATTERN),
});

export const googleAnalyticsPublicConfigSchema = z.object({
  /** A GA4 measurement id. */
  measurementId: z.string().regex(GA4_MEASUREMENT_ID_PATTERN),
});

export const googleAdsPublicConfigSchema = z.object({
  conversionId: z.string().regex(GOOGLE_ADS_CONVERSION_ID_PATTERN),
});

export const plausiblePublicConfigSchema = z.object({
  /** The site's domain as declared in Plausible. */
  domain: z.string().regex(hostnamePattern),
  /** A self-hosted Plausible server's host name; plausible.io when absent. */
  scriptHost: z.string().regex(hostnamePattern).optional(),
});

export const googleTagManagerPublicConfigSchema = z.object({
  containerId: z.string().regex(GTM_CONTAINER_ID_PATTERN),
});

export const facebookPixelPublicConfigSchema = z.object({
  pixelId: z.string().regex(FACEBOOK_PIXEL_ID_PATTERN),
});

export const externalAppPublicConfigSchemas = {
  MATOMO: matomoPublicConfigSchema,
  GOOGLE_ANALYTICS: googleAnalyticsPublicConfigSchema,
  GOOGLE_ADS: googleAdsPublicConfigSchema,
  PLAUSIBLE: plausiblePublicConfigSchema,
  GOOGLE_TAG_MANAGER: googleTagManagerPublicConfigSchema,
  FACEBOOK_PIXEL: facebookPixelPublicConfigSchema,
} as const;

/** The analytics services the cookie banner can load, each only after the visitor's consent. */
export const ANALYTICS_APPS = [
  'MATOMO',
  'GOOGLE_ANALYTICS',
  'GOOGLE_ADS',
  'PLAUSIBLE',
  'GOOGLE_TAG_MANAGER',
  'FACEBOOK_PIXEL',
] as const;
export const EXTERNAL_APPS = ANALYTICS_APPS;
export const externalAppSchema = z.enum(EXTERNAL_APPS);
export type ExternalApp = z.infer<typeof externalAppSchema>;

export const externalAppPublicConfigSchema = z.discriminatedUnion('app', [
  z.object({ app: z.literal('MATOMO'), config: matomoPublicConfigSchema }),
  z.object({ app: z.literal('GOOGLE_ANALYTICS'), config: googleAnalyticsPublicConfigSchema }),
  z.object({ app: z.literal('GOOGLE_ADS'), config: googleAdsPublicConfigSchema }),
  z.object({ app: z.literal('PLAUSIBLE'), config: plausiblePublicConfigSchema }),
  z.object({ app: z.literal('GOOGLE_TAG_MANAGER'), config: googleTagManagerPublicConfigSchema }),
  z.object({ app: z.literal('FACEBOOK_PIXEL'), config: facebookPixelPublicConfigSchema }),
]);
export type ExternalAppPublicConfig = z.infer<typeof externalAppPublicConfigSchema>;
export type PublicConfigOf<A extends ExternalApp> = Extract<
  ExternalAppPublicConfig,
  { app: A }
>['config'];

export const getExternalAppPublicConfig = defineEndpoint({
  method: 'GET',
  path: '/external-app/:app/config/public',
  summary: 'The public identifiers of a service the site connected (404 when it has not)',
  tags: ['external-app'],
  params: z.object({ app: externalAppSchema }),
  response: externalAppPublicConfigSchema,
});

/**
 * The product sheet generator (`GET /product/generate/file/{id}`), built into the platform: on
 * unless the site stored `{ enabled: false }` for it (decision 0099). The storefront links the
 * PDF sheet from a wine's page only while it is on.
 */
export const PRODUCT_FILE_GENERATOR = 'PRODUCT_FILE_GENERATOR' as const;
export const productFileGeneratorConfigSchema = z.object({
  enabled: z.boolean(),
});
export type ProductFileGeneratorConfig = z.infer<typeof productFileGeneratorConfigSchema>;
/** What a site that stored nothing for the generator has. */
export const DEFAULT_PRODUCT_FILE_GENERATOR_CONFIG: ProductFileGeneratorConfig = { enabled: true };

export const getProductFileGeneratorConfig = defineEndpoint({
  method: 'GET',
  path: `/external-app/${PRODUCT_FILE_GENERATOR}/config/public`,
  summary: "The product sheet generator's public configuration (whether the PDF sheet is offered)",
  tags: ['external-app'],
  response: z.object({
    app: z.literal(PRODUCT_FILE_GENERATOR),
    config: productFileGeneratorConfigSchema,
  }),
});
