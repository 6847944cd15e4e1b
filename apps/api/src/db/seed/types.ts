import type { externalApp, logos } from '../schema';
import type { PageTemplate, SiteFrame } from '../../modules/platform';

/** The sample sites' pages are their templates' (modules/platform/templates). */
export type PageSeed = PageTemplate;

export interface ElementSeed {
  title: string;
  html?: string;
  backgroundColor?: string;
  imageUrl?: string;
  linkUrl?: string;
  /** Seats offered to visitors who register (an event); no registration when absent. */
  registrationCapacity?: number;
}

/** An element list with its elements, positioned in the given order. */
export interface ElementListSeed {
  route: string;
  name: string;
  elements: ElementSeed[];
}

export interface PopupSeed {
  title: string;
  html: string;
  showOnEveryReload?: boolean;
  rememberClosedDays?: number;
  /** The pages (by URL) that open this popup. */
  pageUrls: string[];
}

export interface ExternalAppSeed {
  app: (typeof externalApp.enumValues)[number];
  publicConfig: Record<string, unknown>;
}

/** A sample site: the frame its template gives (with its own identity), and its content. */
export interface SiteSeed extends SiteFrame {
  logos: Omit<typeof logos.$inferInsert, 'id' | 'siteId'>[];
  elementLists?: ElementListSeed[];
  popups?: PopupSeed[];
  externalApps?: ExternalAppSeed[];
}
