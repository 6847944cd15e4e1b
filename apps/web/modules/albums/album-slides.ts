import type { AlbumMedia } from '@comptoir/contract/album';
import type { SliderMedia } from '../slider/slides';

/** An album's media as the slider shows them, in the album's order. */
export function albumSlides(media: readonly AlbumMedia[]): SliderMedia[] {
  return media.map((item) => ({
    type: item.type === 'VIDEO' ? 'video' : 'image',
    src: item.url,
    alt: item.alt,
    width: item.width,
    height: item.height,
    posterUrl: item.posterUrl,
    caption: item.caption,
  }));
}

/** The name of a thumbnail's button: what it opens, its number and what it shows. */
export function thumbnailLabel(item: SliderMedia, index: number): string {
  const action = item.type === 'video' ? 'Lire la vidéo' : 'Agrandir la photo';
  const description = item.alt.trim();
  return description ? `${action} n°${index + 1} : ${description}` : `${action} n°${index + 1}`;
}
