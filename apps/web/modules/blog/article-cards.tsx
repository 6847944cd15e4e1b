import { IntentLink } from '../../ui/intent-link';
import type { BlogArticleSummary } from '@comptoir/contract/blog';
import { Icon } from '../../ui/icon';
import { blogArticlePath, type BlogFolderNode } from './blog-paths';
import styles from './blog.module.css';
import { isDisplayableImage } from './images';
import { formatPublicationDate } from './publication-date';

interface ArticleCardsProps {
  articles: readonly BlogArticleSummary[];
  /** The blog's folders, to write each article's URL. */
  folders: readonly BlogFolderNode[];
}

/** Article cards: picture, title (the whole card is the link), date and summary. */
export function ArticleCards({ articles, folders }: ArticleCardsProps) {
  return (
    <ul role="list" className={styles.grid}>
      {articles.map((article) => (
        <li key={article.id} className={styles.card}>
          {isDisplayableImage(article.imageUrl) ? (
            // eslint-disable-next-line @next/next/no-img-element -- owner-chosen URL on any host (docs/decisions/0023)
            <img
              className={styles.cardImage}
              src={article.imageUrl}
              alt=""
              width={1200}
              height={675}
              loading="lazy"
            />
          ) : (
            <span className={styles.cardImagePlaceholder} aria-hidden="true" />
          )}
          <div className={styles.cardBody}>
            <h3 className={styles.cardTitle}>
              <IntentLink href={blogArticlePath(folders, article)} className={styles.cardLink}>
                {article.title}
              </IntentLink>
            </h3>
            <p className={styles.cardMeta}>
              <time dateTime={article.publishedAt}>
                {formatPublicationDate(article.publishedAt)}
              </time>
              {article.author && <> · {article.author}</>}
            </p>
            {article.summary && <p className={styles.cardSummary}>{article.summary}</p>}
            <span className={styles.more} aria-hidden="true">
              Lire l’article
              <Icon name="arrow-right" size={18} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
