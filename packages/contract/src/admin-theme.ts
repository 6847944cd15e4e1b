import { z } from 'zod';
import { parameterChoices } from '@comptoir/domain/parameter-choices';
import {
  findParameterDefinition,
  isValidParameterValue,
  PARAMETER_GROUPS,
  type ParameterValue,
  type SiteParameterDefinition,
} from '@comptoir/domain/site-parameters';
import {
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  FONT_STYLES,
  FONT_WEIGHTS,
  isFontFamilyChoice,
} from '@comptoir/domain/theme-fonts';
import {
  ELEMENT_LIST_MAX_ITEMS,
  elementInputSchema,
  PARAMETER_NOT_FOUND_MESSAGE,
  PARAMETER_STRING_MAX_LENGTH,
  PARAMETER_TEXT_MAX_LENGTH,
  PARAMETER_VALUE_MESSAGES,
  parameterTypeSchema,
} from './admin-content';
import { defineEndpoint } from './endpoint';
import { elementRouteSchema, elementSchema } from './element';
import { rowIdSchema } from './ids';
import { parameterKindSchema } from './parameter';
import { FONT_TYPES, fontSchema, LOGO_TYPES, logoSchema } from './site';

/*
 * The back office's theme screens (issue 11): every parameter of the catalogue, saved several at
 * once; the site's logos (uploaded, described, removed) and fonts; the items of its element lists
 * (the promotional banner's messages among them), edited and put in order.
 */

// ---------------------------------------------------------------------------------------------
// Parameters

/**
 * Money parameters: the owner types euros (49.90) and the shop's rules turn them into cents when
 * they compute (shipping-rules, gift-voucher), so a value has at most two decimals.
 */
export const MONEY_PARAMETERS: ReadonlySet<string> = new Set([
  'FREE_SHIPPING_PRICE',
  'GIFT_VOUCHER_MIN_AMOUNT',
  'GIFT_VOUCHER_MAX_AMOUNT',
]);
export const MONEY_PARAMETER_MESSAGE =
  'Saisissez un montant positif en euros, avec deux décimales au plus (par exemple 49,90).';

/** Parameters whose value runs as code on every page: the screen warns before they are saved. */
export const CODE_PARAMETERS: ReadonlySet<string> = new Set([
  'GLOBAL_CSS',
  'AFTER_BODY_HTML_TO_LOAD',
  'SCRIPT_TO_LOAD',
]);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Whether a number is a whole count of cents once read as euros (49.9, 49.90, 50). */
function hasAtMostTwoDecimals(euros: number): boolean {
  return Math.abs(Math.round(euros * 100) - euros * 100) < 1e-6;
}

/**
 * Why a value does not fit a parameter, in words for the back office, or null when it does.
 * Null always fits: it unsets the parameter, which then reads as its default. The API and the
 * theme form both check values with this.
 */
export function parameterValueProblem(
  definition: Pick<SiteParameterDefinition, 'type' | 'kind'>,
  value: ParameterValue,
): string | null {
  if (value === null) return null;
  if (!isValidParameterValue(definition.kind, value, definition.type)) {
    // A text refused for a STRING parameter can only be a colour parameter's non-hex value.
    return typeof value === 'string' && definition.kind === 'STRING'
      ? PARAMETER_VALUE_MESSAGES.COLOUR
      : PARAMETER_VALUE_MESSAGES[definition.kind];
  }
  if (typeof value === 'number') {
    return MONEY_PARAMETERS.has(definition.type) && (value < 0 || !hasAtMostTwoDecimals(value))
      ? MONEY_PARAMETER_MESSAGE
      : null;
  }
  if (typeof value !== 'string') return null;
  const choices = parameterChoices(definition.type);
  if (choices && !choices.some((choice) => choice.value === value)) {
    return `Choisissez l’une des valeurs proposées : ${choices.map((choice) => `« ${choice.label} »`).join(', ')}.`;
  }
  switch (definition.kind) {
    case 'STRING':
      return value.length > PARAMETER_STRING_MAX_LENGTH ? PARAMETER_VALUE_MESSAGES.STRING : null;
    case 'TEXT':
      return value.length > PARAMETER_TEXT_MAX_LENGTH ? PARAMETER_VALUE_MESSAGES.TEXT : null;
    case 'LINK':
      return value.length > PARAMETER_STRING_MAX_LENGTH || !isHttpUrl(value)
        ? PARAMETER_VALUE_MESSAGES.LINK
        : null;
    default:
      return null;
  }
}

export const parameterValueSchema = z
  .union([z.string().max(PARAMETER_TEXT_MAX_LENGTH), z.number(), z.boolean()])
  .nullable();

