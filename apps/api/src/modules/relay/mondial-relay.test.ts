import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_MONDIAL_RELAY_ACCOUNT,
  startFakeMondialRelay,
  type FakeMondialRelay,
} from '../../test/fake-mondial-relay';
import {
  MondialRelayError,
  mondialRelaySecurity,
  pointSearchValues,
  searchMondialRelayPoints,
  type PointSearch,
} from './mondial-relay';

let fake: FakeMondialRelay;
beforeAll(async () => {
  fake = await startFakeMondialRelay();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.mode = { kind: 'points' };
  fake.requests.length = 0;
});

const brest: PointSearch = {
  countryAlphaTwo: 'FR',
  countryAlphaThree: 'FRA',
  postalCode: '29200',
  position: null,
  limit: 10,
};

const search = (credentials = FAKE_MONDIAL_RELAY_ACCOUNT, where: PointSearch = brest) =>
  searchMondialRelayPoints({ url: fake.url, credentials }, where);

describe('the Mondial Relay point search (WSI4_PointRelais_Recherche)', () => {
  it('signs the request as the service checks it and reads its points, padding and commas gone', async () => {
    const points = await search();
    expect(points.map((point) => point.id)).toEqual([
      'MR-FR-020145',
      'MR-FR-020377',
      'MR-FR-021004',
    ]);
    expect(points[1]).toEqual({
      id: 'MR-FR-020377',
      name: 'LA CAVE DU PORT & FILS',
      addLine1: '3 QUAI DE LA PENFELD',
      zipCode: '29200',
      city: 'BREST',
      country: 'FRA',
      position: { latitude: 48.3836, longitude: -4.4969 },
      icon: '/icons/relay-point.svg',
      distance: 1250,
    });
    const [request] = fake.requests;
    expect(request?.soapAction).toBe(
      '"http://www.mondialrelay.fr/webservice/WSI4_PointRelais_Recherche"',
    );
    expect(request?.values).toMatchObject({
      Enseigne: 'BDTEST13',
      Pays: 'FR',
      CP: '29200',
      NombreResultats: '10',
      Security: expect.stringMatching(/^[0-9A-F]{32}$/),
    });
  });

  it('makes the signature from every value in order, then the private key, in upper-case MD5', () => {
    const values = pointSearchValues({ brand: 'bdtest', privateKey: 'x' }, brest);
    // A short brand is padded to its 8 characters; an empty value still counts (as nothing).
    expect(values.Enseigne).toBe('BDTEST  ');
    // md5("BDTEST  " + "FR" + "29200" + "0" + "10" + "PrivateK"), as `printf … | md5sum` gives it.
    expect(mondialRelaySecurity(values, 'PrivateK')).toBe('E22B16EB654144EDEE42F2291D6087E3');
  });

  it('sends the position with a dot and seven decimals when the map gave one', async () => {
    await search(FAKE_MONDIAL_RELAY_ACCOUNT, {
      ...brest,
      position: { latitude: 48.39, longitude: -4.486 },
    });
    expect(fake.requests[0]?.values).toMatchObject({
      Latitude: '48.3900000',
      Longitude: '-4.4860000',
    });
  });

  it('says which code the service refused with: a wrong key, an unknown brand', async () => {
    const wrongKey = await search({ brand: 'BDTEST13', privateKey: 'NotTheKey' }).catch(
      (error: unknown) => error,
    );
    expect(wrongKey).toBeInstanceOf(MondialRelayError);
    expect(wrongKey).toMatchObject({
      stat: '97',
      accountProblem: true,
      message: 'Mondial Relay a refusé la recherche : Clé de sécurité invalide (code 97).',
    });
    const unknown = await search({ brand: 'ZZ000000', privateKey: 'PrivateK' }).catch(
      (error: unknown) => error,
    );
    expect(unknown).toMatchObject({ stat: '1', accountProblem: true });
    // The private key never shows in a message.
    expect(String((wrongKey as Error).message)).not.toContain('NotTheKey');
  });

  it('finds nothing, without an error, where the service knows no such place', async () => {
    expect(await search(FAKE_MONDIAL_RELAY_ACCOUNT, { ...brest, postalCode: '2A000' })).toEqual([]);
    expect(await search(FAKE_MONDIAL_RELAY_ACCOUNT, { ...brest, postalCode: '49000' })).toEqual([]);
  });

  it('turns a SOAP fault, an answer that is not the service’s and a silent server into errors', async () => {
    fake.mode = { kind: 'fault' };
    await expect(search()).rejects.toThrow(
      'Mondial Relay a répondu 500 : Erreur interne du service.',
    );
    fake.mode = { kind: 'garbage' };
    await expect(search()).rejects.toThrow('Mondial Relay a répondu sans résultat lisible.');
    fake.mode = { kind: 'stat', stat: '99' };
    await expect(search()).rejects.toMatchObject({ stat: '99', accountProblem: false });
    await expect(
      searchMondialRelayPoints(
        { url: 'http://127.0.0.1:9/Web_Services.asmx', credentials: FAKE_MONDIAL_RELAY_ACCOUNT },
        brest,
      ),
    ).rejects.toThrow('Mondial Relay ne répond pas pour le moment.');
  });
});
