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
