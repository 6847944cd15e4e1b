import { describe, expect, it } from 'vitest';
import { toLightboxSlides, VIDEO_MAX_WIDTH, videoMimeType } from './slides';

describe('toLightboxSlides', () => {
  it('passes images through with their text alternative and size', () => {
    expect(
      toLightboxSlides([
        { type: 'image', src: '/a.svg', alt: 'Un fauteuil', width: 1200, height: 900 },
      ]),
    ).toEqual([{ type: 'image', src: '/a.svg', alt: 'Un fauteuil', width: 1200, height: 900 }]);
  });

  it('narrows a wide video to 950 px and keeps its ratio', () => {
    const [slide] = toLightboxSlides([
      {
        type: 'video',
        src: '/v.mp4',
        alt: 'Visite',
        width: 1920,
        height: 1080,
        posterUrl: '/p.jpg',
      },
    ]);
    expect(slide).toEqual({
      type: 'video',
      sources: [{ src: '/v.mp4', type: 'video/mp4' }],
      poster: '/p.jpg',
      width: VIDEO_MAX_WIDTH,
      height: 534,
      preload: 'metadata',
    });
  });

  it('keeps a small video at its own width, and caps one of unknown size at 950 px', () => {
    const [small, unknown] = toLightboxSlides([
      { type: 'video', src: '/v.webm', alt: 'Petite', width: 640, height: 360 },
      { type: 'video', src: '/w.webm', alt: 'Inconnue' },
    ]);
    expect(small).toMatchObject({ width: 640, height: 360 });
    expect(unknown).toMatchObject({ width: 950, height: undefined, poster: undefined });
  });
});

describe('videoMimeType', () => {
  it.each([
    ['/v.webm', 'video/webm'],
    ['/v.MP4', 'video/mp4'],
    ['/v.ogv?x=1', 'video/ogg'],
    ['/v.mov', 'video/quicktime'],
    ['/stream', 'video/mp4'],
  ])('gives %s the type %s', (src, type) => {
    expect(videoMimeType(src)).toBe(type);
  });
});
