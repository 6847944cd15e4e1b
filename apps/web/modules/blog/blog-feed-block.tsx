import { IntentLink } from '../../ui/intent-link';
import type { BlockOf } from '@comptoir/contract/page-blocks';
import { getBlogFolders, getBlogList } from '../../lib/data/blog.server';
import { Icon } from '../../ui/icon';
import { ArticleCards } from './article-cards';
import { blogFolderPath } from './blog-paths';
import styles from './blog.module.css';

interface BlogFeedBlockProps {
  block: BlockOf<'blogFeed'>;
  siteId: number;
}

/**
 * The latest articles of one folder (its sub-folders' included) or of the whole blog, with a
 * link to all of them. Nothing when the blog is off (the API answers 404), when the folder no
 * longer exists, or when there is no article yet.
 */
export async function BlogFeedBlock({ block, siteId }: BlogFeedBlockProps) {
  const [folders, list] = await Promise.all([
    getBlogFolders(siteId),
    getBlogList(siteId, {
      folderId: block.folderId,
      nbItem: block.nbItem,
      includeSubFolders: true,
    }),
  ]);
  if (!folders || !list || list.blogs.length === 0) return null;
  const folder = folders.find((candidate) => candidate.id === block.folderId);
  const title = block.title ?? folder?.title ?? 'Derniers articles du blog';

  return (
    <section aria-label={title}>
      <h2 className={styles.feedHeading}>{title}</h2>
      <ArticleCards articles={list.blogs} folders={folders} />
      <p className={styles.feedFooter}>
        <IntentLink
          href={blogFolderPath(folders, block.folderId)}
          className="button button-secondary"
        >
          Voir tous les articles
          <Icon name="arrow-right" size={18} />
        </IntentLink>
      </p>
    </section>
  );
}
