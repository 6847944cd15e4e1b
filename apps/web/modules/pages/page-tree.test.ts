import { describe, expect, it } from 'vitest';
import {
  isHiddenPage,
  legalPages,
  pageTrail,
  urlFromSegments,
  visibleContactPage,
  withoutHiddenPages,
} from './page-tree';
import { testPage as page } from './test-page';

const contact = page(3, '/nous-contacter', { cms: { isCmsPage: false, route: 'CONTACT' } });
const child = page(5, '/conseil-en-image/notre-approche', { idParent: 4 });
const tree = [
  page(1, '/'),
  page(4, '/conseil-en-image', { children: [child] }),
  contact,
  page(6, '/use-terms', { showInMenu: false, cms: { isCmsPage: false, route: 'USE_TERMS' } }),
  page(7, '/legal-notice', { showInMenu: false, cms: { isCmsPage: false, route: 'LEGAL_NOTICE' } }),
];

describe('the contact page and HIDE_CONTACT_PAGE', () => {
  it('is found by its template while the site shows it', () => {
    expect(visibleContactPage(tree, false)?.url).toBe('/nous-contacter');
    expect(isHiddenPage(contact, false)).toBe(false);
  });

  it('disappears from the tree and counts as hidden when the site hides it', () => {
    expect(visibleContactPage(tree, true)).toBeUndefined();
    expect(isHiddenPage(contact, true)).toBe(true);
    expect(withoutHiddenPages(tree, true).map((entry) => entry.url)).not.toContain(
      '/nous-contacter',
    );
  });

  it('never hides another page', () => {
    expect(isHiddenPage(child, true)).toBe(false);
    expect(withoutHiddenPages(tree, true)[1]?.children).toHaveLength(1);
  });
});

describe('page helpers of the shell', () => {
  it('lists the legal pages in footer order, whatever their order in the tree', () => {
    expect(legalPages(tree).map((entry) => entry.url)).toEqual(['/legal-notice', '/use-terms']);
  });

  it('turns catch-all segments into a page URL, decoding accents', () => {
    expect(urlFromSegments(undefined)).toBe('/');
    expect(urlFromSegments(['conseil-en-image', 'notre-approche'])).toBe(
      '/conseil-en-image/notre-approche',
    );
    expect(urlFromSegments(['caf%C3%A9'])).toBe('/café');
    expect(urlFromSegments(['%E0%A4%A'])).toBe('/%E0%A4%A');
  });

  it('builds the breadcrumb from the root down to the page', () => {
    expect(pageTrail(tree, child).map((entry) => entry.id)).toEqual([4, 5]);
  });
});
