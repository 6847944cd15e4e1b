import type { BlockOf } from '@comptoir/contract/page-blocks';
import { getNewsPage } from '../../lib/data/news.server';
import { NewsItem } from './news-item';
import styles from './news.module.css';

interface NewsFeedBlockProps {
  block: BlockOf<'newsFeed'>;
  siteId: number;
}

/** The site's latest news, newest first; nothing when the site has published none. */
export async function NewsFeedBlock({ block, siteId }: NewsFeedBlockProps) {
  const { list } = await getNewsPage(siteId, { nbItem: block.nbItem });
  if (list.length === 0) return null;
  const title = block.title ?? 'Actualités';
  return (
    <section aria-label={title}>
      <h2 className={styles.heading}>{title}</h2>
      <ul role="list" className={styles.list}>
        {list.map((item) => (
          <li key={item.id}>
            <NewsItem item={item} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
