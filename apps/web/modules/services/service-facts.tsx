import type { ServiceSummary } from '@comptoir/contract/service';
import { Icon } from '../../ui/icon';
import { formatServiceDuration, formatServicePrice, isoDuration } from './service-format';
import styles from './services.module.css';

interface ServiceFactsProps {
  service: Pick<ServiceSummary, 'priceCents' | 'durationMinutes'>;
  showPrice: boolean;
  /** inline: one line under a card; panel: a labelled list beside the service's description. */
  variant: 'inline' | 'panel';
}

/** The price ("120,00 €" or "Sur devis") and the duration of a service, each with its label. */
export function ServiceFacts({ service, showPrice, variant }: ServiceFactsProps) {
  const facts = [
    showPrice && { label: 'Tarif', icon: null, value: formatServicePrice(service.priceCents) },
    service.durationMinutes !== null && {
      label: 'Durée',
      icon: 'clock' as const,
      value: (
        <time dateTime={isoDuration(service.durationMinutes)}>
          {formatServiceDuration(service.durationMinutes)}
        </time>
      ),
    },
  ].filter((fact) => fact !== false);
  if (facts.length === 0) return null;
  return (
    <dl className={variant === 'inline' ? styles.factsInline : styles.factsPanel}>
      {facts.map((fact) => (
        <div key={fact.label} className={styles.fact}>
          <dt className={variant === 'inline' ? 'visually-hidden' : styles.factLabel}>
            {fact.label}
          </dt>
          <dd className={styles.factValue}>
            {fact.icon && <Icon name={fact.icon} size={18} />}
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
