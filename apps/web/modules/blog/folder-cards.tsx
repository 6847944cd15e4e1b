import { IntentLink } from '../../ui/intent-link';
import type { BlogFolder } from '@comptoir/contract/blog';
import { Icon } from '../../ui/icon';
import { blogFolderPath, type BlogFolderNode } from './blog-paths';
import styles from './blog.module.css';
import { isDisplayableImage } from './images';

interface FolderCardsProps {
  folders: readonly BlogFolder[];
  /** The blog's whole folder tree, to write each folder's URL. */
  tree: readonly BlogFolderNode[];
}

function articleCount(count: number): string {
  if (count === 0) return 'Bientôt des articles';
  return count === 1 ? '1 article' : `${count} articles`;
}

/** Folder cards: picture, title (the whole card is the link), description, article count. */
export function FolderCards({ folders, tree }: FolderCardsProps) {
  return (
    <ul role="list" className={styles.grid}>
      {folders.map((folder) => (
        <li key={folder.id} className={`${styles.card} ${styles.folderCard}`}>
          {isDisplayableImage(folder.imageUrl) && (
            // eslint-disable-next-line @next/next/no-img-element -- owner-chosen URL on any host (docs/decisions/0023)
            <img
              className={styles.cardImage}
              src={folder.imageUrl}
              alt=""
              width={1200}
              height={675}
              loading="lazy"
            />
          )}
          <div className={styles.cardBody}>
            <h3 className={styles.cardTitle}>
              <IntentLink href={blogFolderPath(tree, folder.id)} className={styles.cardLink}>
                {folder.title}
              </IntentLink>
            </h3>
            {folder.description && <p className={styles.cardSummary}>{folder.description}</p>}
            <span className={styles.more} aria-hidden="true">
              {articleCount(folder.articleCount)}
              <Icon name="arrow-right" size={18} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
