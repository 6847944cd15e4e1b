import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteRequest } from '../test/http';
import { createTestApp, type TestApp } from '../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

function get(siteId: number, url: string) {
  return siteRequest(testApp.app, siteId, { method: 'GET', url });
}

/**
 * docs/requirements/lists.md: list queries omit empty-string values. Each case is a list endpoint called with empty
 * values beside the same call without them: both answer 200 with the same data.
 */
describe('list endpoints read an empty query value as an absent one', () => {
  it.each([
    [91, '/element/link-footer?page&nbItem=100', '/element/link-footer?nbItem=100'],
    [91, '/element/link-footer?page=&nbItem=&title=', '/element/link-footer'],
    [91, '/countries?page=&nbItem=5&name=&alphaTwo=', '/countries?nbItem=5'],
    [91, '/parameter?type=&kind=', '/parameter'],
    [91, '/news?page&nbItem=&promoted=', '/news'],
    [91, '/blog/folder/list?page=&includeSubFolders=&author=', '/blog/folder/list'],
    [91, '/album?page=&nbItem=&slug=', '/album'],
    [91, '/service?page=&nbItem=&tag=', '/service'],
    [92, '/google/reviews?from=&page=&nbItem=', '/google/reviews'],
  ])('site %i: %s answers like %s', async (siteId, withEmptyValues, without) => {
    const [empty, absent] = await Promise.all([get(siteId, withEmptyValues), get(siteId, without)]);
    expect(absent.statusCode).toBe(200);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(absent.json());
  });

  it('still refuses a value that is given and wrong', async () => {
    const response = await get(91, '/element/link-footer?page=0&nbItem=100');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: null });
  });

  it('drops only the empty items of a repeated filter', async () => {
    const [mixed, single] = await Promise.all([
      get(91, '/countries?alphaTwo=&alphaTwo=FR'),
      get(91, '/countries?alphaTwo=FR'),
    ]);
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json()).toEqual(single.json());
    expect(single.json().data).toHaveLength(1);
  });
});
