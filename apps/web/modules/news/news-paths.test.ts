import { describe, expect, it } from 'vitest';
import { listPageCount, splitListPageUrl } from './news-paths';
import { showsPromotedNews } from './promoted-news-setting';

describe('the pages of a news list', () => {
  it('reads the page asked for after the list URL', () => {
    expect(splitListPageUrl('/actualites/page/2')).toEqual({ listUrl: '/actualites', page: 2 });
    expect(splitListPageUrl('/le-domaine/actualites/page/12')).toEqual({
      listUrl: '/le-domaine/actualites',
      page: 12,
    });
  });

  it('refuses page 1, page 0, a number too long and anything that is no page', () => {
    for (const url of [
      '/actualites',
      '/actualites/page/1',
      '/actualites/page/0',
      '/actualites/page/02',
      '/actualites/page/1234567',
      '/actualites/page/deux',
      '/actualites/page/',
      '/page/2',
    ]) {
      expect(splitListPageUrl(url), url).toBeNull();
    }
  });

  it('counts at least one page', () => {
    expect(listPageCount(0, 10)).toBe(1);
    expect(listPageCount(10, 10)).toBe(1);
    expect(listPageCount(11, 10)).toBe(2);
  });
});

describe('PROMOTED_NEWS', () => {
  it('shows the promoted news unless the owner said no', () => {
    expect(showsPromotedNews([])).toBe(true);
    expect(showsPromotedNews([{ type: 'PROMOTED_NEWS', value: null }])).toBe(true);
    expect(showsPromotedNews([{ type: 'PROMOTED_NEWS', value: true }])).toBe(true);
    expect(showsPromotedNews([{ type: 'PROMOTED_NEWS', value: false }])).toBe(false);
  });
});
