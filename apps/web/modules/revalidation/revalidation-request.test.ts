import { describe, expect, it } from 'vitest';
import { REVALIDATE_SECRET_HEADER } from '@comptoir/contract/admin-content';
import { readRevalidationRequest, revalidateSecret, secretMatches } from './revalidation-request';

const SECRET = 'secret-partage-entre-api-et-vitrine';

function hookRequest(body: unknown, headers: Record<string, string> = {}) {
  return new Request('http://localhost:3000/_comptoir/revalidate', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const withSecret = { [REVALIDATE_SECRET_HEADER]: SECRET };

describe('readRevalidationRequest', () => {
  it('accepts the tags of site data with the right secret, each once', async () => {
    const outcome = await readRevalidationRequest(
      hookRequest({ tags: ['site:91:pages', 'site:91:parameters', 'site:91:pages'] }, withSecret),
      SECRET,
    );
    expect(outcome).toEqual({ status: 200, tags: ['site:91:pages', 'site:91:parameters'] });
  });

  it('answers 401 without the secret or with a wrong one, before reading the body', async () => {
    const attempts: Record<string, string>[] = [{}, { [REVALIDATE_SECRET_HEADER]: `${SECRET}x` }];
    for (const headers of attempts) {
      const request = hookRequest({ tags: ['site:91:pages'] }, headers);
      expect(await readRevalidationRequest(request, SECRET)).toMatchObject({ status: 401 });
      expect(request.bodyUsed).toBe(false);
    }
  });

  it('stays closed (404) when the storefront has no secret', async () => {
    const outcome = await readRevalidationRequest(
      hookRequest({ tags: ['site:91:pages'] }, withSecret),
      null,
    );
    expect(outcome).toMatchObject({ status: 404 });
  });

  it.each([
    ['a tag of another form', { tags: ['pages'] }],
    ['a tag with a path', { tags: ['site:91:pages/../x'] }],
    ['a site id that is not a number', { tags: ['site:abc:pages'] }],
    ['no tag', { tags: [] }],
    ['no list', { tag: 'site:91:pages' }],
    ['more than 50 tags', { tags: Array.from({ length: 51 }, (_, i) => `site:${i + 1}:pages`) }],
    ['a body that is not JSON', '<tags/>'],
  ])('answers 400 to %s', async (_, body) => {
    const outcome = await readRevalidationRequest(hookRequest(body, withSecret), SECRET);
    expect(outcome).toMatchObject({ status: 400 });
  });

  it('answers 413 to a body larger than a few kilobytes', async () => {
    const outcome = await readRevalidationRequest(
      hookRequest({ tags: ['site:91:pages'], padding: 'x'.repeat(10_000) }, withSecret),
      SECRET,
    );
    expect(outcome).toMatchObject({ status: 413 });
  });
});

describe('secretMatches', () => {
  it('matches only the same secret, whatever the lengths', () => {
    expect(secretMatches(SECRET, SECRET)).toBe(true);
    expect(secretMatches(SECRET, SECRET.slice(0, -1))).toBe(false);
    expect(secretMatches(SECRET, '')).toBe(false);
    expect(secretMatches(SECRET, null)).toBe(false);
  });
});

describe('revalidateSecret', () => {
  it('reads REVALIDATE_SECRET and ignores one too short to be a secret', () => {
    expect(revalidateSecret({ REVALIDATE_SECRET: ` ${SECRET} ` })).toBe(SECRET);
    expect(revalidateSecret({ REVALIDATE_SECRET: 'court' })).toBeNull();
    expect(revalidateSecret({})).toBeNull();
  });
});