/** One parameter of the catalogue as the back office shows it, set or not. */
export const adminParameterSchema = z.object({
  type: z.string(),
  kind: parameterKindSchema,
  label: z.string(),
  group: z.enum(PARAMETER_GROUPS),
  /** The value the site uses: its own, or the default when it set none. */
  value: parameterValueSchema,
  defaultValue: parameterValueSchema,
  /** Whether the site set its own value. */
  isSet: z.boolean(),
  /**
   * Why the owner cannot turn this setting off (the age rules of a site that sells alcohol,
   * decision 0109); absent or null when they can.
   */
  lockedReason: z.string().nullable().optional(),
});
export type AdminParameter = z.infer<typeof adminParameterSchema>;

export const getAdminParameters = defineEndpoint({
  method: 'GET',
  path: '/admin/parameter',
  summary:
    'Every parameter of the catalogue with its kind, label, group, default and the value the site uses (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  response: z.array(adminParameterSchema),
});

/**
 * A site that sells alcohol asks the birth date and refuses minors (decision 0109): the answer
 * (422) to a batch that turns either rule off while SELLS_ALCOHOL stays on, and what the back
 * office shows beside both locked settings.
 */
export const ALCOHOL_AGE_RULES_LOCKED_MESSAGE =
  "Ce site vend de l'alcool : la vente aux mineurs est interdite, la date de naissance est donc demandée et les mineurs refusés. Décochez « Le site vend de l'alcool » pour changer ce réglage.";

/** Most parameters one batch may set: the whole catalogue fits. */
export const PARAMETER_BATCH_MAX = 300;

/**
 * Several parameters at once, by key: `{ "PRIMARY_COLOR": "#5b2a4e", "FREE_SHIPPING_PRICE": 90 }`.
 * Each value is checked against its parameter; an error names the parameter as its key.
 */
export const saveParametersBodySchema = z
  .record(parameterTypeSchema, parameterValueSchema)
  .superRefine((values, context) => {
    const entries = Object.entries(values);
    if (entries.length === 0) {
      context.addIssue({ code: 'custom', message: 'Aucun paramètre à enregistrer.', path: [] });
    }
    if (entries.length > PARAMETER_BATCH_MAX) {
      context.addIssue({
        code: 'custom',
        message: `Enregistrez ${PARAMETER_BATCH_MAX} paramètres au plus à la fois.`,
        path: [],
      });
    }
    for (const [type, value] of entries) {
      const definition = findParameterDefinition(type);
      const problem = definition
        ? parameterValueProblem(definition, value)
        : PARAMETER_NOT_FOUND_MESSAGE;
      if (problem) context.addIssue({ code: 'custom', message: problem, path: [type] });
    }
  });
export type SaveParametersBody = z.infer<typeof saveParametersBodySchema>;

export const saveParameters = defineEndpoint({
  method: 'PUT',
  path: '/admin/parameter',
  summary:
    'Set several parameters in one transaction: all of them when every value fits, none otherwise (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: saveParametersBodySchema,
  response: z.array(adminParameterSchema),
});

// ---------------------------------------------------------------------------------------------
// Logos

export const logoTypeSchema = z.enum(LOGO_TYPES);
export type LogoType = z.infer<typeof logoTypeSchema>;

export const LOGO_TYPE_LABELS: Record<LogoType, string> = {
  LOGO: 'Logo principal',
  LOGO_FOOTER: 'Logo du pied de page',
  LOGO_FAVICON: "Icône de l'onglet (favicon)",
  LOGO_LIGHT_THEME: 'Logo pour le thème clair',
  LOGO_DARK_THEME: 'Logo pour le thème sombre',
};

/** The multipart fields of a logo upload: the image file and its alternative text. */
export const LOGO_IMAGE_FIELD = 'image';
export const LOGO_ALT_FIELD = 'alt';
export const LOGO_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_IMAGE_MISSING_MESSAGE = 'Choisissez une image.';
export const LOGO_IMAGE_TOO_LARGE_MESSAGE = "L'image fait 5 Mo au plus.";
export const LOGO_IMAGE_TYPE_MESSAGE = 'Envoyez une image PNG, JPEG, WebP ou GIF.';
export const LOGO_NOT_FOUND_MESSAGE = "Ce logo n'existe pas.";

export const logoAltSchema = z
  .string({ error: 'Décrivez le logo en quelques mots.' })
  .trim()
  .min(1, { error: 'Décrivez le logo en quelques mots.' })
  .max(200, { error: 'Le texte alternatif fait 200 caractères au plus.' });

export const logoFieldsSchema = z.object({ [LOGO_ALT_FIELD]: logoAltSchema });

export const uploadLogo = defineEndpoint({
  method: 'PUT',
  path: '/admin/logo/:type',
  summary:
    'Upload a logo of this type, replacing the one before (multipart: image + alt; checked by content, resized and stored as WebP, PNG for the favicon; ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ type: logoTypeSchema }),
  body: logoFieldsSchema,
  response: logoSchema,
});

