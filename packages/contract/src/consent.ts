import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/*
 * The cookie consent log (decision 0110): each choice a visitor makes in the banner or in the
 * cookie panel is recorded for the site, as the proof of consent the CNIL may ask for.
 */

export const CONSENT_CHOICES_MESSAGE = 'Les choix de cookies envoyés ne sont pas reconnus.';
export const CONSENT_BANNER_VERSION_MESSAGE = 'La version du bandeau de cookies est invalide.';

/** tarteaucitron's service keys (`gtag`, `matomo`, `openstreetmap`…). */
const serviceKeySchema = z
  .string()
  .regex(/^[a-z0-9_-]{1,40}$/i, { error: CONSENT_CHOICES_MESSAGE });

export const consentChoiceSchema = z.object({
  /** Each service's answer: true allowed, false refused. */
  choices: z
    .record(serviceKeySchema, z.boolean({ error: CONSENT_CHOICES_MESSAGE }), {
      error: CONSENT_CHOICES_MESSAGE,
    })
    .refine(
      (choices) => {
        const count = Object.keys(choices).length;
        return count >= 1 && count <= 30;
      },
      { error: CONSENT_CHOICES_MESSAGE },
    ),
  /** Which wording of the banner the visitor answered. */
  bannerVersion: z
    .string({ error: CONSENT_BANNER_VERSION_MESSAGE })
    .regex(/^[A-Za-z0-9._-]{1,40}$/, { error: CONSENT_BANNER_VERSION_MESSAGE }),
});
export type ConsentChoice = z.infer<typeof consentChoiceSchema>;

export const recordConsent = defineEndpoint({
  method: 'POST',
  path: '/consent',
  summary:
    'Record a visitor’s cookie choice for the site: time, choices, banner version and a keyed hash of the address (never the address)',
  tags: ['site'],
  body: consentChoiceSchema,
  response: z.object({ recorded: z.literal(true) }),
});

/**
 * GET /admin/consent/csv: the site's consent log as a CSV file for Excel (UTF-8 with BOM, `;`
 * separated), not an envelope.
 */
export const consentLogCsvRoute = {
  method: 'GET',
  path: '/admin/consent/csv',
  summary:
    'The site’s cookie consent log as a CSV file: date, choices, banner version, address hash (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({}),
} as const;
