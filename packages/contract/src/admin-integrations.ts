import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  FACEBOOK_PIXEL_ID_PATTERN,
  GA4_MEASUREMENT_ID_PATTERN,
  GOOGLE_ADS_CONVERSION_ID_PATTERN,
  GTM_CONTAINER_ID_PATTERN,
  hostnamePattern,
  MATOMO_SITE_ID_PATTERN,
  matomoUrlPattern,
} from './external-app';

/*
 * The back office's « Intégrations » screen (docs/requirements/back-office.md, decision 0108):
 * the analytics services the cookie banner loads after consent, the site's Google Places
 * connection for its reviews, and where its relay points come from. A secret (the Google key, the
 * relay's private key) is written here and never read back: the answers say whether one is set
 * and show its last four characters.
 */

/** An optional text field: trimmed, an empty one is null. */
const optional = (pattern: RegExp, message: string, max = 300) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max, { error: message }).regex(pattern, { error: message }).nullable(),
  );

// ---------------------------------------------------------------------------------------------
// Analytics
// ---------------------------------------------------------------------------------------------

export const analyticsSettingsSchema = z
  .object({
    matomoUrl: optional(matomoUrlPattern, 'L’adresse https:// de votre serveur Matomo.'),
    matomoSiteId: optional(MATOMO_SITE_ID_PATTERN, 'Le numéro du site dans Matomo (1, 2…).', 10),
    googleAnalyticsMeasurementId: optional(
      GA4_MEASUREMENT_ID_PATTERN,
      'Un identifiant de mesure GA4 : G- suivi de majuscules et de chiffres.',
    ),
    googleAdsConversionId: optional(
      GOOGLE_ADS_CONVERSION_ID_PATTERN,
      'Un identifiant Google Ads : AW- suivi de chiffres.',
    ),
    plausibleDomain: optional(hostnamePattern, 'Le domaine déclaré dans Plausible (exemple.fr).'),
    plausibleScriptHost: optional(
      hostnamePattern,
      'Le nom du serveur Plausible (plausible.exemple.fr), sans https://.',
    ),
    googleTagManagerContainerId: optional(
      GTM_CONTAINER_ID_PATTERN,
      'Un conteneur Google Tag Manager : GTM- suivi de majuscules et de chiffres.',
    ),
    facebookPixelId: optional(FACEBOOK_PIXEL_ID_PATTERN, 'L’identifiant du pixel : des chiffres.'),
  })
  .superRefine((value, ctx) => {
    if ((value.matomoUrl === null) !== (value.matomoSiteId === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.matomoUrl === null ? 'matomoUrl' : 'matomoSiteId'],
        message: 'Matomo demande l’adresse du serveur et le numéro du site.',
      });
    }
    if (value.plausibleScriptHost !== null && value.plausibleDomain === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['plausibleDomain'],
        message: 'Indiquez le domaine déclaré dans Plausible.',
      });
    }
  });
export type AnalyticsSettings = z.output<typeof analyticsSettingsSchema>;
export type AnalyticsSettingsInput = z.input<typeof analyticsSettingsSchema>;

export const getAnalyticsSettings = defineEndpoint({
  method: 'GET',
  path: '/admin/integrations/analytics',
  summary: 'The analytics services the site connected, with their public identifiers (ADMIN)',
  tags: ['admin'],
  response: analyticsSettingsSchema,
});

export const saveAnalyticsSettings = defineEndpoint({
  method: 'PUT',
  path: '/admin/integrations/analytics',
  summary: 'Connects or disconnects the analytics services; an empty field disconnects (ADMIN)',
  tags: ['admin'],
  body: analyticsSettingsSchema,
  response: analyticsSettingsSchema,
});

// ---------------------------------------------------------------------------------------------
// Secrets
// ---------------------------------------------------------------------------------------------

/** What an answer says of a secret: whether one is kept, and its last four characters. */
export const maskedSecretSchema = z.object({
  set: z.boolean(),
  /** "••••1a2b", null when none is kept. */
  masked: z.string().nullable(),
});
export type MaskedSecret = z.infer<typeof maskedSecretSchema>;

/**
 * The mask of a secret: its last four characters when it is long enough for them to tell two
 * keys apart without helping to guess it (20 characters or more), otherwise none.
 */
export function maskSecret(secret: string | null): MaskedSecret {
  if (secret === null || secret === '') return { set: false, masked: null };
  return { set: true, masked: `••••${secret.length >= 20 ? secret.slice(-4) : ''}` };
}

/**
 * A secret in a form: a new value replaces the kept one, null removes it, and an absent field
 * (the owner left the box empty) keeps it.
 */
const secretInput = (pattern: RegExp, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().regex(pattern, { error: message }).nullable().optional(),
  );

// ---------------------------------------------------------------------------------------------
// Google reviews
// ---------------------------------------------------------------------------------------------

/** A Google Cloud API key: "AIza" then 35 letters, digits, dashes or underscores. */
export const GOOGLE_API_KEY_PATTERN = /^AIza[0-9A-Za-z_-]{35}$/;
/** A Google place id (ChIJ…): letters, digits, dashes and underscores. */
export const GOOGLE_PLACE_ID_PATTERN = /^[A-Za-z0-9_-]{10,400}$/;

