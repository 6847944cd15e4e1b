import type { BlockOf } from '@comptoir/contract/page-blocks';
import { getServicesPageConf, getSiteServices } from '../../lib/data/services.server';
import { BlockSection } from '../page-blocks/block-section';
import { ServiceCards } from './service-cards';

const DEFAULT_TITLE = 'Nos prestations';

/**
 * The services a page presents: those with any of the block's tags (all of them without tags),
 * each card linking to its page. Prices follow the `services-page` configuration. A block whose
 * tags match nothing shows nothing.
 */
export async function ServicesBlock({
  block,
  siteId,
}: {
  block: BlockOf<'services'>;
  siteId: number;
}) {
  const [services, conf] = await Promise.all([
    getSiteServices(siteId, block.tags),
    getServicesPageConf(siteId),
  ]);
  if (services.length === 0) return null;
  return (
    <BlockSection title={block.title ?? DEFAULT_TITLE}>
      <ServiceCards services={services} showPrices={conf.showPrices} headingLevel="h3" />
    </BlockSection>
  );
}
