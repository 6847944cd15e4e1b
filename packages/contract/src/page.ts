import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { pageBlockSchema } from './page-blocks';

export const PAGE_LINK_TYPES = ['INTERNAL', 'EXTERNAL', 'JAVASCRIPT'] as const;

export const pageLinkSchema = z.object({
  type: z.enum(PAGE_LINK_TYPES),
  url: z.string().nullable(),
  jsCode: z.string().nullable(),
});

/** A page's own fields in the site tree (docs/requirements/pages-and-menu.md), without its children. */
export const pageTreeFieldsSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  menuTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  order: z.number().int(),
  idParent: z.number().int().nullable(),
  showInMenu: z.boolean(),
  isFixedOnRight: z.boolean(),
  link: pageLinkSchema.nullable(),
  cms: z.object({ isCmsPage: z.boolean(), route: z.string().nullable() }),
  isEcommercePage: z.boolean(),
  isCustomHeader: z.boolean(),
  isCustomFooter: z.boolean(),
  /** The popup the page opens when shown (docs/requirements/banner-and-popups.md); absent or null when it opens none. */
  idPopup: z.number().int().nullable().optional(),
});

/** A page of the site tree (docs/requirements/pages-and-menu.md), with its children nested. */
export const pageSchema = pageTreeFieldsSchema.extend({
  get children() {
    return z.array(pageSchema);
  },
});
export type Page = z.infer<typeof pageSchema>;

/**
 * One page as its route renders it: the tree's fields and children, plus its content blocks in
 * order. The tree itself carries no blocks, so the menu stays small. Blocks that no longer match
 * their schema are left out by the API (and logged there).
 */
export const pageDetailSchema = pageSchema.extend({
  blocks: z.array(pageBlockSchema),
});
export type PageDetail = z.infer<typeof pageDetailSchema>;

const pageIdParams = z.object({ id: z.coerce.number().int().positive() });

export const getPageTree = defineEndpoint({
  method: 'GET',
  path: '/page/tree',
  summary: "The site's page tree, roots first, siblings by order (feeds the menu)",
  tags: ['page'],
  response: z.array(pageSchema),
});

export const getPage = defineEndpoint({
  method: 'GET',
  path: '/page/:id',
  summary: 'One page with its children and its content blocks (invalid blocks left out)',
  tags: ['page'],
  params: pageIdParams,
  response: pageDetailSchema,
});
