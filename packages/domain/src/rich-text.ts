import sanitizeHtml, { type IOptions } from 'sanitize-html';

/**
 * Rich text written in the back office (banner messages, popups, legal texts) is shown as HTML,
 * so it goes through an allow-list first: a stored `<script>`, an event handler or a
 * `javascript:` link never reaches a visitor's browser, whoever saved it.
 */
const INLINE_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'br',
  'span',
  'small',
  'mark',
  'sup',
  'sub',
  'abbr',
];
const BLOCK_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'address',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** A link opening a new tab must not hand the opened page a handle on this one. */
const safeLink: sanitizeHtml.Transformer = (tagName, attribs) => {
  const attributes: Record<string, string> = { ...attribs };
  if (attributes.target !== undefined && attributes.target !== '_blank') delete attributes.target;
  if (attributes.target === '_blank') attributes.rel = 'noopener noreferrer';
  else delete attributes.rel;
  return { tagName, attribs: attributes };
};

const shared: IOptions = {
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    abbr: ['title'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: safeLink },
};

const inlineOptions: IOptions = { ...shared, allowedTags: INLINE_TAGS };

const richOptions: IOptions = {
  ...shared,
  allowedTags: [...INLINE_TAGS, ...BLOCK_TAGS],
  // The page around the text owns its only h1.
  transformTags: { ...shared.transformTags, h1: 'h2' },
};

/** A one-line message (the promotional banner): simple inline formatting and links only. */
export function sanitizeInlineHtml(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, inlineOptions).trim() : '';
}

/** A document (legal texts, popups): paragraphs, headings, lists, tables and links. */
export function sanitizeRichHtml(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, richOptions).trim() : '';
}

/** An image of an article: the site's own uploads (a path of this origin) or an https address. */
export function isArticleImageSource(src: string | undefined): boolean {
  return typeof src === 'string' && /^(\/(?!\/)|https:\/\/)/i.test(src);
}

const articleOptions: IOptions = {
  ...richOptions,
  allowedTags: [...(richOptions.allowedTags as string[]), 'img'],
  allowedAttributes: { ...shared.allowedAttributes, img: ['src', 'alt', 'width', 'height'] },
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !isArticleImageSource(frame.attribs.src),
};

/**
 * A blog article or a news item: the rich-text policy plus images (the owner's uploads, served by
 * the API under /api, or https pictures). The API stores article bodies through this same policy
 * and the storefront renders them through it again.
 */
export function sanitizeArticleHtml(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, articleOptions).trim() : '';
}

/**
 * Hosts an HTML embed block may frame, each with the paths its players live under: a video
 * player, a map, a booking page. Anything else (another host, a plain page of these hosts,
 * http:, javascript:) is removed with its frame.
 */
const EMBED_SOURCES: readonly { host: string; path: string }[] = [
  { host: 'www.youtube-nocookie.com', path: '/embed' },
  { host: 'youtube-nocookie.com', path: '/embed' },
  { host: 'www.youtube.com', path: '/embed' },
  { host: 'player.vimeo.com', path: '/video' },
  { host: 'www.google.com', path: '/maps' },
  { host: 'calendly.com', path: '' },
];

/** The origins embed frames may come from (the page's Content-Security-Policy frame-src). */
export const EMBED_FRAME_ORIGINS: readonly string[] = [
  ...new Set(EMBED_SOURCES.map(({ host }) => `https://${host}`)),
];

/** Whether an iframe address is an https page of one of the allowed players. */
export function isAllowedEmbedSource(src: string | undefined): boolean {
  if (!src) return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return EMBED_SOURCES.some(
    ({ host, path }) =>
      host === url.hostname && (url.pathname === path || url.pathname.startsWith(`${path}/`)),
  );
}

/** The browser features a framed player may ask for; camera, microphone or payment never. */
const EMBED_ALLOW_FEATURES = new Set([
  'accelerometer',
  'autoplay',
  'clipboard-write',
  'encrypted-media',
  'fullscreen',
  'gyroscope',
  'picture-in-picture',
  'web-share',
]);

function embedFrame(title: string): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const allow = (attribs.allow ?? '')
      .split(';')
      .map((feature) => feature.trim().split(/\s+/)[0]!.toLowerCase())
      .filter((feature) => EMBED_ALLOW_FEATURES.has(feature));
    const attributes: Record<string, string> = {
      src: attribs.src ?? '',
      // The block's title names every frame for screen readers, whatever the pasted code said.
      title,
      loading: 'lazy',
      referrerpolicy: 'strict-origin-when-cross-origin',
      // The player runs its own scripts but may not navigate this page or open it a dialog.
      sandbox:
        'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation',
    };
    if (allow.length > 0) attributes.allow = [...new Set(allow)].join('; ');
    if ('allowfullscreen' in attribs) attributes.allowfullscreen = '';
    for (const size of ['width', 'height'] as const) {
      if (/^\d{1,4}$/.test(attribs[size] ?? '')) attributes[size] = attribs[size]!;
    }
    return { tagName, attribs: attributes };
  };
}

/**
 * An HTML embed block (a video, a map, a booking widget): the rich-text allow-list plus iframes
 * of the players in EMBED_SOURCES, sandboxed and named by `title`. A separate policy, so that
 * rich text itself never accepts a frame.
 */
export function sanitizeEmbedHtml(html: string | null | undefined, title: string): string {
  if (!html) return '';
  return sanitizeHtml(html, {
    ...richOptions,
    allowedTags: [...(richOptions.allowedTags as string[]), 'iframe'],
    allowedAttributes: {
      ...shared.allowedAttributes,
      iframe: [
        'src',
        'title',
        'width',
        'height',
        'allow',
        'allowfullscreen',
        'loading',
        'referrerpolicy',
        'sandbox',
      ],
    },
    allowedSchemesByTag: { iframe: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowedIframeHostnames: EMBED_SOURCES.map((source) => source.host),
    allowIframeRelativeUrls: false,
    transformTags: { ...richOptions.transformTags, iframe: embedFrame(title) },
    exclusiveFilter: (frame) => frame.tag === 'iframe' && !isAllowedEmbedSource(frame.attribs.src),
  }).trim();
}
