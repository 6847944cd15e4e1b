import { z } from 'zod';
import { isSlugPath } from '@comptoir/domain/slug';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';
import { PAGE_LINK_TYPES, pageTreeFieldsSchema } from './page';
import { pageBlockSchema } from './page-blocks';

/*
 * The page tree as the back office edits it (docs/requirements/pages-and-menu.md): every field of a page, its place in the
 * tree (parent and order, changed together by one move), duplication with its blocks, and
 * deletion with a permanent redirect of its URL to another page. Each write is validated with the
 * schemas below, which the back office's forms use too.
 */

export const PAGE_URL_MESSAGE =
  "L'adresse commence par / et ne contient que des lettres minuscules sans accent, des chiffres et des tirets, par exemple /conseil-en-image/notre-approche.";
export const PAGE_URL_TAKEN_MESSAGE = 'Cette adresse est déjà celle d’une autre page du site.';
export const PAGE_URL_RESERVED_MESSAGE =
  'Cette adresse est réservée par le site (administration, API) : choisissez-en une autre.';
export const PAGE_TITLE_MESSAGE = 'Le titre est obligatoire (200 caractères au plus).';
export const PAGE_PARENT_NOT_FOUND_MESSAGE = 'Cette page parente est introuvable.';
export const PAGE_CYCLE_MESSAGE =
  "Une page ne peut pas être placée sous elle-même ni sous l'une de ses sous-pages.";
export const PAGE_HAS_CHILDREN_MESSAGE =
  "Cette page a des sous-pages : déplacez-les ou supprimez-les d'abord.";
export const PAGE_HOME_DELETE_MESSAGE = "La page d'accueil ne peut pas être supprimée.";
export const PAGE_REDIRECT_TARGET_MESSAGE =
  'Choisissez une autre page du site vers laquelle rediriger cette adresse.';
export const PAGE_LINK_URL_MESSAGES = {
  INTERNAL: 'Saisissez une adresse du site commençant par /.',
  EXTERNAL: 'Saisissez une adresse http:// ou https://.',
  JAVASCRIPT: 'Saisissez le code JavaScript du lien.',
} as const;

/** Paths the storefront keeps for itself: a page there would never be shown. */
export const RESERVED_PAGE_URL_PREFIXES = [
  '/admin',
  '/api',
  '/_comptoir',
  '/_next',
  // The block editor's preview page (apps/web/app/[site]/apercu-brouillon).
  '/apercu-brouillon',
] as const;

