import { describe, expect, it } from 'vitest';
import { isCurrent, isInCurrentTrail, siteMenu } from './menu-entries';
import { testPage as page } from '../pages/test-page';

describe('siteMenu', () => {
  const tree = [
    page(1, '/'),
    page(2, '/conseil-en-image', {
      menuTitle: 'Conseil',
      children: [page(3, '/conseil-en-image/notre-approche', { idParent: 2 })],
    }),
    page(4, '/offrir-un-bon-cadeau', { isFixedOnRight: true }),
    page(5, '/auth', { showInMenu: false }),
  ];

  it('labels entries with their menu title and keeps sub-pages nested', () => {
    const { main } = siteMenu(tree, { hideHomepage: false, hideContactPage: false });
    expect(main.map((entry) => entry.label)).toEqual(['Page 1', 'Conseil']);
    expect(main[1]?.children.map((entry) => entry.href)).toEqual([
      '/conseil-en-image/notre-approche',
    ]);
  });

  it('puts pages fixed on the right apart and leaves out pages outside the menu', () => {
    const menu = siteMenu(tree, { hideHomepage: true, hideContactPage: false });
    expect(menu.main.map((entry) => entry.href)).toEqual(['/conseil-en-image']);
    expect(menu.fixedRight.map((entry) => entry.href)).toEqual(['/offrir-un-bon-cadeau']);
  });

  it('leaves out the contact page when the site hides it', () => {
    const withContact = [
      ...tree,
      page(6, '/nous-contacter', { cms: { isCmsPage: false, route: 'CONTACT' } }),
    ];
    const shown = siteMenu(withContact, { hideHomepage: false, hideContactPage: false });
    expect(shown.main.map((entry) => entry.href)).toContain('/nous-contacter');
    const hidden = siteMenu(withContact, { hideHomepage: false, hideContactPage: true });
    expect(hidden.main.map((entry) => entry.href)).not.toContain('/nous-contacter');
  });

  it('links the product list page to the catalogue, and shows shop pages only on a shop', () => {
    const withShop = [
      ...tree,
      page(7, '/boutique', {
        isEcommercePage: true,
        cms: { isCmsPage: false, route: 'PRODUCT_LIST' },
      }),
    ];
    const shop = siteMenu(withShop, {
      hideHomepage: false,
      hideContactPage: false,
      eCommerce: true,
    });
    expect(shop.main.map((entry) => entry.href)).toContain('/nos-vins');
    const brochure = siteMenu(withShop, {
      hideHomepage: false,
      hideContactPage: false,
      eCommerce: false,
    });
    expect(brochure.main.map((entry) => entry.href)).not.toContain('/nos-vins');
    expect(brochure.main.map((entry) => entry.label)).toEqual(['Page 1', 'Conseil']);
  });
});

describe('current page', () => {
  const entry = {
    id: 2,
    label: 'Conseil',
    href: '/conseil-en-image',
    external: false,
    children: [
      {
        id: 3,
        label: 'Approche',
        href: '/conseil-en-image/notre-approche',
        external: false,
        children: [],
      },
    ],
  };

  it('matches the URL with or without a trailing slash', () => {
    expect(isCurrent(entry, '/conseil-en-image/')).toBe(true);
    expect(isCurrent(entry, '/conseil-en-image/notre-approche')).toBe(false);
  });

  it('marks a parent whose sub-page is open as part of the trail', () => {
    expect(isInCurrentTrail(entry, '/conseil-en-image/notre-approche')).toBe(true);
    expect(isInCurrentTrail(entry, '/')).toBe(false);
  });
});
