import { describe, expect, it } from 'vitest';
import { publicRoutes, selectRoutes } from './routes';

describe('selectRoutes', () => {
  it('keeps every public route when nothing is selected', () => {
    expect(selectRoutes(publicRoutes, undefined)).toBe(publicRoutes);
    expect(selectRoutes(publicRoutes, ' ')).toBe(publicRoutes);
  });

  it('keeps the named routes of the named sites, in the order given', () => {
    expect(selectRoutes(publicRoutes, '92:/nos-vins, 91:/')).toEqual([
      { site: 92, host: 'vins.localhost', path: '/nos-vins' },
      { site: 91, host: 'localhost', path: '/' },
    ]);
  });

  it('refuses an entry that names no public route', () => {
    expect(() => selectRoutes(publicRoutes, '91:/nos-vins')).toThrow(/91:\/nos-vins/);
    expect(() => selectRoutes(publicRoutes, '/nos-vins')).toThrow(/no public route/);
  });
});
