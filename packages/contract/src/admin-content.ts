import { z } from 'zod';
import { rowIdSchema } from './ids';
import { isHexColour } from '@comptoir/domain/site-parameters';
import { defineEndpoint } from './endpoint';
import { elementRouteSchema, elementSchema } from './element';
import { pageBlockSchema } from './page-blocks';
import { parameterSchema } from './parameter';

/*
 * What a site's administrators (ADMIN, SUPER_ADMIN of that site) write from the back office: a
 * page's blocks, a site parameter, the items of an element list. Every write is validated here,
 * stored as sent (HTML included: the storefront sanitizes it when it renders), and followed by a
 * request to the storefront to refresh the cached pages that show it.
 */

export const PARAMETER_NOT_FOUND_MESSAGE = "Ce paramètre n'existe pas.";
export const PARAMETER_VALUE_MESSAGES = {
  STRING: 'Saisissez un texte (2 000 caractères au plus).',
  TEXT: 'Saisissez un texte.',
  BOOLEAN: 'Choisissez oui ou non (true ou false).',
  NUMBER: 'Saisissez un nombre.',
  LINK: 'Saisissez une adresse http:// ou https://.',
  COLOUR: 'Saisissez une couleur au format #rgb, #rrggbb ou #rrggbbaa.',
} as const;
export const ELEMENT_LIST_NOT_FOUND_MESSAGE = "Cette liste d'éléments est introuvable.";
export const ELEMENT_NOT_FOUND_MESSAGE = 'Cet élément est introuvable dans cette liste.';
export const ELEMENT_LIST_FULL_MESSAGE =
  "Cette liste contient déjà 1 000 éléments : supprimez-en un avant d'en ajouter un autre.";

/** Most blocks a page may hold. */
export const PAGE_MAX_BLOCKS = 100;
/** Most elements one list may hold (docs/requirements/elements.md: the banner reads up to 1000 items). */
export const ELEMENT_LIST_MAX_ITEMS = 1000;
/** Longest STRING value; TEXT values (legal texts, CSS) may be as long as a text block. */
export const PARAMETER_STRING_MAX_LENGTH = 2000;
export const PARAMETER_TEXT_MAX_LENGTH = 200_000;

const rowId = rowIdSchema;

export const savePageBlocks = defineEndpoint({
  method: 'PUT',
  path: '/admin/page/:idPage/blocks',
  summary:
    "Replace a page's content blocks, each checked against its block schema (ADMIN, SUPER_ADMIN); nothing is saved when one is invalid",
  tags: ['admin'],
  params: z.object({ idPage: rowId }),
  body: z.object({
    blocks: z.array(pageBlockSchema).max(PAGE_MAX_BLOCKS, {
      error: `Une page contient ${PAGE_MAX_BLOCKS} blocs au plus.`,
    }),
  }),
  response: z.object({ id: z.number().int(), blocks: z.array(pageBlockSchema) }),
});

/** A parameter's key as the catalogue writes it: upper case, digits and underscores. */
export const parameterTypeSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,63}$/, { error: 'Expected a parameter key such as COMPANY_NAME.' });

export const saveParameter = defineEndpoint({
  method: 'PUT',
  path: '/admin/parameter/:type',
  summary:
    "Set one site parameter of the catalogue; the value must fit the parameter's kind (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: z.object({ type: parameterTypeSchema }),
  body: z.object({
    /** Typed by the parameter's kind: text (STRING, TEXT, LINK), boolean, number; null unsets it. */
    value: z.union([z.string().max(PARAMETER_TEXT_MAX_LENGTH), z.number(), z.boolean()]).nullable(),
  }),
  response: parameterSchema,
});

/** A link an element points to: a path on the site, or an http(s)/mailto/tel address. */
const elementLink = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(\/(?!\/)|https?:\/\/|mailto:|tel:)/i, {
    error: 'Saisissez un chemin commençant par / ou une adresse http(s), mailto: ou tel:.',
  });

/** An image shown by the storefront: a path on the site or an http(s) address (elements, services). */
export const siteImageUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(\/(?!\/)|https?:\/\/)/i, {
    error: 'Saisissez un chemin commençant par / ou une adresse http(s).',
  });

export const elementInputSchema = z.object({
  title: z
    .string({ error: 'Le titre est obligatoire.' })
    .trim()
    .min(1, { error: 'Le titre est obligatoire.' })
    .max(200, { error: 'Le titre fait 200 caractères au plus.' }),
  /** Rich text as the site writes it: the storefront sanitizes it before showing it. */
  html: z
    .string()
    .max(20_000, { error: 'Le message fait 20 000 caractères au plus.' })
    .nullable()
    .default(null),
  backgroundColor: z
    .string()
    .trim()
    .refine(isHexColour, { error: PARAMETER_VALUE_MESSAGES.COLOUR })
    .nullable()
    .default(null),
  imageUrl: siteImageUrlSchema.nullable().default(null),
  linkUrl: elementLink.nullable().default(null),
  /** Where the element goes in its list; after the last one when not given. */
  position: z.number().int().min(0).max(1_000_000).optional(),
  /** Places offered when visitors may register (an event); null when there is no registration. */
  registrationCapacity: z
    .number()
    .int()
    .min(1, { error: 'Proposez au moins une place.' })
    .max(100_000)
    .nullable()
    .default(null),
});
export type ElementInput = z.infer<typeof elementInputSchema>;

export const createElement = defineEndpoint({
  method: 'POST',
  path: '/admin/element/:route',
  summary: "Add a published element to one of the site's element lists (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: z.object({ route: elementRouteSchema }),
  body: elementInputSchema,
  response: elementSchema,
});

export const deleteElement = defineEndpoint({
  method: 'DELETE',
  path: '/admin/element/:route/:id',
  summary: "Remove an element from one of the site's element lists (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: z.object({ route: elementRouteSchema, id: rowId }),
  response: z.object({ id: z.number().int() }),
});

/*
 * The storefront's revalidation hook, which the API calls after each of these writes. It is a
 * route of the storefront, not of the API; its wire format lives here so that both sides agree.
 */

/** The storefront path of the hook (outside the per-site routes). */
export const STOREFRONT_REVALIDATE_PATH = '/_comptoir/revalidate';
/** The header carrying the secret shared by the API and the storefront (REVALIDATE_SECRET). */
export const REVALIDATE_SECRET_HEADER = 'x-comptoir-revalidate-secret';

/** A cache tag of one site's public data, such as site:91:pages (apps/web/lib/data/cache-tags.ts). */
export const SITE_CACHE_TAG_PATTERN = /^site:[1-9]\d{0,9}:[a-z][a-z-]{0,39}$/;

export function siteCacheTag(siteId: number, name: string): string {
  return `site:${siteId}:${name}`;
}

export const revalidationRequestSchema = z.object({
  tags: z
    .array(z.string().regex(SITE_CACHE_TAG_PATTERN, { error: 'Expected a tag site:<id>:<name>.' }))
    .min(1)
    .max(50),
});
export type RevalidationRequest = z.infer<typeof revalidationRequestSchema>;
