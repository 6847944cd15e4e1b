import { describe, expect, it } from 'vitest';
import { testPage } from '../pages/test-page';
import { buildRobots, buildSitemap, isDisallowedPath, type SitemapSources } from './sitemap';

const SITE = 'https://www.atelier-clemence.fr';

const cms = (route: string) => ({ cms: { isCmsPage: false, route } });

const tree = [
  testPage(1, '/', cms('HOME')),
  testPage(2, '/conseil-en-image', {
    children: [
      testPage(3, '/conseil-en-image/notre-approche', { idParent: 2 }),
      testPage(4, '/conseil-en-image/pour-les-particuliers', { idParent: 2, showInMenu: false }),
    ],
  }),
  testPage(5, '/blog-beaute-conseils', cms('BLOG')),
  testPage(6, '/blog', { ...cms('BLOG'), showInMenu: false }),
  testPage(7, '/nous-contacter', cms('CONTACT')),
  testPage(8, '/instagram', {
    link: { type: 'EXTERNAL', url: 'https://www.instagram.com/atelierclemence', jsCode: null },
  }),
  testPage(9, '/rappel', { link: { type: 'JAVASCRIPT', url: null, jsCode: 'alert(1)' } }),
  testPage(10, '/le-salon', { link: { type: 'INTERNAL', url: '/', jsCode: null } }),
  testPage(11, '/auth', cms('AUTH')),
  testPage(12, '/password/reset/ask', cms('PASSWORD_RESET_ASK')),
  testPage(13, '/use-terms', cms('USE_TERMS')),
  testPage(14, '/privacy-policy', cms('PRIVACY_POLICY')),
];

function sitemapOf(overrides: Partial<SitemapSources> = {}) {
  return buildSitemap({
    siteUrl: SITE,
    pages: tree,
    hideContactPage: false,
    blogActivated: true,
    ...overrides,
  });
}

const urls = (entries: ReturnType<typeof buildSitemap>) => entries.map((entry) => entry.url);

describe('buildSitemap', () => {
  it('lists every visible page of the tree with its absolute address, sub-pages included', () => {
    expect(urls(sitemapOf())).toEqual([
      `${SITE}/`,
      `${SITE}/conseil-en-image`,
      `${SITE}/conseil-en-image/notre-approche`,
      `${SITE}/conseil-en-image/pour-les-particuliers`,
      `${SITE}/blog-beaute-conseils`,
      `${SITE}/blog`,
      `${SITE}/nous-contacter`,
      `${SITE}/use-terms`,
      `${SITE}/privacy-policy`,
    ]);
  });

  it('leaves out menu entries that are links, the login and password pages', () => {
    const listed = urls(sitemapOf());
    for (const path of ['/instagram', '/rappel', '/le-salon', '/auth', '/password/reset/ask']) {
      expect(listed).not.toContain(`${SITE}${path}`);
    }
  });

  it('leaves out the contact page when HIDE_CONTACT_PAGE is on', () => {
    expect(urls(sitemapOf({ hideContactPage: true }))).not.toContain(`${SITE}/nous-contacter`);
  });

  it('adds the blog folders and articles only when the blog is on', () => {
    const blogLinks = [
      { path: '/blog/coiffure', lastModified: '2026-03-02T09:00:00.000Z' },
      { path: '/blog/coiffure/entretenir-ses-boucles' },
    ];
    const on = sitemapOf({ blogLinks });
    expect(on).toContainEqual({
      url: `${SITE}/blog/coiffure`,
      lastModified: '2026-03-02T09:00:00.000Z',
    });
    expect(on).toContainEqual({ url: `${SITE}/blog/coiffure/entretenir-ses-boucles` });
    const off = urls(sitemapOf({ blogLinks, blogActivated: false }));
    expect(off.filter((url) => url.includes('/blog'))).toEqual([]);
  });

  it('adds the services, each address once, and ignores links that are not paths of the site', () => {
    const entries = sitemapOf({
      siteUrl: `${SITE}/`,
      serviceLinks: [
        { path: '/prestation-conseil-en-image/bilan-colorimetrique/4' },
        { path: '/prestation-conseil-en-image/bilan-colorimetrique/4' },
        { path: '//ailleurs.example/x' },
        { path: 'https://ailleurs.example/x' },
        { path: '/mon-compte/commandes' },
      ],
    });
    expect(urls(entries)).toEqual([
      ...urls(sitemapOf()),
      `${SITE}/prestation-conseil-en-image/bilan-colorimetrique/4`,
    ]);
  });

  it('lists the product pages after the services', () => {
    const entries = sitemapOf({
      productLinks: [{ path: '/nos-vins' }, { path: '/nos-vins/anjou-blanc-les-schistes-1' }],
    });
    expect(urls(entries).slice(-2)).toEqual([
      `${SITE}/nos-vins`,
      `${SITE}/nos-vins/anjou-blanc-les-schistes-1`,
    ]);
  });

  it('encodes addresses that are not plain ASCII', () => {
    const entries = buildSitemap({
      siteUrl: SITE,
      pages: [testPage(1, '/réservation')],
      hideContactPage: false,
      blogActivated: true,
    });
    expect(urls(entries)).toEqual([`${SITE}/r%C3%A9servation`]);
  });
});

describe('buildRobots', () => {
  it('allows everything but the private paths and gives the sitemap address', () => {
    expect(buildRobots(SITE)).toEqual({
      rules: {
        userAgent: '*',
        allow: '/',
        disallow: ['/mon-compte', '/auth', '/password', '/api'],
      },
      sitemap: `${SITE}/sitemap.xml`,
    });
  });

  it('uses the same prefix rule as crawlers for the sitemap', () => {
    expect(isDisallowedPath('/mon-compte/commandes')).toBe(true);
    expect(isDisallowedPath('/password/reset/abc')).toBe(true);
    expect(isDisallowedPath('/conseil-en-image')).toBe(false);
  });
});
