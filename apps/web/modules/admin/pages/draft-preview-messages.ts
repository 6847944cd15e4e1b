/** The storefront path that draws the block editor's unsaved page (app/[site]/apercu-brouillon). */
export const DRAFT_PREVIEW_PATH = '/apercu-brouillon';

/** Sent by the preview frame once it listens. */
export const DRAFT_READY_MESSAGE = 'comptoir-draft-preview-ready';

/** Sent by the editor to the frame: the page's title, intro and unsaved blocks. */
export interface DraftMessage {
  type: 'comptoir-draft-preview';
  title: string;
  intro: string | null;
  blocks: unknown[];
}
