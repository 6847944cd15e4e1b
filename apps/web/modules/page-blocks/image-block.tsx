import type { BlockOf } from '@comptoir/contract/page-blocks';
import { SiteLink } from '../../ui/site-link';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { isExternalHref, isImageSource } from './block-links';
import styles from './image-block.module.css';

/**
 * One image with its caption, optionally a link. An empty alt marks it as decorative (the publish
 * check still asks the owner about it, decision 0112); a linked
 * decorative image takes its caption as the link's name, and is not linked at all without one
 * (a link must say where it goes).
 */
export function ImageBlock({ block }: { block: BlockOf<'image'> }) {
  if (!isImageSource(block.url)) return null;
  const alt = block.alt.trim();
  const caption = block.caption?.trim() || null;
  // A plain <img>, like the site's logos: the block gives no size, so the image keeps its own
  // ratio at the column's width.
  const image = (
    // eslint-disable-next-line @next/next/no-img-element -- owner-chosen URL on any host (docs/decisions/0023)
    <img src={block.url} alt={alt} className={styles.image} loading="lazy" decoding="async" />
  );
  return (
    // data-block: the publish check finds the image blocks left without a description by it.
    <figure className={styles.figure} data-block="image">
      {block.linkUrl && (alt || caption) ? (
        <SiteLink
          href={block.linkUrl}
          external={isExternalHref(block.linkUrl)}
          className={styles.link}
        >
          {image}
          {!alt && <VisuallyHidden>{caption}</VisuallyHidden>}
        </SiteLink>
      ) : (
        image
      )}
      {caption && <figcaption className={styles.caption}>{caption}</figcaption>}
    </figure>
  );
}
