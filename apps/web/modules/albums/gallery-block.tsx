import { useId } from 'react';
import type { BlockOf } from '@comptoir/contract/page-blocks';
import { getSiteAlbum } from '../../lib/data/albums.server';
import type { SliderMedia } from '../slider/slides';
import { albumSlides } from './album-slides';
import { GalleryGrid } from '../page-blocks/lazy-blocks';
import styles from './gallery.module.css';

interface GalleryBlockProps {
  block: BlockOf<'gallery'>;
  siteId: number;
}

/**
 * The images and videos of one album as a grid of thumbnails, each opening the full-screen
 * slider at its place. An album the site does not have (deleted, unpublished, another site's)
 * shows nothing, so that the rest of the page still renders; the server log says why.
 */
export async function GalleryBlock({ block, siteId }: GalleryBlockProps) {
  const album = await getSiteAlbum(siteId, block.albumId);
  if (!album) {
    console.warn(`Gallery block skipped: site ${siteId} has no published album ${block.albumId}.`);
    return null;
  }
  if (album.media.length === 0) return null;
  return (
    <GallerySection
      title={block.title ?? album.title}
      description={album.description}
      media={albumSlides(album.media)}
    />
  );
}

function GallerySection({
  title,
  description,
  media,
}: {
  title: string;
  description: string | null;
  media: SliderMedia[];
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.gallery}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      {description ? <p className={styles.description}>{description}</p> : null}
      <GalleryGrid media={media} title={title} />
    </section>
  );
}
