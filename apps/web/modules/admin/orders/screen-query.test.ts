import { describe, expect, it } from 'vitest';
import { afterParam, NUMBERED_PAGES, pagerTargets } from './screen-query';

describe('the pager of a growing list (decision 0123)', () => {
  it('goes by page number within the numbered pages, then after the last row shown', () => {
    expect(pagerTargets(1, 40).next).toEqual({ page: 2 });
    expect(pagerTargets(NUMBERED_PAGES - 1, 40).next).toEqual({ page: NUMBERED_PAGES });
    expect(pagerTargets(NUMBERED_PAGES, 40).next).toEqual({ page: NUMBERED_PAGES + 1, apres: 40 });
    expect(pagerTargets(300, 7).next).toEqual({ page: 301, apres: 7 });
  });

  it('goes back by number to a numbered page, and to the first page from deeper', () => {
    expect(pagerTargets(2, 40).previous).toEqual({ page: 1, label: 'previous' });
    expect(pagerTargets(NUMBERED_PAGES + 1, 40).previous).toEqual({
      page: NUMBERED_PAGES,
      label: 'previous',
    });
    expect(pagerTargets(NUMBERED_PAGES + 2, 40).previous).toEqual({ page: 1, label: 'first' });
  });

  it('reads only a valid row id from the address', () => {
    expect(afterParam({ apres: '1234' })).toBe(1234);
    for (const apres of ['0', '-3', '1.5', 'abc', '99999999999', undefined]) {
      expect(afterParam({ apres })).toBeUndefined();
    }
  });
});
