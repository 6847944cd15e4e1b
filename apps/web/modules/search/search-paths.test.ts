import { describe, expect, it } from 'vitest';
import { searchPagePath } from './search-paths';

describe('searchPagePath', () => {
  it('writes the words as the search form sends them, and the page after the first', () => {
    expect(searchPagePath('Côte élevée', 1)).toBe('/recherche?q=C%C3%B4te+%C3%A9lev%C3%A9e');
    expect(searchPagePath('a&b=c', 3)).toBe('/recherche?q=a%26b%3Dc&page=3');
  });
});