export function isReservedPageUrl(url: string): boolean {
  return RESERVED_PAGE_URL_PREFIXES.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`),
  );
}

/**
 * A page as the back office lists it: the tree's fields, flat (the parent is idParent), with its
 * template: `cms.route` names a built-in template of the storefront (HOME, CONTACT, BLOG…), null
 * for a page made of blocks; `cms.isCmsPage` says whether the page shows its blocks.
 */
export const adminPageSchema = pageTreeFieldsSchema.extend({
  idPopup: z.number().int().nullable(),
  blockCount: z.number().int(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;

export const adminPageDetailSchema = adminPageSchema.extend({
  blocks: z.array(pageBlockSchema),
});
export type AdminPageDetail = z.infer<typeof adminPageDetailSchema>;

/** An address that answers a permanent redirect to a page (left by a deleted page). */
export const pageRedirectSchema = z.object({
  fromUrl: z.string(),
  idPage: z.number().int(),
  toUrl: z.string(),
});
export type PageRedirect = z.infer<typeof pageRedirectSchema>;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .nullable()
    .transform((value) => (value ? value : null));

export const pageUrlSchema = z
  .string({ error: PAGE_URL_MESSAGE })
  .trim()
  .max(500, { error: PAGE_URL_MESSAGE })
  .refine(isSlugPath, { error: PAGE_URL_MESSAGE })
  .refine((url) => !isReservedPageUrl(url), { error: PAGE_URL_RESERVED_MESSAGE });

export const pageLinkInputSchema = z
  .object({
    type: z.enum(PAGE_LINK_TYPES),
    url: z.string().trim().max(2000).nullable(),
    jsCode: z.string().trim().max(10_000).nullable(),
  })
  .superRefine((link, context) => {
    if (link.type === 'JAVASCRIPT') {
      if (!link.jsCode) {
        context.addIssue({
          code: 'custom',
          path: ['jsCode'],
          message: PAGE_LINK_URL_MESSAGES.JAVASCRIPT,
        });
      }
      return;
    }
    const pattern = link.type === 'INTERNAL' ? /^\/(?!\/)/ : /^https?:\/\/\S+$/i;
    if (!link.url || !pattern.test(link.url)) {
      context.addIssue({
        code: 'custom',
        path: ['url'],
        message: PAGE_LINK_URL_MESSAGES[link.type],
      });
    }
  });

/** Every field of a page the owner writes (its place in the tree is written by a move). */
export const pageFieldsSchema = z.object({
  url: pageUrlSchema,
  title: z
    .string({ error: PAGE_TITLE_MESSAGE })
    .trim()
    .min(1, { error: PAGE_TITLE_MESSAGE })
    .max(200, { error: PAGE_TITLE_MESSAGE }),
  menuTitle: optionalText(100, 'Le titre du menu fait 100 caractères au plus.'),
  metaDescription: optionalText(
    300,
    'La description pour les moteurs de recherche fait 300 caractères au plus.',
  ),
  showInMenu: z.boolean(),
  isFixedOnRight: z.boolean(),
  /** Null: the menu entry opens the page itself. */
  link: pageLinkInputSchema.nullable(),
  isCustomHeader: z.boolean(),
  isCustomFooter: z.boolean(),
});
export type PageFields = z.infer<typeof pageFieldsSchema>;
export type PageFieldsInput = z.input<typeof pageFieldsSchema>;

export const pageCreateSchema = pageFieldsSchema.extend({
  /** Null: a top-level page. The new page goes after its last sibling. */
  idParent: z.number().int().positive().nullable(),
});
export type PageCreate = z.infer<typeof pageCreateSchema>;

export const pageMoveSchema = z.object({
  idParent: z.number().int().positive().nullable(),
  /** Its position among its new siblings, 0 first; beyond the last it goes last. */
  position: z.number().int().min(0).max(10_000),
});
export type PageMove = z.infer<typeof pageMoveSchema>;

const idParams = z.object({ id: rowIdSchema });

export const listAdminPages = defineEndpoint({
  method: 'GET',
  path: '/admin/pages',
  summary:
    'Every page of the site, flat, siblings in menu order, and the addresses redirected to them (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  response: z.object({ pages: z.array(adminPageSchema), redirects: z.array(pageRedirectSchema) }),
});

export const getAdminPage = defineEndpoint({
  method: 'GET',
  path: '/admin/page/:id',
  summary: 'One page with its blocks as the block editor edits them (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  response: adminPageDetailSchema,
});

export const createPage = defineEndpoint({
  method: 'POST',
  path: '/admin/page',
  summary: 'Add a page made of blocks, last among its siblings (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: pageCreateSchema,
  response: adminPageSchema,
});

export const updatePage = defineEndpoint({
  method: 'PUT',
  path: '/admin/page/:id',
  summary: "Change a page's fields; its former URL then redirects to it (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: idParams,
  body: pageFieldsSchema,
  response: adminPageSchema,
});

export const movePage = defineEndpoint({
  method: 'PUT',
  path: '/admin/page/:id/position',
  summary:
    'Move a page under a parent (or to the top level) at a position among its siblings; refuses a cycle (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  body: pageMoveSchema,
  response: z.object({ pages: z.array(adminPageSchema) }),
});

export const duplicatePage = defineEndpoint({
  method: 'POST',
  path: '/admin/page/:id/duplicate',
  summary:
    'Copy a page with its blocks, right after it, at a free URL and out of the menu (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  response: adminPageSchema,
});

export const deletePage = defineEndpoint({
  method: 'DELETE',
  path: '/admin/page/:id',
  summary:
    'Delete a page without sub-pages; its URL then answers a permanent redirect to the chosen page (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  query: z.object({ idRedirectPage: rowIdSchema }),
  response: z.object({ id: z.number().int(), redirect: pageRedirectSchema }),
});

/** Public: where the storefront sends a visitor asking for a deleted page's URL. */
export const getPageRedirects = defineEndpoint({
  method: 'GET',
  path: '/page/redirects',
  summary: 'The addresses of deleted or moved pages and the page each one redirects to',
  tags: ['page'],
  response: z.array(pageRedirectSchema),
});
