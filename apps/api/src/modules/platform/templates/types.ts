import type { ParameterValue } from '@comptoir/domain/site-parameters';
import type { sites } from '../../../db/schema';

export interface PageTemplate {
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
  children?: PageTemplate[];
}

export interface VariationTemplate {
  name: string;
  values: string[];
}

/** An element list a new site starts with, empty: the owner fills it in the back office. */
export interface ElementListTemplate {
  /** The slug the storefront asks for, such as 'bandeau-promotionnel'. */
  route: string;
  name: string;
}

type SiteRow = typeof sites.$inferInsert;

/**
 * A kind of site a new owner starts from (decision 0063): its look and the way it works, never a
 * business's identity. The sample sites of the seed are written from these templates too.
 */
export interface SiteTemplateDefinition {
  /** The site row's kind: fonts, e-commerce, winemaker, dashboard, language. */
  kind: Required<
    Pick<
      SiteRow,
      'fonts' | 'isWinemaker' | 'isECommerce' | 'isBuilding' | 'dashboardType' | 'defaultLang'
    >
  >;
  /** Parameter values that differ from the catalogue defaults. */
  parameters: Readonly<Record<string, ParameterValue>>;
  /** The page tree of the menu, without content. */
  pages: PageTemplate[];
  /** The catalogue's structure: variations and their values. */
  variations: VariationTemplate[];
  /**
   * The element lists every page reads (docs/requirements/elements.md), created empty: without
   * them the storefront's banner and footer lists answer 404 and the owner cannot add a message.
   */
  elementLists: ElementListTemplate[];
}

/** What creating a site writes: its row, its parameters, its page tree and its variations. */
export interface SiteFrame {
  site: SiteRow;
  /** Values that differ from the catalogue defaults. */
  parameters: Readonly<Record<string, ParameterValue>>;
  pages: PageTemplate[];
  variations: VariationTemplate[];
}
