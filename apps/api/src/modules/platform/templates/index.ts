import type { SiteTemplate } from '@comptoir/contract/admin-platform';
import { brochureTemplate } from './brochure';
import type { SiteTemplateDefinition } from './types';
import { wineShopTemplate } from './wine-shop';

export type {
  ElementListTemplate,
  PageTemplate,
  SiteFrame,
  SiteTemplateDefinition,
  VariationTemplate,
} from './types';
export { insertElementLists, insertPages, insertVariations, parameterRows } from './site-frame';

/**
 * The templates a SUPER_ADMIN creates a site from (decision 0063). They are data of their own:
 * the seed's sample sites 91 and 92 are written from them, never the other way round.
 */
export const SITE_TEMPLATE_DEFINITIONS: Readonly<Record<SiteTemplate, SiteTemplateDefinition>> = {
  BROCHURE: brochureTemplate,
  WINE_SHOP: wineShopTemplate,
};
