import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';
import { popupSchema } from './popup';

/*
 * The back office's popups: their content, their display rules (every page load, or kept
 * closed for some days once closed) and the pages that open them. A popup no page opens is off.
 */

export const POPUP_NOT_FOUND_MESSAGE = 'Cette fenêtre est introuvable.';
export const POPUP_PAGE_NOT_FOUND_MESSAGE = 'Une des pages choisies n’existe pas sur ce site.';

export const popupInputSchema = z.object({
  title: z
    .string({ error: 'Le titre est obligatoire.' })
    .trim()
    .min(1, { error: 'Le titre est obligatoire.' })
    .max(200, { error: 'Le titre fait 200 caractères au plus.' }),
  /** Rich text as the owner writes it: the storefront sanitizes it before showing it. */
  html: z
    .string({ error: 'Le contenu est obligatoire.' })
    .trim()
    .min(1, { error: 'Le contenu est obligatoire.' })
    .max(20_000, { error: 'Le contenu fait 20 000 caractères au plus.' }),
  showOnEveryReload: z.boolean(),
  rememberClosedDays: z.coerce
    .number({ error: 'Saisissez un nombre de jours (0 à 365).' })
    .int({ error: 'Saisissez un nombre de jours (0 à 365).' })
    .min(0, { error: 'Saisissez un nombre de jours (0 à 365).' })
    .max(365, { error: 'Saisissez un nombre de jours (0 à 365).' }),
  /** The pages that open the popup; none: the popup is off. */
  pageIds: z
    .array(z.number().int().positive())
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Chaque page une fois.' }),
});
export type PopupInput = z.infer<typeof popupInputSchema>;
export type PopupFormValues = z.input<typeof popupInputSchema>;

export const adminPopupSchema = popupSchema.extend({ pageIds: z.array(z.number().int()) });
export type AdminPopup = z.infer<typeof adminPopupSchema>;

export const popupPageChoiceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
});

const popupParams = z.object({ id: rowIdSchema });

export const listAdminPopups = defineEndpoint({
  method: 'GET',
  path: '/admin/popup',
  summary:
    "The site's popups with the pages that open them, and the pages to choose from (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  response: z.object({
    popups: z.array(adminPopupSchema),
    pages: z.array(popupPageChoiceSchema),
  }),
});

export const createAdminPopup = defineEndpoint({
  method: 'POST',
  path: '/admin/popup',
  summary: 'Create a popup and choose the pages that open it (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: popupInputSchema,
  response: adminPopupSchema,
});

export const updateAdminPopup = defineEndpoint({
  method: 'PUT',
  path: '/admin/popup/:id',
  summary: 'Change a popup, its display rules and the pages that open it (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: popupParams,
  body: popupInputSchema,
  response: adminPopupSchema,
});

export const deleteAdminPopup = defineEndpoint({
  method: 'DELETE',
  path: '/admin/popup/:id',
  summary: 'Delete a popup; the pages that opened it open nothing (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: popupParams,
  response: z.object({ id: z.number().int() }),
});
