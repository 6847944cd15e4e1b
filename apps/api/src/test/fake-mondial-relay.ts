import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import {
  mondialRelaySecurity,
  MONDIAL_RELAY_NAMESPACE,
  POINT_SEARCH_METHOD,
  POINT_SEARCH_PARAMETERS,
  type PointSearchParameter,
} from '../modules/relay';

/**
 * A fake Mondial Relay web service on 127.0.0.1 (no network) for the API's tests and the
 * journeys: it answers `WSI4_PointRelais_Recherche` as the service documents it — a SOAP 1.1
 * answer with a STAT code and `PointRelais_Details` whose names are padded with spaces, whose
 * coordinates have a decimal comma and whose distances are in metres — and checks the request's
 * signature with the account's private key (STAT 97 when it does not match, 1 for an unknown
 * brand). Run directly (`tsx src/test/fake-mondial-relay.ts`), it listens on FAKE_MONDIAL_RELAY_PORT.
 */

/** Mondial Relay's public test account, which the fake knows. */
export const FAKE_MONDIAL_RELAY_ACCOUNT = { brand: 'BDTEST13', privateKey: 'PrivateK' };

export interface FakeRelayPoint {
  num: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  latitude: number;
  longitude: number;
}

/** Three shops around Brest, where the demo points have none. */
export const FAKE_BREST_POINTS: readonly FakeRelayPoint[] = [
  {
    num: '020145',
    name: 'TABAC PRESSE DE SIAM',
    street: '42 RUE DE SIAM',
    postalCode: '29200',
    city: 'BREST',
    latitude: 48.3895,
    longitude: -4.4878,
  },
  {
    num: '020377',
    name: 'LA CAVE DU PORT & FILS',
    street: '3 QUAI DE LA PENFELD',
    postalCode: '29200',
    city: 'BREST',
    latitude: 48.3836,
    longitude: -4.4969,
  },
  {
    num: '021004',
    name: 'PRESSING DE LAMBEZELLEC',
    street: '7 RUE DE CALLAC',
    postalCode: '29200',
    city: 'BREST',
    latitude: 48.4083,
    longitude: -4.4829,
  },
];

export interface FakeMondialRelayRequest {
  soapAction: string | undefined;
  values: Record<PointSearchParameter | 'Security', string>;
}

export interface FakeMondialRelay {
  /** The service's address (the value of MONDIAL_RELAY_API_URL). */
  url: string;
  requests: FakeMondialRelayRequest[];
  /** What the next answers are: the points (default), a STAT code, an HTTP 500 fault, or garbage. */
  mode:
    { kind: 'points' } | { kind: 'stat'; stat: string } | { kind: 'fault' } | { kind: 'garbage' };
  close(): Promise<void>;
}

const padded = (value: string, width: number) => value.padEnd(width, ' ');
const comma = (value: number) => value.toFixed(7).replace('.', ',');
const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function envelope(result: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    `<soap:Body><${POINT_SEARCH_METHOD}Response xmlns="${MONDIAL_RELAY_NAMESPACE}">` +
    `<${POINT_SEARCH_METHOD}Result>${result}</${POINT_SEARCH_METHOD}Result>` +
    `</${POINT_SEARCH_METHOD}Response></soap:Body></soap:Envelope>`
  );
}

const hours = (day: string, slots: string[]) =>
  `<Horaires_${day}>${slots.map((slot) => `<string>${slot}</string>`).join('')}</Horaires_${day}>`;

function pointDetails(point: FakeRelayPoint, distance: number): string {
  const week = ['1000', '1230', '1400', '1900'];
  return (
    '<PointRelais_Details>' +
    `<Num>${point.num}</Num>` +
    `<LgAdr1>${escape(padded(point.name, 32))}</LgAdr1>` +
    '<LgAdr2 />' +
    `<LgAdr3>${escape(padded(point.street, 32))}</LgAdr3>` +
    '<LgAdr4 />' +
    `<CP>${point.postalCode}</CP>` +
    `<Ville>${escape(padded(point.city, 26))}</Ville>` +
    '<Pays>FR</Pays>' +
    '<Localisation1 /><Localisation2 />' +
    `<Latitude>${comma(point.latitude)}</Latitude>` +
    `<Longitude>${comma(point.longitude)}</Longitude>` +
    '<TypeActivite>000</TypeActivite><NACE>4726Z</NACE><Information />' +
    ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi']
      .map((day) => hours(day, week))
      .join('') +
    hours('Dimanche', ['0000', '0000', '0000', '0000']) +
    '<Informations_Dispo />' +
    `<URL_Photo>https://www.mondialrelay.com/img/dynamique/pr.aspx?id=FR${point.num}</URL_Photo>` +
    `<URL_Plan>https://www.mondialrelay.fr/public/permanent/plan_relais.aspx?ens=BDTEST1311&amp;num=${point.num}&amp;pays=FR</URL_Plan>` +
    `<Distance>${distance}</Distance>` +
    '</PointRelais_Details>'
  );
}

