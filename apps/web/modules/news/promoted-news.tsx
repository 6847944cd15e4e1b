import { getPromotedNews } from '../../lib/data/news.server';
import { NewsItem } from './news-item';
import styles from './news.module.css';

/**
 * The news the site puts forward ("À la une"), loaded as the spec does at start
 * (GET /news?promoted=true); nothing when none is promoted or the site switched PROMOTED_NEWS off. It brings its own container, for a
 * place between the page's sections (the home page).
 */
export async function PromotedNews({ siteId, shown }: { siteId: number; shown: boolean }) {
  // PROMOTED_NEWS switched off: nothing put forward (decision 0100).
  if (!shown) return null;
  const promoted = await getPromotedNews(siteId);
  if (!promoted) return null;
  return (
    <section aria-label="À la une" className={`container ${styles.promoted}`}>
      <NewsItem item={promoted} headingLevel={2} variant="featured" />
    </section>
  );
}