export const saveLogoAlt = defineEndpoint({
  method: 'PUT',
  path: '/admin/logo/:type/alt',
  summary: "Change a logo's alternative text (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: z.object({ type: logoTypeSchema }),
  body: logoFieldsSchema,
  response: logoSchema,
});

export const deleteLogo = defineEndpoint({
  method: 'DELETE',
  path: '/admin/logo/:type',
  summary: 'Remove the logo of this type (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ type: logoTypeSchema }),
  response: z.object({ type: logoTypeSchema }),
});

export const LOGO_FILE_KEY_PATTERN = /^[0-9a-f]{32}\.(webp|png)$/;

/**
 * An uploaded logo's image, public like the pages that show it: answered as bytes, not in an
 * envelope, without the siteId header (an <img> sends none), so the site is in the path.
 */
export const logoFileRoute = {
  method: 'GET',
  path: '/logo/:siteId/:key',
  summary: "An uploaded logo's image (public; cached for a year, its key changes with each upload)",
  tags: ['site'],
  params: z.object({
    siteId: rowIdSchema,
    key: z.string().regex(LOGO_FILE_KEY_PATTERN, { error: 'Expected a logo file key.' }),
  }),
} as const;

/** The address of an uploaded logo, on the storefront's origin (its /api forwards to the API). */
export function logoFileUrl(siteId: number, key: string): string {
  return `/api/logo/${siteId}/${key}`;
}

// ---------------------------------------------------------------------------------------------
// Fonts

export const fontInputSchema = z.object({
  type: z.enum(FONT_TYPES),
  family: z.string().refine(isFontFamilyChoice, { error: 'Choisissez une police de la liste.' }),
  color: z
    .string()
    .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, {
      error: PARAMETER_VALUE_MESSAGES.COLOUR,
    })
    .nullable(),
  size: z
    .number({ error: 'Saisissez une taille en pixels.' })
    .int({ error: 'Saisissez une taille en pixels entiers.' })
    .min(FONT_SIZE_MIN, { error: `La taille est de ${FONT_SIZE_MIN} px au moins.` })
    .max(FONT_SIZE_MAX, { error: `La taille est de ${FONT_SIZE_MAX} px au plus.` })
    .nullable(),
  weight: z
    .number()
    .refine((weight) => (FONT_WEIGHTS as readonly number[]).includes(weight), {
      error: 'Choisissez une graisse de la liste.',
    })
    .nullable(),
  style: z.enum(FONT_STYLES, { error: 'Choisissez normal ou italique.' }).nullable(),
});
export type FontInput = z.infer<typeof fontInputSchema>;

export const saveFontsBodySchema = z.object({
  fonts: z
    .array(fontInputSchema)
    .length(FONT_TYPES.length, { error: 'Envoyez les trois polices : titres, texte et menu.' })
    .refine((fonts) => new Set(fonts.map((font) => font.type)).size === FONT_TYPES.length, {
      error: 'Envoyez chaque police une seule fois : titres, texte et menu.',
    }),
});

export const saveFonts = defineEndpoint({
  method: 'PUT',
  path: '/admin/font',
  summary: "Set the site's three fonts, titles, text and menu (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  body: saveFontsBodySchema,
  response: z.array(fontSchema),
});

// ---------------------------------------------------------------------------------------------
// Element lists

export const adminElementListSchema = z.object({
  route: z.string(),
  name: z.string(),
  /** Every element, by position. */
  items: z.array(elementSchema),
});
export type AdminElementList = z.infer<typeof adminElementListSchema>;

export const getAdminElementLists = defineEndpoint({
  method: 'GET',
  path: '/admin/element',
  summary: "The site's element lists with all their items, by position (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  response: z.array(adminElementListSchema),
});

export const updateElement = defineEndpoint({
  method: 'PUT',
  path: '/admin/element/:route/:id',
  summary: "Change an element of one of the site's element lists (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: z.object({ route: elementRouteSchema, id: rowIdSchema }),
  body: elementInputSchema,
  response: elementSchema,
});

export const ELEMENT_ORDER_MESSAGE =
  'Envoyez chaque élément de la liste une seule fois, dans le nouvel ordre.';

export const reorderElements = defineEndpoint({
  method: 'PUT',
  path: '/admin/element/:route/order',
  summary:
    "Put a list's elements in a new order: every id of the list, once each (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: z.object({ route: elementRouteSchema }),
  body: z.object({
    ids: z
      .array(z.number().int().positive())
      .min(1, { error: ELEMENT_ORDER_MESSAGE })
      .max(ELEMENT_LIST_MAX_ITEMS)
      .refine((ids) => new Set(ids).size === ids.length, { error: ELEMENT_ORDER_MESSAGE }),
  }),
  response: adminElementListSchema,
});
