import { z } from 'zod';
import { rowIdSchema } from './ids';
import { defineEndpoint } from './endpoint';

/** A popup a page can open when it is shown (docs/requirements/banner-and-popups.md). */
export const popupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Rich text, as the site wrote it: the storefront sanitizes it before showing it. */
  html: z.string(),
  /** Opens on every page load, even after the visitor closed it. */
  showOnEveryReload: z.boolean(),
  /** Otherwise, how many days a closed popup stays closed in the visitor's browser. */
  rememberClosedDays: z.number().int().min(0),
});
export type Popup = z.infer<typeof popupSchema>;

export const getPopup = defineEndpoint({
  method: 'GET',
  path: '/popup/:id',
  summary: "One of the site's popups",
  tags: ['popup'],
  params: z.object({ id: rowIdSchema }),
  response: popupSchema,
});
