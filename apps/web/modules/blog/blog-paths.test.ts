import { describe, expect, it } from 'vitest';
import type { BlogArianeEntry } from '@comptoir/contract/blog';
import {
  arianeMatches,
  arianePaths,
  blogArticlePath,
  blogFolderPath,
  listPagePath,
  parseBlogSegments,
} from './blog-paths';

const folders = [
  { id: 1, slug: 'soins-du-cheveu', idParent: null },
  { id: 2, slug: 'cheveux-boucles', idParent: 1 },
  { id: 3, slug: 'conseil-en-image', idParent: null },
];

const ariane: BlogArianeEntry[] = [
  { id: 1, slug: 'soins-du-cheveu', title: 'Soins du cheveu', type: 'FOLDER' },
  { id: 2, slug: 'cheveux-boucles', title: 'Cheveux bouclés', type: 'FOLDER' },
  { id: 9, slug: 'boucles-humidite-cotiere', title: 'Boucles et humidité', type: 'ARTICLE' },
];

describe('blog paths', () => {
  it('writes folder and article URLs from the folder tree', () => {
    expect(blogFolderPath(folders, null)).toBe('/blog');
    expect(blogFolderPath(folders, 2)).toBe('/blog/soins-du-cheveu/cheveux-boucles');
    expect(blogArticlePath(folders, { slug: 'routine', folderId: 2 })).toBe(
      '/blog/soins-du-cheveu/cheveux-boucles/routine',
    );
    expect(blogArticlePath(folders, { slug: 'a-la-racine', folderId: null })).toBe(
      '/blog/a-la-racine',
    );
  });

  it('stops on a folder cycle instead of looping', () => {
    const cycle = [
      { id: 1, slug: 'a', idParent: 2 },
      { id: 2, slug: 'b', idParent: 1 },
    ];
    expect(blogFolderPath(cycle, 1)).toBe('/blog/b/a');
  });

  it('gives each breadcrumb entry its URL', () => {
    expect(arianePaths(ariane)).toEqual([
      '/blog/soins-du-cheveu',
      '/blog/soins-du-cheveu/cheveux-boucles',
      '/blog/soins-du-cheveu/cheveux-boucles/boucles-humidite-cotiere',
    ]);
  });

  it('accepts a URL only when the breadcrumb spells it exactly', () => {
    const slugs = ['soins-du-cheveu', 'cheveux-boucles', 'boucles-humidite-cotiere'];
    expect(arianeMatches(ariane, slugs)).toBe(true);
    expect(arianeMatches(ariane, slugs.slice(1))).toBe(false);
    expect(arianeMatches(ariane, ['conseil-en-image', ...slugs.slice(1)])).toBe(false);
  });
});

describe('parseBlogSegments', () => {
  it('reads the slugs after /blog, page 1 by default', () => {
    expect(parseBlogSegments(undefined)).toEqual({ slugs: [], page: 1 });
    expect(parseBlogSegments(['soins-du-cheveu', 'cheveux-boucles'])).toEqual({
      slugs: ['soins-du-cheveu', 'cheveux-boucles'],
      page: 1,
    });
  });

  it('reads a list page at the end of the path', () => {
    expect(parseBlogSegments(['page', '2'])).toEqual({ slugs: [], page: 2 });
    expect(parseBlogSegments(['conseil-en-image', 'page', '3'])).toEqual({
      slugs: ['conseil-en-image'],
      page: 3,
    });
  });

  it('refuses page 1 written out, a page that is not a number and segments that are not slugs', () => {
    for (const segments of [
      ['page', '1'],
      ['page', '0'],
      ['page', 'deux'],
      ['page', '-2'],
      ['Conseils'],
      ['conseils%20coiffure'],
      ['a', '..'],
    ]) {
      expect(parseBlogSegments(segments), segments.join('/')).toBeNull();
    }
  });

  it('keeps a lone "page" segment as a slug', () => {
    expect(parseBlogSegments(['page'])).toEqual({ slugs: ['page'], page: 1 });
  });

  it('writes the path of a list page', () => {
    expect(listPagePath('/blog', 1)).toBe('/blog');
    expect(listPagePath('/blog/conseil-en-image', 2)).toBe('/blog/conseil-en-image/page/2');
  });
});
