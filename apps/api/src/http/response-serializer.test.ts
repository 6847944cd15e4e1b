import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from '@comptoir/contract/endpoint';
import { successEnvelope } from '@comptoir/contract/envelope';
import { getAlbumList } from '@comptoir/contract/album';
import { getBlogRootList } from '@comptoir/contract/blog';
import { getCountries } from '@comptoir/contract/country';
import { getElementList } from '@comptoir/contract/element';
import { getNewsList } from '@comptoir/contract/news';
import { getPage, getPageTree } from '@comptoir/contract/page';
import { getParameters } from '@comptoir/contract/parameter';
import { getReviews } from '@comptoir/contract/review';
import { getServices } from '@comptoir/contract/service';
import { getSiteInfo } from '@comptoir/contract/site';
import { siteRequest } from '../test/http';
import { createTestApp, type TestApp } from '../test/test-app';
import { responseSerializerCompiler } from './response-serializer';

function compile(schema: z.ZodType) {
  return responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });
}

describe('the compiled response serializer', () => {
  it("writes the contract's fields in the contract's order, optional ones where they are declared", () => {
    const schema = z.object({
      title: z.string().optional(),
      id: z.number().int(),
      note: z.string().nullable().optional(),
      required: z.boolean(),
    });
    const data = { title: 'Tarifs', id: 3, note: null, required: true };
    expect(compile(schema)(data)).toBe('{"title":"Tarifs","id":3,"note":null,"required":true}');
    expect(compile(schema)({ id: 3, required: false })).toBe('{"id":3,"required":false}');
  });

  it('leaves out the fields the contract does not name, as zod does', () => {
    const schema = z.object({ id: z.number() });
    expect(compile(schema)({ id: 1, passwordHash: 'secret' })).toBe('{"id":1}');
  });

  it('writes unions, nested objects and escaped text exactly as zod and JSON.stringify', () => {
    const schema = z.object({
      blocks: z.array(
        z.discriminatedUnion('type', [
          z.object({ type: z.literal('text'), title: z.string().optional(), html: z.string() }),
          z.object({ type: z.literal('list'), nbItem: z.number().int().default(10) }),
        ]),
      ),
    });
    const data: z.output<typeof schema> = {
      blocks: [
        { type: 'text', title: 'Élan « ouvert »\n"2026"', html: '<p>\u2028</p>' },
        { type: 'list', nbItem: 12 },
      ],
    };
    expect(compile(schema)(data)).toBe(JSON.stringify(z.encode(schema, data)));
  });
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

/**
 * For each read, the body the API sent must be byte for byte what zod's encoding of the same data
 * gives: the compiled serializer changes the speed, never the bytes.
 */
describe('API responses written by the compiled serializer', () => {
  async function expectZodBytes(endpoint: Endpoint, siteId: number, url: string) {
    const response = await siteRequest(testApp.app, siteId, { method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    const envelope = successEnvelope(endpoint.response);
    expect(response.body).toBe(JSON.stringify(z.encode(envelope, JSON.parse(response.body))));
  }

  it.each([
    [getElementList, 91, '/element/link-footer'],
    [getCountries, 91, '/countries?nbItem=20'],
    [getNewsList, 91, '/news'],
    [getBlogRootList, 91, '/blog/folder/list?includeSubFolders=true'],
    [getAlbumList, 91, '/album'],
    [getServices, 91, '/service'],
    [getReviews, 92, '/google/reviews'],
    [getParameters, 92, '/parameter?kind=BOOLEAN'],
    [getParameters, 91, '/parameter'],
    [getSiteInfo, 92, '/site/info'],
    [getPageTree, 92, '/page/tree'],
  ] as const)('%#: site %i %s', async (endpoint, siteId, url) => {
    await expectZodBytes(endpoint as Endpoint, siteId, url);
  });

  it('every page of both sample sites, with its blocks', async () => {
    for (const siteId of [91, 92]) {
      const tree = await siteRequest(testApp.app, siteId, { method: 'GET', url: '/page/tree' });
      const ids: number[] = [];
      const collect = (nodes: { id: number; children: unknown[] }[]) => {
        for (const node of nodes) {
          ids.push(node.id);
          collect(node.children as { id: number; children: unknown[] }[]);
        }
      };
      collect(tree.json().data);
      expect(ids.length).toBeGreaterThan(3);
      for (const id of ids) await expectZodBytes(getPage, siteId, `/page/${id}`);
    }
  });
});
