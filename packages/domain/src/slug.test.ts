import { describe, expect, it } from 'vitest';
import { isSlugPath, slugify, slugifyPath } from './slug';

describe('slugify', () => {
  it('lowercases the text', () => {
    expect(slugify('Qui Sommes Nous')).toBe('qui-sommes-nous');
  });

  it('strips accents from letters', () => {
    expect(slugify('Éléonore à la Fête de Noël')).toBe('eleonore-a-la-fete-de-noel');
    expect(slugify('ÇA SE PASSE OÙ ?')).toBe('ca-se-passe-ou');
  });

  it('spells out ligatures and the sharp s', () => {
    expect(slugify('Cœur de Bœuf')).toBe('coeur-de-boeuf');
    expect(slugify('Ex æquo')).toBe('ex-aequo');
    expect(slugify('Straße')).toBe('strasse');
    expect(slugify('ŒUVRE')).toBe('oeuvre');
  });

  it('turns apostrophes and punctuation into single hyphens and trims them at both ends', () => {
    expect(slugify("L'Été à Saint-Malo !")).toBe('l-ete-a-saint-malo');
    expect(slugify('Qui sommes-nous ?')).toBe('qui-sommes-nous');
  });

  it('replaces symbols with hyphens', () => {
    expect(slugify('Coupe & Brushing 100% naturel')).toBe('coupe-brushing-100-naturel');
    expect(slugify('prix: 25€/h')).toBe('prix-25-h');
  });

  it('collapses repeated separators into one hyphen', () => {
    expect(slugify('conseil   --  en__image')).toBe('conseil-en-image');
  });

  it('keeps digits', () => {
    expect(slugify('Cuvée 2019 n°3')).toBe('cuvee-2019-n-3');
  });

  it('returns an empty slug for empty input or input without letters and digits', () => {
    expect(slugify('')).toBe('');
    expect(slugify('  !?  ')).toBe('');
  });

  it('leaves an existing slug unchanged', () => {
    expect(slugify('formation-conseil-en-image')).toBe('formation-conseil-en-image');
  });
});

describe('slugifyPath', () => {
  it('turns each segment of a page URL into a slug', () => {
    expect(slugifyPath('/Conseil en image/Notre Approche')).toBe(
      '/conseil-en-image/notre-approche',
    );
    expect(slugifyPath('qui sommes-nous ?')).toBe('/qui-sommes-nous');
  });

  it('drops empty segments, and keeps the home page as /', () => {
    expect(slugifyPath('//blog///été//')).toBe('/blog/ete');
    expect(slugifyPath('/')).toBe('/');
    expect(slugifyPath('  ')).toBe('/');
  });
});

describe('isSlugPath', () => {
  it('accepts the home page and paths of slugs', () => {
    expect(isSlugPath('/')).toBe(true);
    expect(isSlugPath('/conseil-en-image/notre-approche')).toBe(true);
  });

  it('refuses capitals, accents, spaces, doubled hyphens, trailing slashes and relative paths', () => {
    for (const path of ['/Blog', '/été', '/a b', '/a--b', '/a/', 'a', '/a//b', '']) {
      expect(isSlugPath(path), path).toBe(false);
    }
  });
});
