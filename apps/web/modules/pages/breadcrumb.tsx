import { IntentLink } from '../../ui/intent-link';
import { menuLabel, type PageNode } from '@comptoir/domain/page-tree';
import styles from './breadcrumb.module.css';

/** Accueil › parent › this page; the last entry is the current page. */
export function Breadcrumb({ trail }: { trail: PageNode[] }) {
  return (
    <nav aria-label="Fil d'Ariane" className={styles.breadcrumb}>
      <ol role="list" className={styles.list}>
        <li>
          <IntentLink href="/">Accueil</IntentLink>
        </li>
        {trail.map((page, index) =>
          index === trail.length - 1 ? (
            <li key={page.id} aria-current="page">
              {menuLabel(page)}
            </li>
          ) : (
            <li key={page.id}>
              <IntentLink href={page.url}>{menuLabel(page)}</IntentLink>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
