import { describe, expect, it } from 'vitest';
import { setAnalyticsUser, type AnalyticsGlobals } from './analytics-user';

const ID = '3f0c2b8e-6a41-4d55-9f1e-0b7c1d2e3f40';

/** The services as tarteaucitron leaves them: loaded, with the visitor's choices in `state`. */
function loadedServices(state: Record<string, boolean | undefined>) {
  const gtagCalls: unknown[][] = [];
  const globals: AnalyticsGlobals & { dataLayer: unknown[]; _paq: unknown[][] } = {
    tarteaucitron: { state },
    gtag: (...args: unknown[]) => gtagCalls.push(args),
    dataLayer: [],
    _paq: [],
  };
  return { globals, gtagCalls };
}

const everyService = { gtag: true, googleads: true, googletagmanager: true, matomo: true };

describe('setAnalyticsUser', () => {
  it('tells no service an id before the visitor consented', () => {
    const before = loadedServices({});
    expect(setAnalyticsUser(before.globals, ID)).toEqual([]);
    expect(before.gtagCalls).toEqual([]);
    expect(before.globals.dataLayer).toEqual([]);
    expect(before.globals._paq).toEqual([]);

    const refused = loadedServices({ gtag: false, googletagmanager: false, matomo: false });
    expect(setAnalyticsUser(refused.globals, ID)).toEqual([]);
    expect(JSON.stringify([refused.gtagCalls, refused.globals])).not.toContain(ID);
  });

  it('tells no service an id while the visitor is logged out', () => {
    const { globals, gtagCalls } = loadedServices(everyService);
    expect(setAnalyticsUser(globals, null)).toEqual([]);
    expect(JSON.stringify([gtagCalls, globals.dataLayer, globals._paq])).not.toMatch(
      /[0-9a-f]{8}-/,
    );
    expect(gtagCalls).toEqual([['set', { user_id: null }]]);
    expect(globals._paq).toEqual([['resetUserId']]);
  });

  it('sets the id in every allowed service once a logged-in visitor consented', () => {
    const { globals, gtagCalls } = loadedServices(everyService);
    expect(setAnalyticsUser(globals, ID)).toEqual(['gtag', 'googletagmanager', 'matomo']);
    expect(gtagCalls).toEqual([['set', { user_id: ID }]]);
    expect(globals.dataLayer).toEqual([{ user_id: ID }]);
    expect(globals._paq).toEqual([['setUserId', ID]]);
  });

  it('sets it only in the services the visitor allowed, and waits for one not loaded yet', () => {
    const { globals, gtagCalls } = loadedServices({ matomo: true, gtag: false });
    expect(setAnalyticsUser(globals, ID)).toEqual(['matomo']);
    expect(gtagCalls).toEqual([]);
    const { gtag: _notLoaded, ...withoutGtag } = loadedServices({ gtag: true }).globals;
    expect(setAnalyticsUser(withoutGtag, ID)).toEqual([]);
  });
});
