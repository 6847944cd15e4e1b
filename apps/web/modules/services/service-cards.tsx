import { IntentLink } from '../../ui/intent-link';
import type { ServiceSummary } from '@comptoir/contract/service';
import { Icon } from '../../ui/icon';
import { ServiceFacts } from './service-facts';
import { servicePath } from './service-format';
import type { ServicePageStyle } from './service-page-style';
import styles from './services.module.css';

interface ServiceCardsProps {
  services: readonly ServiceSummary[];
  showPrices: boolean;
  /** h2 when the cards are the page's sections, h3 under a block's own h2. */
  headingLevel: 'h2' | 'h3';
  /** SERVICE_PAGE_STYLE on the services page (decision 0100); blocks keep the cards. */
  layout?: ServicePageStyle;
}

/**
 * The services, each card a link to the service's page (the whole card is clickable): a grid of
 * cards, a list of rows or rows whose picture alternates sides.
 */
export function ServiceCards({
  services,
  showPrices,
  headingLevel: Heading,
  layout = 'cards',
}: ServiceCardsProps) {
  return (
    <ul role="list" className={styles.grid} data-layout={layout}>
      {services.map((service) => (
        <li key={service.id} className={styles.card}>
          {service.imageUrl && (
            // Illustrations: the title beside them says everything, so they are decorative.
            // eslint-disable-next-line @next/next/no-img-element -- owner-chosen URL on any host (docs/decisions/0023)
            <img
              src={service.imageUrl}
              alt=""
              width={800}
              height={500}
              loading="lazy"
              decoding="async"
              className={styles.cardImage}
            />
          )}
          <div className={styles.cardBody}>
            <Heading className={styles.cardTitle}>
              <IntentLink href={servicePath(service)} className={styles.cardLink}>
                {service.title}
              </IntentLink>
            </Heading>
            {service.summary && <p className={styles.cardSummary}>{service.summary}</p>}
            <ServiceFacts service={service} showPrice={showPrices} variant="inline" />
            <span className={styles.more} aria-hidden="true">
              Voir la prestation
              <Icon name="arrow-right" size={18} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
