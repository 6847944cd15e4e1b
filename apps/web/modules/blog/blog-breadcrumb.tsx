import { IntentLink } from '../../ui/intent-link';
import styles from '../pages/breadcrumb.module.css';

export interface BlogCrumb {
  label: string;
  href: string;
}

/**
 * Accueil › Blog › folders › this page, the blog's own trail (from the ariane endpoints) drawn
 * like the breadcrumb of the site's other pages. The last entry is the current page.
 */
export function BlogBreadcrumb({ crumbs }: { crumbs: readonly BlogCrumb[] }) {
  const trail = [{ label: 'Accueil', href: '/' }, ...crumbs];
  return (
    <nav aria-label="Fil d'Ariane" className={styles.breadcrumb}>
      <ol role="list" className={styles.list}>
        {trail.map((crumb, index) =>
          index === trail.length - 1 ? (
            <li key={crumb.href} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={crumb.href}>
              <IntentLink href={crumb.href}>{crumb.label}</IntentLink>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
