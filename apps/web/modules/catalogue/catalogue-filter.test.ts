import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_PAGE_SIZE,
  catalogueApiQuery,
  catalogueCategories,
  catalogueFacets,
  catalogueQueryString,
  defaultCatalogueSort,
  catalogueTags,
  DEFAULT_CATALOGUE_QUERY,
  parseCatalogueQuery,
  tagLabel,
  viewCatalogue,
} from './catalogue-filter';
import { testDeclination, testProduct } from './test-product';

const catalogue = [
  testProduct(1, {
    name: 'Anjou Blanc Les Schistes',
    kind: 'WHITE',
    tags: ['bio', 'coup-de-coeur'],
    priceCents: 1250,
  }),
  testProduct(2, {
    name: 'Anjou Rouge Les Terrasses',
    kind: 'RED',
    tags: ['garde'],
    priceCents: 1100,
  }),
  testProduct(3, {
    name: 'Rosé de Loire',
    kind: 'ROSE',
    appellation: 'Rosé de Loire',
    tags: ['apéritif'],
    priceCents: 890,
  }),
  testProduct(4, {
    name: 'Coffret découverte',
    kind: null,
    type: 'BOX',
    tags: ['cadeau'],
    priceCents: 4500,
  }),
  testProduct(5, { name: 'Bonnezeaux', kind: 'SWEET', tags: ['garde', 'bio'], priceCents: 2900 }),
];

describe('parseCatalogueQuery', () => {
  it('reads the category, search, tags, sort and page of the query string', () => {
    expect(
      parseCatalogueQuery(
        '?categorie=rouge&recherche=%20anjou%20&etiquette=bio&etiquette=garde&tri=nom&page=2',
      ),
    ).toEqual({ category: 'rouge', search: 'anjou', tags: ['bio', 'garde'], sort: 'nom', page: 2 });
  });

  it('ignores what it does not know instead of failing: the list shows with the rest', () => {
    expect(
      parseCatalogueQuery(
        '?categorie=bleu&tri=hasard&page=-3&etiquette=&etiquette=bio&etiquette=bio',
      ),
    ).toEqual({
      ...DEFAULT_CATALOGUE_QUERY,
      tags: ['bio'],
    });
    expect(parseCatalogueQuery('?page=1.5').page).toBe(1);
    expect(parseCatalogueQuery(`?recherche=${'a'.repeat(500)}`).search).toHaveLength(100);
  });

  it('writes a query back as the same query string, defaults left out', () => {
    const query = parseCatalogueQuery(
      '?categorie=blanc&recherche=chenin&etiquette=bio&tri=prix-decroissant&page=3',
    );
    expect(parseCatalogueQuery(catalogueQueryString(query))).toEqual(query);
    expect(catalogueQueryString(DEFAULT_CATALOGUE_QUERY)).toBe('');
    expect(catalogueQueryString({ ...DEFAULT_CATALOGUE_QUERY, search: 'rosé d’été' })).toBe(
      '?recherche=ros%C3%A9+d%E2%80%99%C3%A9t%C3%A9',
    );
  });
});

describe('viewCatalogue', () => {
  const names = (query: Partial<typeof DEFAULT_CATALOGUE_QUERY>) =>
    viewCatalogue(catalogue, { ...DEFAULT_CATALOGUE_QUERY, ...query }).products.map((p) => p.name);

  it('lists the cheapest first by default, then by price down or by name', () => {
    expect(names({})).toEqual([
      'Rosé de Loire',
      'Anjou Rouge Les Terrasses',
      'Anjou Blanc Les Schistes',
      'Bonnezeaux',
      'Coffret découverte',
    ]);
    expect(names({ sort: 'prix-decroissant' })[0]).toBe('Coffret découverte');
    expect(names({ sort: 'nom' })).toEqual([
      'Anjou Blanc Les Schistes',
      'Anjou Rouge Les Terrasses',
      'Bonnezeaux',
      'Coffret découverte',
      'Rosé de Loire',
    ]);
  });

  it('follows the site’s own order when the address names none (PRODUCT_ORDER)', () => {
    const byDefault = (productOrder: string | null) =>
      viewCatalogue(catalogue, DEFAULT_CATALOGUE_QUERY, {
        defaultSort: defaultCatalogueSort(productOrder),
      }).products.map((p) => p.name);
    expect(byDefault(null)).toEqual(names({}));
    expect(byDefault('NAME')).toEqual(names({ sort: 'nom' }));
    expect(byDefault('PRICE_DESC')[0]).toBe('Coffret découverte');
    // The owner's order is the catalogue's, as the API gives it.
    expect(byDefault('POSITION')).toEqual(catalogue.map((p) => p.name));
    // A sort in the address wins over the site's.
    expect(
      viewCatalogue(
        catalogue,
        { ...DEFAULT_CATALOGUE_QUERY, sort: 'prix-croissant' },
        { defaultSort: 'nom' },
      ).products[0]!.name,
    ).toBe('Rosé de Loire');
    expect(catalogueQueryString({ ...DEFAULT_CATALOGUE_QUERY, sort: 'prix-croissant' })).toBe(
      '?tri=prix-croissant',
    );
  });

  it('keeps one colour, or the boxes', () => {
    expect(names({ category: 'moelleux' })).toEqual(['Bonnezeaux']);
    expect(names({ category: 'coffret' })).toEqual(['Coffret découverte']);
  });

  it('finds every word of the search, accents and case ignored, in the name, appellation or vintage', () => {
    expect(names({ search: 'ROSE loire' })).toEqual(['Rosé de Loire']);
    expect(names({ search: 'anjou schistes' })).toEqual(['Anjou Blanc Les Schistes']);
    expect(names({ search: '2022' })).toHaveLength(5);
    expect(names({ search: 'bordeaux' })).toEqual([]);
  });

  it('keeps the products that carry any of the chosen tags', () => {
    expect(names({ tags: ['bio'] })).toEqual(['Anjou Blanc Les Schistes', 'Bonnezeaux']);
    expect(names({ tags: ['apéritif', 'cadeau'] })).toEqual([
      'Rosé de Loire',
      'Coffret découverte',
    ]);
  });

  it('shows 100 products a page by default, as the spec has it', () => {
    const many = Array.from({ length: 130 }, (_, index) =>
      testProduct(index + 1, {
        priceCents: 1000 + index,
        declinations: [testDeclination(index, { unitPriceCents: 1000 + index })],
      }),
    );
    expect(CATALOGUE_PAGE_SIZE).toBe(100);
    const first = viewCatalogue(many, DEFAULT_CATALOGUE_QUERY);
    expect(first).toMatchObject({ total: 130, pageCount: 2, page: 1 });
    expect(first.products).toHaveLength(100);
    expect(viewCatalogue(many, { ...DEFAULT_CATALOGUE_QUERY, page: 2 }).products).toHaveLength(30);
  });

  it('cuts pages and brings a page out of range back to the last one', () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      testProduct(index + 1, {
        priceCents: 1000 + index,
        declinations: [testDeclination(index, { unitPriceCents: 1000 + index })],
      }),
    );
    const second = viewCatalogue(many, { ...DEFAULT_CATALOGUE_QUERY, page: 2 }, { pageSize: 12 });
    expect(second).toMatchObject({ total: 30, pageCount: 3, page: 2 });
    expect(second.products.map((product) => product.id)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 13),
    );
    const beyond = viewCatalogue(many, { ...DEFAULT_CATALOGUE_QUERY, page: 9 }, { pageSize: 12 });
    expect(beyond).toMatchObject({ page: 3 });
    expect(beyond.products).toHaveLength(6);
    expect(viewCatalogue(many, DEFAULT_CATALOGUE_QUERY)).toMatchObject({ total: 30, pageCount: 1 });
    expect(viewCatalogue([], DEFAULT_CATALOGUE_QUERY)).toMatchObject({
      total: 0,
      pageCount: 1,
      page: 1,
    });
  });
});

