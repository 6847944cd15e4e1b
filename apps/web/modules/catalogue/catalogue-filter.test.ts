import { describe, expect, it } from 'vitest';
import {
  catalogueApiQuery,
  catalogueFacets,
  catalogueQueryString,
  defaultCatalogueSort,
  DEFAULT_CATALOGUE_QUERY,
  parseCatalogueQuery,
  tagLabel,
} from './catalogue-filter';

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

describe('tag labels', () => {
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
    // Most used first, ties in French alphabetical order.
    expect(facets.tags).toEqual(['bio', 'garde', 'apéritif']);
  });
});
