import { Icon } from '../../ui/icon';
import { SiteLink } from '../../ui/site-link';
import styles from './page-cards.module.css';

export interface PageCard {
  id: number;
  title: string;
  description: string | null;
  href: string;
  external: boolean;
}

interface PageCardsProps {
  heading: string;
  cards: PageCard[];
}

/** A grid of links to other pages, each with its description. The whole card is clickable. */
export function PageCards({ heading, cards }: PageCardsProps) {
  if (cards.length === 0) return null;
  return (
    <section className={`container ${styles.section}`}>
      <h2 className={styles.heading}>{heading}</h2>
      <ul role="list" className={styles.grid}>
        {cards.map((card) => (
          <li key={card.id} className={styles.card} data-reveal="">
            <h3 className={styles.title}>
              <SiteLink href={card.href} external={card.external} className={styles.link}>
                {card.title}
              </SiteLink>
            </h3>
            {card.description && <p className={styles.description}>{card.description}</p>}
            <span className={styles.more} aria-hidden="true">
              Découvrir
              <Icon name="arrow-right" size={18} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
