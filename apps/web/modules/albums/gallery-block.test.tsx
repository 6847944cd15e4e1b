import { isValidElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Album } from '@comptoir/contract/album';

const getSiteAlbum = vi.fn<(siteId: number, albumId: number) => Promise<Album | null>>();
vi.mock('../../lib/data/albums.server', () => ({ getSiteAlbum }));
const { GalleryBlock } = await import('./gallery-block');

const salon: Album = {
  id: 3,
  title: 'Le salon',
  slug: 'le-salon',
  description: 'Un salon lumineux.',
  cover: null,
  mediaCount: 1,
  media: [
    {
      id: 10,
      type: 'IMAGE',
      url: '/samples/albums/le-salon/devanture.svg',
      posterUrl: null,
      alt: 'La devanture du salon',
      caption: null,
      width: 1200,
      height: 900,
    },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
  getSiteAlbum.mockReset();
});

describe('GalleryBlock', () => {
  it("reads the block's album for its site and titles the gallery with the block's title", async () => {
    getSiteAlbum.mockResolvedValue(salon);
    const rendered = await GalleryBlock({
      block: { type: 'gallery', albumId: 3, title: 'Le salon en images' },
      siteId: 91,
    });
    expect(getSiteAlbum).toHaveBeenCalledWith(91, 3);
    expect(isValidElement(rendered)).toBe(true);
    expect((rendered as { props: { title: string } }).props).toMatchObject({
      title: 'Le salon en images',
      description: 'Un salon lumineux.',
      media: [{ type: 'image', src: salon.media[0]!.url, alt: 'La devanture du salon' }],
    });
  });

  it("falls back on the album's title", async () => {
    getSiteAlbum.mockResolvedValue(salon);
    const rendered = await GalleryBlock({ block: { type: 'gallery', albumId: 3 }, siteId: 91 });
    expect((rendered as { props: { title: string } }).props.title).toBe('Le salon');
  });

  it('renders nothing and logs a warning for an album the site does not have', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    getSiteAlbum.mockResolvedValue(null);
    expect(await GalleryBlock({ block: { type: 'gallery', albumId: 404 }, siteId: 91 })).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('album 404'));
  });

  it('renders nothing for an album without media', async () => {
    getSiteAlbum.mockResolvedValue({ ...salon, media: [], mediaCount: 0 });
    expect(await GalleryBlock({ block: { type: 'gallery', albumId: 3 }, siteId: 91 })).toBeNull();
  });
});
