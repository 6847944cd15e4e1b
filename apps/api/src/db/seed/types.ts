import type { ParameterValue } from '@comptoir/domain/site-parameters';
import type { externalApp, logos, sites } from '../schema';

export interface PageSeed {
  url: string;
  title: string;
  menuTitle?: string;
  metaDescription: string;
  order: number;
  showInMenu?: boolean;
  isFixedOnRight?: boolean;
  /**
   * isCmsPage: the content is composed in the page builder. route: the storefront template that
   * renders the page (HOME, CONTACT, BLOG…), null for a plain content page.
   */
  cms: { isCmsPage: boolean; route: string | null };
  isEcommercePage?: boolean;
  children?: PageSeed[];
}

export interface VariationSeed {
  name: string;
  values: string[];
}

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

export interface SiteSeed {
  site: typeof sites.$inferInsert;
  logos: Omit<typeof logos.$inferInsert, 'id' | 'siteId'>[];
  /** Values that differ from the catalogue defaults. */
  parameters: Readonly<Record<string, ParameterValue>>;
  pages: PageSeed[];
  variations: VariationSeed[];
  elementLists?: ElementListSeed[];
  popups?: PopupSeed[];
  externalApps?: ExternalAppSeed[];
}