function valuesOf(body: string): FakeMondialRelayRequest['values'] {
  const values = {} as FakeMondialRelayRequest['values'];
  for (const name of [...POINT_SEARCH_PARAMETERS, 'Security'] as const) {
    const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>|<${name}\\s*/>`).exec(body);
    values[name] = (match?.[1] ?? '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  }
  return values;
}

function answerFor(
  values: FakeMondialRelayRequest['values'],
  accounts: ReadonlyMap<string, string>,
  points: readonly FakeRelayPoint[],
): string {
  const privateKey = accounts.get(values.Enseigne.trim());
  if (privateKey === undefined) return envelope('<STAT>1</STAT>');
  if (mondialRelaySecurity(values, privateKey) !== values.Security) {
    return envelope('<STAT>97</STAT>');
  }
  if (!/^\d{5}$/.test(values.CP) || values.Pays !== 'FR') return envelope('<STAT>9</STAT>');
  const department = values.CP.slice(0, 2);
  const limit = Number(values.NombreResultats) || 10;
  const found = points
    .filter((point) => point.postalCode.startsWith(department))
    .slice(0, limit)
    .map((point, index) => pointDetails(point, 350 + index * 900));
  return envelope(`<STAT>0</STAT><PointsRelais>${found.join('')}</PointsRelais>`);
}

export async function startFakeMondialRelay(
  options: {
    port?: number;
    accounts?: ReadonlyMap<string, string>;
    points?: readonly FakeRelayPoint[];
  } = {},
): Promise<FakeMondialRelay> {
  const accounts =
    options.accounts ??
    new Map([[FAKE_MONDIAL_RELAY_ACCOUNT.brand, FAKE_MONDIAL_RELAY_ACCOUNT.privateKey]]);
  const points = options.points ?? FAKE_BREST_POINTS;
  const requests: FakeMondialRelayRequest[] = [];
  const fake = { requests, mode: { kind: 'points' } } as FakeMondialRelay;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const soapAction = request.headers['soapaction'] as string | undefined;
      const values = valuesOf(body);
      requests.push({ soapAction, values });
      const xml = (status: number, text: string) => {
        response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
        response.end(text);
      };
      if (request.method === 'GET') {
        // The service's help page, as an .asmx answers a browser (and a readiness check).
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<html><body>Web_Services (fake Mondial Relay)</body></html>');
        return;
      }
      if (request.method !== 'POST' || !body.includes(`<${POINT_SEARCH_METHOD} `)) {
        xml(500, soapFault('Server did not recognize the value of HTTP Header SOAPAction.'));
        return;
      }
      const mode = fake.mode;
      if (mode.kind === 'fault') xml(500, soapFault('Erreur interne du service.'));
      else if (mode.kind === 'garbage') xml(200, '<html><body>Maintenance</body></html>');
      else if (mode.kind === 'stat') xml(200, envelope(`<STAT>${mode.stat}</STAT>`));
      else xml(200, answerFor(values, accounts, points));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/Web_Services.asmx`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

function soapFault(message: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>' +
    `<faultcode>soap:Server</faultcode><faultstring>${escape(message)}</faultstring>` +
    '</soap:Fault></soap:Body></soap:Envelope>'
  );
}

// Run directly by the journeys' configuration: the fake on its own port until stopped.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.FAKE_MONDIAL_RELAY_PORT ?? 0);
  void startFakeMondialRelay({ port }).then((fake) => {
    process.stdout.write(`fake Mondial Relay on ${fake.url}\n`);
  });
}
