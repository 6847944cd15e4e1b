import type { News } from '@comptoir/contract/news';
import { sanitizeArticleHtml } from '@comptoir/domain/rich-text';
import { Icon } from '../../ui/icon';
import { SiteLink } from '../../ui/site-link';
import { isDisplayableImage } from '../blog/images';
import { formatPublicationDate } from '../blog/publication-date';
import { newsLinkOf } from './news-link';
import styles from './news.module.css';

interface NewsItemProps {
  item: News;
  /** The level of the item's title in the page around it. */
  headingLevel: 2 | 3;
  variant?: 'card' | 'featured';
}

/**
 * One news item, complete where it is listed: news have no page of their own, so the summary
 * shows and the content unfolds in place ("Lire la suite"); the optional link leads further.
 */
export function NewsItem({ item, headingLevel, variant = 'card' }: NewsItemProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const content = sanitizeArticleHtml(item.content);
  const link = newsLinkOf(item.linkUrl);
  return (
    <article className={styles.item} data-variant={variant}>
      {isDisplayableImage(item.imageUrl) && (
        // eslint-disable-next-line @next/next/no-img-element -- owner-chosen URL on any host (docs/decisions/0023)
        <img
          className={styles.image}
          src={item.imageUrl}
          alt=""
          width={1200}
          height={675}
          loading="lazy"
        />
      )}
      <div className={styles.body}>
        {variant === 'featured' && <p className={styles.label}>À la une</p>}
        <Heading className={styles.title}>{item.title}</Heading>
        <p className={styles.date}>
          <time dateTime={item.publishedAt}>{formatPublicationDate(item.publishedAt)}</time>
        </p>
        {item.summary && <p className={styles.summary}>{item.summary}</p>}
        {content && (
          <details className={styles.more}>
            <summary>
              Lire la suite
              <span className="visually-hidden"> : {item.title}</span>
            </summary>
            <div className={styles.content} dangerouslySetInnerHTML={{ __html: content }} />
          </details>
        )}
        {link && (
          <p className={styles.linkLine}>
            <SiteLink href={link.href} external={link.external} className={styles.link}>
              En savoir plus
              <span className="visually-hidden"> : {item.title}</span>
              <Icon name="arrow-right" size={18} />
            </SiteLink>
          </p>
        )}
      </div>
    </article>
  );
}
