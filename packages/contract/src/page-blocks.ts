import { z } from 'zod';

/*
 * The content of a CMS page: an ordered list of typed blocks (issue 3, "the page builder").
 * Each block type has its schema here and one React component in apps/web. A block that does not
 * match its schema (an unknown type, a missing field, an old shape) is skipped and logged: a page
 * never breaks because one block is wrong.
 */

const title = z.string().trim().min(1).max(200);
const id = z.number().int().positive().max(2147483647);
/** A link the site wrote: a path on the site, or an http(s)/mailto/tel URL — never javascript:. */
const href = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(\/(?!\/)|https?:\/\/|mailto:|tel:)/i, {
    error: 'Expected a path starting with / or an http(s), mailto: or tel: link.',
  });

/** Rich text as the site wrote it; the storefront sanitizes it before rendering. */
export const richTextBlockSchema = z.object({
  type: z.literal('richText'),
  title: title.optional(),
  html: z.string().max(200_000),
});

export const imageBlockSchema = z.object({
  type: z.literal('image'),
  url: href,
  /** Text alternative; empty for a decorative image. */
  alt: z.string().max(300),
  caption: z.string().max(500).optional(),
  linkUrl: href.optional(),
});

/** The images and videos of one album, opening in the full-screen slider. */
export const galleryBlockSchema = z.object({
  type: z.literal('gallery'),
  title: title.optional(),
  albumId: id,
});

/** Items of an element list (GET /element/{route}), such as events visitors register to. */
export const elementListBlockSchema = z.object({
  type: z.literal('elementList'),
  title: title.optional(),
  route: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  nbItem: z.number().int().min(1).max(100).default(24),
});

export const formBlockSchema = z.object({
  type: z.literal('form'),
  title: title.optional(),
  formId: id,
});

/** The latest news, 10 per page (docs/requirements/news.md). */
export const newsFeedBlockSchema = z.object({
  type: z.literal('newsFeed'),
  title: title.optional(),
  nbItem: z.number().int().min(1).max(10).default(10),
});

/** The latest blog articles, of one folder or of the whole blog, 12 per page (docs/requirements/blog.md). */
export const blogFeedBlockSchema = z.object({
  type: z.literal('blogFeed'),
  title: title.optional(),
  folderId: id.nullable().default(null),
  nbItem: z.number().int().min(1).max(12).default(12),
});

/** Services (GET /service?tag=…), all of them when no tag is given. */
export const servicesBlockSchema = z.object({
  type: z.literal('services'),
  title: title.optional(),
  tags: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
});

/** Reviews from the search provider (GET /google/reviews), with their rating and author. */
export const reviewsBlockSchema = z.object({
  type: z.literal('reviews'),
  title: title.optional(),
  nbItem: z.number().int().min(1).max(20).default(6),
});

/** The company's address, phone, e-mail, opening hours (MONDAY_HOURS…) and a map link. */
export const contactBlockSchema = z.object({
  type: z.literal('contact'),
  title: title.optional(),
  showHours: z.boolean().default(true),
  showMapLink: z.boolean().default(true),
});

export const callToActionBlockSchema = z.object({
  type: z.literal('callToAction'),
  title,
  text: z.string().max(1000).optional(),
  label: z.string().trim().min(1).max(80),
  href,
});

/**
 * HTML to embed (a video player, a booking widget). Sanitized like rich text, with iframes allowed
 * from a list of known hosts; `title` names the frame for screen readers.
 */
export const htmlEmbedBlockSchema = z.object({
  type: z.literal('htmlEmbed'),
  title,
  html: z.string().max(50_000),
});

/** The newsletter sign-up (POST /newsletter/subscribe), shown when ENABLE_NEWSLETTER. */
export const newsletterBlockSchema = z.object({
  type: z.literal('newsletter'),
  title: title.optional(),
  text: z.string().max(1000).optional(),
});

export const pageBlockSchema = z.discriminatedUnion('type', [
  richTextBlockSchema,
  imageBlockSchema,
  galleryBlockSchema,
  elementListBlockSchema,
  formBlockSchema,
  newsFeedBlockSchema,
  blogFeedBlockSchema,
  servicesBlockSchema,
  reviewsBlockSchema,
  contactBlockSchema,
  callToActionBlockSchema,
  htmlEmbedBlockSchema,
  newsletterBlockSchema,
]);
export type PageBlock = z.infer<typeof pageBlockSchema>;
export type PageBlockType = PageBlock['type'];
/** The block of one type: `BlockOf<'gallery'>`. */
export type BlockOf<T extends PageBlockType> = Extract<PageBlock, { type: T }>;

export interface SkippedBlock {
  index: number;
  /** The type the block claimed, when it had one. */
  type: string | null;
  reason: string;
}

/** Splits stored blocks into the valid ones (defaults applied) and the ones to skip and log. */
export function parsePageBlocks(stored: readonly unknown[]): {
  blocks: PageBlock[];
  skipped: SkippedBlock[];
} {
  const blocks: PageBlock[] = [];
  const skipped: SkippedBlock[] = [];
  stored.forEach((candidate, index) => {
    const parsed = pageBlockSchema.safeParse(candidate);
    if (parsed.success) {
      blocks.push(parsed.data);
      return;
    }
    const claimed =
      typeof candidate === 'object' && candidate !== null && 'type' in candidate
        ? String((candidate as { type: unknown }).type)
        : null;
    skipped.push({ index, type: claimed, reason: z.prettifyError(parsed.error) });
  });
  return { blocks, skipped };
}