describe('filter choices', () => {
  it('offers the categories present, in their fixed order, and the tags most used first', () => {
    expect(catalogueCategories(catalogue).map((category) => category.label)).toEqual([
      'Rouges',
      'Blancs',
      'Rosés',
      'Moelleux',
      'Coffrets',
    ]);
    expect(catalogueTags(catalogue).slice(0, 2)).toEqual(['bio', 'garde']);
  });

  it('labels tags in French', () => {
    expect(tagLabel('coup-de-coeur')).toBe('Coup de cœur');
    expect(tagLabel('vieilles-vignes')).toBe('Vieilles vignes');
  });
});

describe('the API’s page of the list (decision 0128)', () => {
  it('asks GET /product for the page, its shelf, search, tags and order', () => {
    expect(catalogueApiQuery(DEFAULT_CATALOGUE_QUERY)).toEqual({
      page: 1,
      nbItem: 100,
      orderBy: 'price',
    });
    expect(
      catalogueApiQuery(
        parseCatalogueQuery(
          '?categorie=coffret&recherche=layon&etiquette=bio&etiquette=garde&tri=nom&page=3',
        ),
      ),
    ).toEqual({
      page: 3,
      nbItem: 100,
      orderBy: 'name',
      category: 'BOX',
      search: 'layon',
      tags: 'bio,garde',
    });
    expect(catalogueApiQuery(parseCatalogueQuery('?categorie=experience'))?.category).toBe(
      'OTHER',
    );
    expect(catalogueApiQuery(parseCatalogueQuery('?categorie=rouge'))?.category).toBe('RED');
  });

  it('follows the site’s order when the address names none', () => {
    const orderOf = (productOrder: string | null) =>
      catalogueApiQuery(DEFAULT_CATALOGUE_QUERY, {
        defaultSort: defaultCatalogueSort(productOrder),
      })?.orderBy;
    expect(orderOf('PRICE_DESC')).toBe('-price');
    expect(orderOf('NAME')).toBe('name');
    expect(orderOf('POSITION')).toBe('position');
    expect(
      catalogueApiQuery(parseCatalogueQuery('?tri=prix-croissant'), { defaultSort: 'nom' })
        ?.orderBy,
    ).toBe('price');
  });

  it('leaves out tags no product can carry, and asks nothing when only those are chosen', () => {
    const tooLong = 'x'.repeat(61);
    expect(
      catalogueApiQuery(parseCatalogueQuery(`?etiquette=${tooLong}&etiquette=bio`))?.tags,
    ).toBe('bio');
    expect(catalogueApiQuery(parseCatalogueQuery(`?etiquette=${tooLong}&etiquette=a,b`))).toBeNull();
  });

  it('shows the API’s facets as the filters offer them', () => {
    const facets = catalogueFacets({
      categories: ['RED', 'SWEET', 'BOX'],
      tags: [
        { tag: 'garde', count: 2 },
        { tag: 'bio', count: 2 },
        { tag: 'apéritif', count: 1 },
      ],
    });
    expect(facets.categories.map((category) => category.value)).toEqual([
      'rouge',
      'moelleux',
      'coffret',
    ]);
    // Most used first, ties in French alphabetical order, as catalogueTags ranks them.
    expect(facets.tags).toEqual(['bio', 'garde', 'apéritif']);
    expect(facets.tags).toEqual(catalogueTags(catalogue).filter((tag) => facets.tags.includes(tag)));
  });
});
