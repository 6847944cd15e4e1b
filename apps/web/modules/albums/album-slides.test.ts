import { describe, expect, it } from 'vitest';
import type { AlbumMedia } from '@comptoir/contract/album';
import { albumSlides, thumbnailLabel } from './album-slides';

const photo: AlbumMedia = {
  id: 1,
  type: 'IMAGE',
  url: '/samples/albums/le-salon/devanture.svg',
  posterUrl: null,
  alt: 'La devanture du salon',
  caption: null,
  width: 1200,
  height: 900,
};
const video: AlbumMedia = {
  id: 2,
  type: 'VIDEO',
  url: '/samples/albums/le-salon/visite-du-salon.webm',
  posterUrl: '/samples/albums/le-salon/visite-du-salon-affiche.svg',
  alt: 'Visite du salon en vidéo',
  caption: 'Une courte visite.',
  width: 640,
  height: 360,
};

describe('albumSlides', () => {
  it("keeps the album's order and tells images from videos", () => {
    expect(albumSlides([photo, video])).toEqual([
      {
        type: 'image',
        src: photo.url,
        alt: photo.alt,
        width: 1200,
        height: 900,
        posterUrl: null,
        caption: null,
      },
      {
        type: 'video',
        src: video.url,
        alt: video.alt,
        width: 640,
        height: 360,
        posterUrl: video.posterUrl,
        caption: 'Une courte visite.',
      },
    ]);
  });
});

describe('thumbnailLabel', () => {
  it('names the photo by its number and its description', () => {
    const [slide] = albumSlides([photo]);
    expect(thumbnailLabel(slide!, 2)).toBe('Agrandir la photo n°3 : La devanture du salon');
  });

  it('says a video is played, and needs no description to name the button', () => {
    const [slide] = albumSlides([{ ...video, alt: '  ' }]);
    expect(thumbnailLabel(slide!, 5)).toBe('Lire la vidéo n°6');
  });
});
