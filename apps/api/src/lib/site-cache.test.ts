import { describe, expect, it, vi } from 'vitest';
import { MAX_ADDRESSES_PER_SITE, MAX_CACHED_SITES, SiteCache, type CachedBody } from './site-cache';

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

  it('keeps MAX_CACHED_SITES sites at most, forgetting the one used least recently', async () => {
    const cache = new SiteCache();
    const body: CachedBody = { body: Buffer.from('{}'), etag: '"e"' };
    for (let siteId = 1; siteId <= MAX_CACHED_SITES + 300; siteId += 1) {
      await cache.get(siteId, 'info', async () => `site ${siteId}`);
      await cache.getBody(siteId, 'page-tree', '', async () => body);
      cache.rememberAddress(siteId, '/page/tree', 'page-tree', '');
      // Site 1 is read on every request: it stays, however many sites come after it.
      expect(cache.peek(1, 'info')).toBe('site 1');
    }
    expect(cache.cachedSiteIds()).toHaveLength(MAX_CACHED_SITES);
    expect(cache.cachedSiteIds()).toContain(1);
    // Site 2 was used least recently: forgotten with its bodies and their addresses.
    expect(cache.peek(2, 'info')).toBeUndefined();
    expect(cache.peekBodyAt(2, '/page/tree')).toBeUndefined();
    const reload = vi.fn(async () => 'site 2 again');
    expect(await cache.get(2, 'info', reload)).toBe('site 2 again');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(cache.cachedSiteIds()).toHaveLength(MAX_CACHED_SITES);
    expect(cache.peekBodyAt(MAX_CACHED_SITES + 300, '/page/tree')).toBe(body);
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

  it('drops the bodies built from an entry with that entry, and only those', async () => {
    const cache = new SiteCache();
    const body = (text: string) => async () => ({ body: Buffer.from(text), etag: `"${text}"` });
    await cache.get(91, 'page-tree', async () => 'tree');
    await cache.getBody(91, 'page-tree', '12', body('page 12'));
    await cache.getBody(91, 'parameters', '', body('parameters'));
    cache.invalidateSite(91, 'page-tree');
    expect(String((await cache.getBody(91, 'page-tree', '12', body('page 12 saved'))).body)).toBe(
      'page 12 saved',
    );
    expect(await cache.get(91, 'page-tree', async () => 'tree saved')).toBe('tree saved');
    expect(String((await cache.getBody(91, 'parameters', '', body('other'))).body)).toBe(
      'parameters',
    );
  });

  it('does not keep a body whose load failed, such as an unknown page', async () => {
    const cache = new SiteCache();
    await expect(
      cache.getBody(91, 'page-tree', '999', async () => Promise.reject(new Error('not found'))),
    ).rejects.toThrow('not found');
    expect(cache.cachedSiteIds()).toEqual([]);
  });

  it('a body being built when its data is invalidated is not kept for later requests', async () => {
    const cache = new SiteCache();
    let finish: (value: CachedBody) => void = () => {};
    const pending = cache.getBody(
      91,
      'parameters',
      '',
      () => new Promise((resolve) => (finish = resolve)),
    );
    cache.invalidateSite(91, 'parameters');
    finish({ body: Buffer.from('before the write'), etag: '"old"' });
    await pending;
    const fresh = await cache.getBody(91, 'parameters', '', async () => ({
      body: Buffer.from('after the write'),
      etag: '"new"',
    }));
    expect(String(fresh.body)).toBe('after the write');
  });

  it('peeks at a value only once it has arrived, and not after it is dropped', async () => {
    const cache = new SiteCache();
    let finish: (value: string) => void = () => {};
    const pending = cache.get(
      91,
      'info',
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    expect(cache.peek(91, 'info')).toBeUndefined();
    finish('salon');
    await pending;
    expect(cache.peek(91, 'info')).toBe('salon');
    expect(cache.peek(92, 'info')).toBeUndefined();
    const body = { body: Buffer.from('page 12'), etag: '"12"' };
    await cache.getBody(91, 'page-tree', '12', async () => body);
    expect(cache.peekBody(91, 'page-tree', '12')).toBe(body);
    expect(cache.peekBody(91, 'page-tree', '13')).toBeUndefined();
    cache.invalidateSite(91, 'page-tree');
    expect(cache.peekBody(91, 'page-tree', '12')).toBeUndefined();
    expect(cache.peek(91, 'info')).toBe('salon');
    cache.invalidateSite(91);
    expect(cache.peek(91, 'info')).toBeUndefined();
  });

  it('finds a kept body by the address it answered, per site, while the body is kept', async () => {
    const cache = new SiteCache();
    const body = { body: Buffer.from('page 12'), etag: '"12"' };
    await cache.getBody(91, 'page-tree', '12', async () => body);
    cache.rememberAddress(91, '/page/12', 'page-tree', '12');
    expect(cache.peekBodyAt(91, '/page/12')).toBe(body);
    expect(cache.peekBodyAt(92, '/page/12')).toBeUndefined();
    expect(cache.peekBodyAt(91, '/page/012')).toBeUndefined();

    cache.invalidateSite(91, 'page-tree');
    expect(cache.peekBodyAt(91, '/page/12')).toBeUndefined();
    const rebuilt = { body: Buffer.from('page 12 saved'), etag: '"12b"' };
    await cache.getBody(91, 'page-tree', '12', async () => rebuilt);
    expect(cache.peekBodyAt(91, '/page/12')).toBe(rebuilt);

    cache.invalidateSite(91);
    await cache.getBody(91, 'page-tree', '12', async () => rebuilt);
    expect(cache.peekBodyAt(91, '/page/12')).toBeUndefined();
  });

  it('keeps at most MAX_ADDRESSES_PER_SITE addresses a site, then starts over', async () => {
    const cache = new SiteCache();
    const body = { body: Buffer.from('parameters'), etag: '"p"' };
    await cache.getBody(91, 'parameters', '', async () => body);
    for (let index = 0; index < MAX_ADDRESSES_PER_SITE; index += 1) {
      cache.rememberAddress(91, `/parameter?x=${index}`, 'parameters', '');
    }
    expect(cache.peekBodyAt(91, '/parameter?x=0')).toBe(body);
    cache.rememberAddress(91, '/parameter', 'parameters', '');
    expect(cache.peekBodyAt(91, '/parameter')).toBe(body);
    expect(cache.peekBodyAt(91, '/parameter?x=0')).toBeUndefined();
  });
});
