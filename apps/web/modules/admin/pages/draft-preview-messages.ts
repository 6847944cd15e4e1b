/** The storefront path that draws the block editor's unsaved page (app/[site]/apercu-brouillon). */
export const DRAFT_PREVIEW_PATH = '/apercu-brouillon';
/** Its query parameter: the draft, deflated and in base64url (draft-encoding.ts). */
export const DRAFT_QUERY_PARAMETER = 'brouillon';
/**
 * Longest encoded draft the frame's address may carry: the storefront's server reads request
 * lines and headers up to Node's 16 KiB, cookies included.
 */
export const DRAFT_MAX_ENCODED_LENGTH = 10_000;
