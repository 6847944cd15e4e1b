import { describe, expect, it } from 'vitest';
import { startsNavigation, type ClickFacts } from './navigation-clicks';

const here = 'https://www.atelier-clemence.fr/qui-sommes-nous';

function click(
  href: string,
  overrides: Partial<ClickFacts> = {},
  link: Partial<NonNullable<ClickFacts['link']>> = {},
): ClickFacts {
  return {
    button: 0,
    modified: false,
    defaultPrevented: false,
    link: { href, target: null, download: false, ...link },
    ...overrides,
  };
}

describe('startsNavigation', () => {
  it('follows a plain click on a link to another page of the site', () => {
    expect(startsNavigation(click('/nous-contacter'), here)).toBe(true);
    expect(startsNavigation(click('https://www.atelier-clemence.fr/'), here)).toBe(true);
    expect(startsNavigation(click('/qui-sommes-nous?page=2'), here)).toBe(true);
  });

  it('ignores links to the same page or to one of its anchors', () => {
    expect(startsNavigation(click('/qui-sommes-nous'), here)).toBe(false);
    expect(startsNavigation(click('#contenu'), here)).toBe(false);
    expect(startsNavigation(click('/qui-sommes-nous#equipe'), here)).toBe(false);
  });

  it('ignores other sites, other schemes, new tabs and downloads', () => {
    expect(startsNavigation(click('https://www.instagram.com/atelier'), here)).toBe(false);
    expect(startsNavigation(click('mailto:contact@atelier-clemence.fr'), here)).toBe(false);
    expect(startsNavigation(click('tel:+33251642318'), here)).toBe(false);
    expect(startsNavigation(click('/nous-contacter', {}, { target: '_blank' }), here)).toBe(false);
    expect(startsNavigation(click('/tarifs.pdf', {}, { download: true }), here)).toBe(false);
  });

  it('ignores clicks that are not plain left clicks on a link', () => {
    expect(startsNavigation(click('/nous-contacter', { button: 1 }), here)).toBe(false);
    expect(startsNavigation(click('/nous-contacter', { modified: true }), here)).toBe(false);
    expect(startsNavigation(click('/nous-contacter', { defaultPrevented: true }), here)).toBe(
      false,
    );
    expect(startsNavigation({ ...click('/'), link: null }, here)).toBe(false);
  });
});
