import { describe, expect, it, vi } from 'vitest';
import { SiteCache } from './site-cache';

describe('SiteCache', () => {
  it('loads an entry once and shares it between concurrent callers', async () => {
    const cache = new SiteCache();
    const load = vi.fn(async () => ['PRIMARY_COLOR']);
    const [first, second] = await Promise.all([
      cache.get(91, 'parameters', load),
      cache.get(91, 'parameters', load),
    ]);
    expect(first).toBe(second);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the entries of each site apart', async () => {
    const cache = new SiteCache();
    await cache.get(91, 'info', async () => 'salon');
    expect(await cache.get(92, 'info', async () => 'winery')).toBe('winery');
    expect(await cache.get(91, 'info', async () => 'other')).toBe('salon');
  });

  it('forgets a failed load so that the next call tries again', async () => {
    const cache = new SiteCache();
    await expect(
      cache.get(91, 'info', async () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    expect(cache.cachedSiteIds()).toEqual([]);
    expect(await cache.get(91, 'info', async () => 'back')).toBe('back');
  });

  it('invalidates one key or a whole site', async () => {
    const cache = new SiteCache();
    await cache.get(91, 'info', async () => 'old info');
    await cache.get(91, 'page-tree', async () => 'old tree');
    cache.invalidateSite(91, 'info');
    expect(await cache.get(91, 'info', async () => 'new info')).toBe('new info');
    expect(await cache.get(91, 'page-tree', async () => 'new tree')).toBe('old tree');
    cache.invalidateSite(91);
    expect(await cache.get(91, 'page-tree', async () => 'new tree')).toBe('new tree');
  });
});
