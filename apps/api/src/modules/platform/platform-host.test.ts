import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_PHONE_MESSAGE } from '@comptoir/contract/admin-platform';
import { bearer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
}, 120_000);
afterAll(async () => {
  await testApp?.close();
});

const HOST = {
  name: 'Comptoir Hébergement SAS',
  address: '2 rue Kellermann, 59100 Roubaix, France',
  phone: '+33 9 72 10 10 10',
};

describe('the host the legal notices name', () => {
  it('is set by a platform administrator only and read by every site', async () => {
    const db = testApp.database.db;
    const superAdmin = await createUserWithSession(db, { siteId: 92, role: 'SUPER_ADMIN' });
    const admin = await createUserWithSession(db, { siteId: 92, role: 'ADMIN' });
    const put = (token: string | null, payload: object) =>
      siteRequest(testApp.app, 92, {
        method: 'PUT',
        url: '/admin/platform/host',
        payload,
        headers: token ? bearer(token) : {},
      });

    expect((await put(null, HOST)).statusCode).toBe(401);
    expect((await put(admin.token, HOST)).statusCode).toBe(403);
    const refused = await put(superAdmin.token, { ...HOST, phone: 'appelez-nous' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.body).toContain(HOST_PHONE_MESSAGE);

    const saved = await put(superAdmin.token, HOST);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual(HOST);
    for (const siteId of [91, 92]) {
      const read = await siteRequest(testApp.app, siteId, { method: 'GET', url: '/site/host' });
      expect(read.json().data).toEqual(HOST);
    }
    // Emptied fields are unset.
    const cleared = await put(superAdmin.token, { name: HOST.name, address: '', phone: null });
    expect(cleared.json().data).toEqual({ name: HOST.name, address: null, phone: null });
  });
});
