import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '@comptoir/contract/client';
import { injectFetch } from './test/inject-fetch';
import { createUserWithSession } from './test/sessions';
import { createTestApp, type TestApp } from './test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const client = (options: { siteId?: number; token?: string } = {}) =>
  createApiClient({ baseUrl: 'http://api.test', fetch: injectFetch(testApp.app), ...options });

describe('the typed client of @comptoir/contract against the API', () => {
  it('reads every foundation endpoint through the shared schemas', async () => {
    const api = client({ siteId: 91 });
    expect(await api.health()).toEqual({ status: 'ok' });
    expect(await api.resolveSite('localhost:3000')).toEqual({ id: 91 });
    expect((await api.getSiteInfo()).name).toBe("L'Atelier de Clémence");
    expect((await api.getParameters({ type: 'COMPANY_NAME' }))[0]?.value).toBe(
      "L'Atelier de Clémence",
    );
    const tree = await api.getPageTree();
    expect(tree[0]?.url).toBe('/');
    expect((await api.getPage(tree[0]!.id)).title).toBe('Accueil');
    expect((await api.getCountries({ alphaTwo: 'FR' }))[0]?.name).toBe('France');
    expect(await api.getVariations()).toEqual([]);
    expect(await api.getLogged()).toBe(false);
  });

  it('reads the logged-in user with a token', async () => {
    const { token, user } = await createUserWithSession(testApp.database.db, { siteId: 92 });
    const api = client({ siteId: 92, token });
    expect(await api.getLogged()).toBe(true);
    expect((await api.getUser()).id).toBe(user.id);
  });

  it("rejects with the server's message and status", async () => {
    await expect(client({ siteId: 91 }).getUser()).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
      message: 'Vous devez être connecté.',
    });
    await expect(client().getSiteInfo()).rejects.toBeInstanceOf(ApiError);
  });
});
