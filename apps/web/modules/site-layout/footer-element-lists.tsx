import { IntentLink } from '../../ui/intent-link';
import type { Element } from '@comptoir/contract/element';
import { getElementListPage } from '../../lib/data/elements.server';
import { VisuallyHidden } from '../../ui/visually-hidden';
import styles from './footer-element-lists.module.css';

/** docs/requirements/elements.md: the footer asks for up to 100 items of each of its lists. */
const FOOTER_LIST_SIZE = 100;

function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function ElementLink({ element }: { element: Element & { linkUrl: string } }) {
  if (isExternal(element.linkUrl)) {
    return (
      <a href={element.linkUrl} target="_blank" rel="noopener noreferrer">
        {element.title}
        <VisuallyHidden> (nouvelle fenêtre)</VisuallyHidden>
      </a>
    );
  }
  return <IntentLink href={element.linkUrl}>{element.title}</IntentLink>;
}

/** The site's useful links (element list 'link-footer'), under the list's own name. */
export async function FooterLinks({ siteId }: { siteId: number }) {
  const { name, list } = await getElementListPage(siteId, 'link-footer', FOOTER_LIST_SIZE);
  const links = list.filter(
    (element): element is Element & { linkUrl: string } => !!element.linkUrl,
  );
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby="footer-links">
      <h2 id="footer-links" className={styles.heading}>
        {name || 'Liens utiles'}
      </h2>
      <ul role="list" className={styles.links}>
        {links.map((element) => (
          <li key={element.id}>
            <ElementLink element={element} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The labels and partners' logos (element list 'logo-footer'), each linked when it has a URL. */
export async function FooterLabels({ siteId }: { siteId: number }) {
  const { name, list } = await getElementListPage(siteId, 'logo-footer', FOOTER_LIST_SIZE);
  const logos = list.filter((element) => !!element.imageUrl);
  if (logos.length === 0) return null;
  return (
    <section aria-label={name || 'Labels et partenaires'} className={styles.labels}>
      <ul role="list" className={styles.labelList}>
        {logos.map((element) => {
          // A plain <img>, like the site's logos: SVG files, possibly on another host.
          const image = (
            // eslint-disable-next-line @next/next/no-img-element -- owner-chosen URL on any host (docs/decisions/0023)
            <img
              src={element.imageUrl!}
              alt={element.title}
              className={styles.labelImage}
              loading="lazy"
              decoding="async"
            />
          );
          return (
            <li key={element.id}>
              {element.linkUrl ? (
                isExternal(element.linkUrl) ? (
                  <a href={element.linkUrl} target="_blank" rel="noopener noreferrer">
                    {image}
                    <VisuallyHidden> (nouvelle fenêtre)</VisuallyHidden>
                  </a>
                ) : (
                  <IntentLink href={element.linkUrl}>{image}</IntentLink>
                )
              ) : (
                image
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