export const GOOGLE_REVIEWS_NOT_CONFIGURED_MESSAGE =
  'Renseignez la clé Google et l’identifiant du lieu avant de récupérer les avis.';

export const googleReviewsInputSchema = z.object({
  apiKey: secretInput(
    GOOGLE_API_KEY_PATTERN,
    'Une clé d’API Google commence par AIza et compte 39 caractères.',
  ),
  placeId: optional(
    GOOGLE_PLACE_ID_PATTERN,
    'L’identifiant du lieu (Place ID) : des lettres, des chiffres, - et _, sans espace.',
    400,
  ),
});
export type GoogleReviewsInput = z.input<typeof googleReviewsInputSchema>;
export type GoogleReviewsInputParsed = z.output<typeof googleReviewsInputSchema>;

export const reviewFetchStatusSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  status: z.enum(['OK', 'FAILED']),
  message: z.string(),
});
export type ReviewFetchStatus = z.infer<typeof reviewFetchStatusSchema>;

export const googleReviewsSettingsSchema = z.object({
  apiKey: maskedSecretSchema,
  placeId: z.string().nullable(),
  /** How the last fetch went (the daily job's or « Récupérer maintenant »); null before one. */
  lastFetch: reviewFetchStatusSchema.nullable(),
});
export type GoogleReviewsSettings = z.infer<typeof googleReviewsSettingsSchema>;

export const getGoogleReviewsSettings = defineEndpoint({
  method: 'GET',
  path: '/admin/integrations/google-reviews',
  summary: "The site's Google Places connection, its key masked, and the last fetch (ADMIN)",
  tags: ['admin'],
  response: googleReviewsSettingsSchema,
});

export const saveGoogleReviewsSettings = defineEndpoint({
  method: 'PUT',
  path: '/admin/integrations/google-reviews',
  summary: 'Sets the Google key (kept sealed) and the place id (ADMIN)',
  tags: ['admin'],
  body: googleReviewsInputSchema,
  response: googleReviewsSettingsSchema,
});

export const fetchGoogleReviewsNow = defineEndpoint({
  method: 'POST',
  path: '/admin/integrations/google-reviews/fetch',
  summary: 'Fetches the reviews from Google now and says how it went (ADMIN)',
  tags: ['admin'],
  response: googleReviewsSettingsSchema,
});

// ---------------------------------------------------------------------------------------------
// Relay points
// ---------------------------------------------------------------------------------------------

export const RELAY_PROVIDERS = ['DEMO', 'MONDIAL_RELAY'] as const;
export const relayProviderSchema = z.enum(RELAY_PROVIDERS, {
  error: 'Choisissez la source des points relais.',
});
export type RelayProviderName = z.infer<typeof relayProviderSchema>;
export const RELAY_PROVIDER_LABELS: Record<RelayProviderName, string> = {
  DEMO: 'Points de démonstration',
  MONDIAL_RELAY: 'Mondial Relay',
};

/** Mondial Relay's code enseigne: 8 letters or digits (a shorter code is padded with spaces). */
export const MONDIAL_RELAY_BRAND_INPUT_PATTERN = /^[0-9A-Za-z]{2}[0-9A-Za-z ]{0,6}$/;
/** Mondial Relay's private key, as its account pages give it. */
export const MONDIAL_RELAY_PRIVATE_KEY_PATTERN = /^[0-9A-Za-z]{4,64}$/;

export const MONDIAL_RELAY_CREDENTIALS_MISSING_MESSAGE =
  'Mondial Relay demande le code enseigne et la clé privée du compte.';

export const relaySettingsInputSchema = z.object({
  provider: relayProviderSchema,
  mondialRelayBrand: optional(
    MONDIAL_RELAY_BRAND_INPUT_PATTERN,
    'Le code enseigne : 8 lettres ou chiffres au plus (BDTEST13…).',
    8,
  ),
  mondialRelayPrivateKey: secretInput(
    MONDIAL_RELAY_PRIVATE_KEY_PATTERN,
    'La clé privée : des lettres et des chiffres, sans espace.',
  ),
});
export type RelaySettingsInput = z.input<typeof relaySettingsInputSchema>;
export type RelaySettingsInputParsed = z.output<typeof relaySettingsInputSchema>;

export const relaySettingsSchema = z.object({
  provider: relayProviderSchema,
  mondialRelayBrand: z.string().nullable(),
  mondialRelayPrivateKey: maskedSecretSchema,
});
export type RelaySettings = z.infer<typeof relaySettingsSchema>;

export const getRelaySettings = defineEndpoint({
  method: 'GET',
  path: '/admin/integrations/relay',
  summary: "Where the site's relay points come from, the private key masked (ADMIN)",
  tags: ['admin'],
  response: relaySettingsSchema,
});

export const saveRelaySettings = defineEndpoint({
  method: 'PUT',
  path: '/admin/integrations/relay',
  summary:
    "Chooses the relay provider; Mondial Relay's credentials are tried before they are kept (ADMIN)",
  tags: ['admin'],
  body: relaySettingsInputSchema,
  response: relaySettingsSchema,
});
