import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema } from '@comptoir/contract/page';
import { popupSchema } from '@comptoir/contract/popup';
import { popups } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

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

async function homeOf(siteId: number) {
  const response = await get(siteId, '/page/tree');
  return pageSchema
    .array()
    .parse(response.json().data)
    .find((page) => page.url === '/')!;
}

describe('GET /popup/:id', () => {
  it("serves the welcome popup that site 91's home page opens", async () => {
    const home = await homeOf(91);
    expect(home.idPopup).toEqual(expect.any(Number));
    const response = await get(91, `/popup/${home.idPopup}`);
    expect(response.statusCode).toBe(200);
    const popup = popupSchema.parse(response.json().data);
    expect(popup).toMatchObject({
      id: home.idPopup,
      title: "Bienvenue à L'Atelier de Clémence",
      showOnEveryReload: false,
      rememberClosedDays: 7,
    });
    expect(popup.html).toContain('/nous-contacter');
  });

  it('leaves pages without a popup with a null idPopup', async () => {
    expect((await homeOf(92)).idPopup).toBeNull();
  });

  it('answers 404 for an unknown popup and for another site’s popup', async () => {
    const { idPopup } = await homeOf(91);
    const [other] = await testApp.database.db
      .insert(popups)
      .values({ siteId: 92, title: 'Vendanges', html: '<p>Vendanges</p>' })
      .returning();
    for (const [siteId, id] of [
      [91, 999999],
      [92, idPopup],
      [91, other!.id],
    ] as const) {
      const response = await get(siteId, `/popup/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, data: null });
    }
    expect((await get(92, `/popup/${other!.id}`)).statusCode).toBe(200);
  });

  it.each(['abc', '0', '1.5', '99999999999'])(
    'refuses the id %s with a 400 envelope',
    async (id) => {
      const response = await get(91, `/popup/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, data: null });
      expect(response.json().errors[0].key).toBe('id');
    },
  );

  it('refuses a call without the siteId header', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/popup/1' });
    expect(response.statusCode).toBe(400);
  });
});
