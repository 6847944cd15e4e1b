import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { contactMessages } from '../db/schema';
import { siteRequest } from '../test/http';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  findNulCharacter,
  JSON_TOO_DEEP_MESSAGE,
  jsonNestsDeeperThan,
  MALFORMED_MULTIPART_MESSAGE,
  MAX_JSON_DEPTH,
  NUL_CHARACTER_ERROR,
} from './input-guard';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const message = {
  firstname: 'Léa',
  lastname: 'Moreau',
  email: 'lea.moreau@example.fr',
  phone: '06 12 34 56 78',
  message: 'Bonjour\u0000, je voudrais un rendez-vous.',
  consent: true,
};

describe('findNulCharacter', () => {
  it('names the first string holding a NUL, however deep, keys included', () => {
    expect(findNulCharacter({ a: 'ok', b: [{ c: 'x\u0000' }] })).toBe('b.0.c');
    expect(findNulCharacter({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findNulCharacter(['ok', 3, null, true])).toBeNull();
  });

  it('walks a value nested far past the call stack without recursion, and names the deepest NUL', () => {
    let deep: unknown = 'fin\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = level % 2 === 0 ? [deep] : { k: deep };
    const found = findNulCharacter(deep);
    expect(found?.split('.')).toHaveLength(100_000);
    expect(found?.startsWith('k.0.k.0')).toBe(true);
    expect(findNulCharacter(JSON.parse(`${'['.repeat(12_000)}${']'.repeat(12_000)}`))).toBeNull();
  });

  it('finds the first NUL in document order', () => {
    expect(findNulCharacter({ a: [{ b: 'x\u0000' }], c: 'y\u0000' })).toBe('a.0.b');
    expect(findNulCharacter({ a: [1, { b: 'ok' }], c: 'y\u0000' })).toBe('c');
  });
});

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects inside one another, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(jsonNestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    // A string of brackets, an escaped quote inside a string, a string ending in a backslash.
    expect(jsonNestsDeeperThan('["[[[[[[", 1]', 1)).toBe(false);
    expect(jsonNestsDeeperThan(String.raw`["a\"[[[[", 1]`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(String.raw`["\\", [[1]]]`, 1)).toBe(true);
    expect(jsonNestsDeeperThan(String.raw`["\\", "[["]`, 1)).toBe(false);
    expect(jsonNestsDeeperThan('[], [], [], []', 1)).toBe(false);
  });
});

describe('the input guard', () => {
  it('refuses a contact message holding a NUL with a 422 naming the field, and stores nothing', async () => {
    const [before] = await testApp.database.db.select({ n: count() }).from(contactMessages);
    const response = await siteRequest(testApp.app, 91, {
      method: 'POST',
      url: '/message',
      payload: message,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      data: null,
      errors: [{ key: 'message', error: NUL_CHARACTER_ERROR }],
    });
    const [after] = await testApp.database.db.select({ n: count() }).from(contactMessages);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a NUL in a path parameter or a query string with a 400', async () => {
    const inPath = await siteRequest(testApp.app, 91, { method: 'GET', url: '/site/visit/a%00b' });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json().errors).toEqual([{ key: 'from', error: NUL_CHARACTER_ERROR }]);
    const inQuery = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/parameter?type=%00',
    });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().success).toBe(false);
  });

  it('refuses a JSON body nested past the limit with a 400 in French, and reads one at the limit', async () => {
    const nested = (depth: number) =>
      `{"idCart":1,"discountCode":"A","x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const send = (payload: string) =>
      siteRequest(testApp.app, 92, {
        method: 'POST',
        url: '/order/validate',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const tooDeep = await send(`${'['.repeat(12_000)}${']'.repeat(12_000)}`);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({ success: false, data: null, message: JSON_TOO_DEEP_MESSAGE });
    expect((await send(nested(MAX_JSON_DEPTH + 1))).statusCode).toBe(400);
    // At the limit the body is parsed, and refused by the endpoint's schema (`x` is unknown).
    const atLimit = await send(nested(MAX_JSON_DEPTH));
    expect(atLimit.statusCode).toBe(422);
    expect(atLimit.json().message).not.toBe(JSON_TOO_DEEP_MESSAGE);
  });

  it('refuses ids beyond PostgreSQL integers with a 400 rather than a database error', async () => {
    for (const url of [
      '/news/2147483648',
      '/cart/9999999999/default',
      '/countries?page=4294967296',
    ]) {
      const response = await siteRequest(testApp.app, 91, { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
    }
  });

  it('answers a truncated multipart body with a 400 and a text/plain body with a 415', async () => {
    const truncated = await siteRequest(testApp.app, 91, {
      method: 'POST',
      url: '/forms/1/answer/validate',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="firstname"\r\n\r\nLéa',
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe(MALFORMED_MULTIPART_MESSAGE);

    const plain = await siteRequest(testApp.app, 91, {
      method: 'POST',
      url: '/logout',
      headers: { 'content-type': 'text/plain' },
      payload: 'bonjour',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().success).toBe(false);
  });
});
