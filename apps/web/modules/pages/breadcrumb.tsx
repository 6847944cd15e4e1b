import { IntentLink } from '../../ui/intent-link';
import { menuLabel, type PageNode } from '@comptoir/domain/page-tree';
import styles from './breadcrumb.module.css';

/** One step of a trail: a page's label and where it is. */
export interface Crumb {
  label: string;
  href: string;
}

/** Accueil › … › this page; the last entry is the current page (not a link). */
export function CrumbTrail({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Fil d'Ariane" className={styles.breadcrumb}>
      <ol role="list" className={styles.list}>
        <li>
          <IntentLink href="/">Accueil</IntentLink>
        </li>
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

/** The trail of a page of the site's tree: Accueil › parent › this page. */
export function Breadcrumb({ trail }: { trail: PageNode[] }) {
  return <CrumbTrail trail={trail.map((page) => ({ label: menuLabel(page), href: page.url }))} />;
}
