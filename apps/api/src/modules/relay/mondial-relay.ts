import { createHash } from 'node:crypto';
import type { AccessPoint } from '@comptoir/contract/relay';
import { distanceMetres } from './relay-provider';

/*
 * Mondial Relay's point search, the SOAP web service `WSI4_PointRelais_Recherche` of
 * api.mondialrelay.com (Mondial Relay's "Solution Web Service" guide): one POST of a SOAP 1.1
 * envelope, signed with the site's private key, answering a STAT code and the points with their
 * address, position, distance and hours (decision 0108).
 */

/** The production address of Mondial Relay's SOAP web services. */
export const MONDIAL_RELAY_API_URL = 'https://api.mondialrelay.com/Web_Services.asmx';
export const MONDIAL_RELAY_NAMESPACE = 'http://www.mondialrelay.fr/webservice/';
export const POINT_SEARCH_METHOD = 'WSI4_PointRelais_Recherche';
const TIMEOUT_MS = 8_000;

/** A site's Mondial Relay account: its brand code ("code enseigne") and private key. */
export interface MondialRelayCredentials {
  brand: string;
  privateKey: string;
}

/** Mondial Relay's code enseigne: two letters or digits then six more, spaces allowed (padding). */
export const MONDIAL_RELAY_BRAND_PATTERN = /^[0-9A-Z]{2}[0-9A-Z ]{6}$/;

/** The brand as the service expects it: upper case, padded with spaces to 8 characters. */
export function normalizedBrand(brand: string): string {
  return brand.trim().toUpperCase().padEnd(8, ' ');
}

/**
 * The request's parameters, in the order of the service's description: the signature is made of
 * their values in this order, so the order is part of the protocol.
 */
export const POINT_SEARCH_PARAMETERS = [
  'Enseigne',
  'Pays',
  'NumPointRelais',
  'Ville',
  'CP',
  'Latitude',
  'Longitude',
  'Taille',
  'Poids',
  'Action',
  'DelaiEnvoi',
  'RayonRecherche',
  'TypeActivite',
  'NACE',
  'NombreResultats',
] as const;
export type PointSearchParameter = (typeof POINT_SEARCH_PARAMETERS)[number];

/**
 * The `Security` field: MD5 of every parameter's value in order, then the private key, written in
 * upper-case hexadecimal (Mondial Relay's signature scheme for its WSI web services).
 */
export function mondialRelaySecurity(
  values: Readonly<Record<PointSearchParameter, string>>,
  privateKey: string,
): string {
  const text = POINT_SEARCH_PARAMETERS.map((name) => values[name]).join('') + privateKey;
  return createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
}

export interface PointSearch {
  /** ISO 3166 alpha-2, as Mondial Relay names countries. */
  countryAlphaTwo: string;
  /** ISO 3166 alpha-3, for the access points the API answers. */
  countryAlphaThree: string;
  postalCode: string;
  position: { latitude: number; longitude: number } | null;
  limit: number;
}

const xmlEscape = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Degrees as the service reads them: a dot and seven decimals. */
const coordinate = (value: number) => value.toFixed(7);

/** The request's values for a search (the city is left out: the postal code places it). */
export function pointSearchValues(
  credentials: MondialRelayCredentials,
  search: PointSearch,
): Record<PointSearchParameter, string> {
  return {
    Enseigne: normalizedBrand(credentials.brand),
    Pays: search.countryAlphaTwo.toUpperCase(),
    NumPointRelais: '',
    Ville: '',
    CP: search.postalCode.trim(),
    Latitude: search.position ? coordinate(search.position.latitude) : '',
    Longitude: search.position ? coordinate(search.position.longitude) : '',
    Taille: '',
    Poids: '',
    Action: '',
    DelaiEnvoi: '0',
    RayonRecherche: '',
    TypeActivite: '',
    NACE: '',
    NombreResultats: String(search.limit),
  };
}

/** The SOAP 1.1 envelope of a point search, signed. */
export function pointSearchEnvelope(
  credentials: MondialRelayCredentials,
  search: PointSearch,
): string {
  const values = pointSearchValues(credentials, search);
  const security = mondialRelaySecurity(values, credentials.privateKey);
  const fields = POINT_SEARCH_PARAMETERS.map(
    (name) => `<${name}>${xmlEscape(values[name])}</${name}>`,
  ).join('');
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema" ' +
    'xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
    `<soap:Body><${POINT_SEARCH_METHOD} xmlns="${MONDIAL_RELAY_NAMESPACE}">` +
    `${fields}<Security>${security}</Security>` +
    `</${POINT_SEARCH_METHOD}></soap:Body></soap:Envelope>`
  );
}

// ---------------------------------------------------------------------------------------------
// The answer
// ---------------------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(value: string): string {
  return value
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, data: string) => data)
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name] ?? whole;
    });
}

/** The first element of this name (any namespace prefix) in the XML, as raw inner text. */
function element(xml: string, name: string): string | null {
  const pattern = new RegExp(
    `<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}\\s*>)`,
  );
  const match = pattern.exec(xml);
  if (!match) return null;
  return match[1] ?? '';
}

/** Every element of this name, as raw inner texts. */
function elements(xml: string, name: string): string[] {
  const pattern = new RegExp(
    `<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}\\s*>`,
    'g',
  );
  return [...xml.matchAll(pattern)].map((match) => match[1] ?? '');
}

/** A field's text, its padding spaces dropped (the service pads names and addresses). */
function field(xml: string, name: string): string {
  const raw = element(xml, name);
  return raw === null ? '' : xmlText(raw).replace(/\s+/g, ' ').trim();
}

/** "48,8614575" or "48.8614575" → 48.8614575; null when it is not a number. */
function decimal(text: string): number | null {
  if (text === '') return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/** The meaning of the STAT codes a point search can answer (Mondial Relay's list of codes). */
const STAT_MESSAGES: Record<string, string> = {
  '1': 'Enseigne invalide',
  '2': 'Numéro d’enseigne vide ou inexistant',
  '8': 'Mot de passe ou hachage invalide',
  '9': 'Ville non reconnue ou non unique',
  '95': 'Compte enseigne non activé',
  '97': 'Clé de sécurité invalide',
  '98': 'Erreur générique (paramètres invalides)',
  '99': 'Erreur générique du service',
};

/** The codes that say the site's account is wrong, not the customer's address. */
const ACCOUNT_STATS = new Set(['1', '2', '8', '95', '97']);

/** Why a search found no point: the provider refused it, or could not be read. */
export class MondialRelayError extends Error {
  override name = 'MondialRelayError';
  constructor(
    message: string,
    /** The STAT code, when the service answered one. */
    readonly stat: string | null,
    /** Whether the site's account (brand, key) is at fault. */
    readonly accountProblem: boolean,
  ) {
    super(message);
  }
}

export function statError(stat: string): MondialRelayError {
  const meaning = STAT_MESSAGES[stat] ?? 'Erreur inconnue';
  return new MondialRelayError(
    `Mondial Relay a refusé la recherche : ${meaning} (code ${stat}).`,
    stat,
    ACCOUNT_STATS.has(stat),
  );
}

/** "Ville non reconnue": no point for an address the service does not know; not an error. */
const NO_MATCH_STATS = new Set(['9']);

/**
 * The access points of a point search's answer, in the service's order (nearest first), with the
 * service's distance in metres, or the distance from the customer's position when it gives none.
 * A STAT other than 0 is a MondialRelayError (9, an unknown place, is an empty list); a point
 * without a readable position is left out.
 */
export function accessPointsFromAnswer(
  xml: string,
  search: Pick<PointSearch, 'countryAlphaThree' | 'position' | 'limit'>,
): AccessPoint[] {
  const result = element(xml, `${POINT_SEARCH_METHOD}Result`);
  if (result === null) {
    throw new MondialRelayError('Mondial Relay a répondu sans résultat lisible.', null, false);
  }
  const beforePoints = result.split(/<(?:[\w.-]+:)?PointsRelais[\s>/]/)[0] ?? result;
  const stat = field(beforePoints, 'STAT');
  if (NO_MATCH_STATS.has(stat)) return [];
  if (stat !== '0') throw statError(stat === '' ? '?' : stat);
  const points: AccessPoint[] = [];
  for (const details of elements(result, 'PointRelais_Details')) {
    const num = field(details, 'Num');
    const latitude = decimal(field(details, 'Latitude'));
    const longitude = decimal(field(details, 'Longitude'));
    if (num === '' || latitude === null || longitude === null) continue;
    const position = { latitude, longitude };
    const name = [field(details, 'LgAdr1'), field(details, 'LgAdr2')].filter(Boolean).join(' ');
    const street = [field(details, 'LgAdr3'), field(details, 'LgAdr4')].filter(Boolean).join(', ');
    const given = decimal(field(details, 'Distance'));
    const distance =
      given !== null && given >= 0
        ? Math.round(given)
        : search.position
          ? Math.round(distanceMetres(search.position, position))
          : 0;
    points.push({
      // Point numbers are per country: the country is part of the id the order keeps.
      id: `MR-${field(details, 'Pays') || '??'}-${num}`,
      name: name || `Point Relais ${num}`,
      addLine1: street,
      zipCode: field(details, 'CP'),
      city: field(details, 'Ville'),
      country: search.countryAlphaThree,
      position,
      icon: '/icons/relay-point.svg',
      distance,
    });
  }
  return points.slice(0, search.limit);
}

/**
 * One point search against the service at `url` (MONDIAL_RELAY_API_URL, or a fake in tests).
 * Throws a MondialRelayError when the service refuses, cannot be reached in time, or answers
 * something that is not its answer; the private key never appears in a message.
 */
export async function searchMondialRelayPoints(
  options: { url: string; credentials: MondialRelayCredentials; fetch?: typeof fetch },
  search: PointSearch,
): Promise<AccessPoint[]> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        soapaction: `"${MONDIAL_RELAY_NAMESPACE}${POINT_SEARCH_METHOD}"`,
      },
      body: pointSearchEnvelope(options.credentials, search),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new MondialRelayError('Mondial Relay ne répond pas pour le moment.', null, false);
  }
  const body = await response.text().catch(() => '');
  if (!response.ok) {
    // A SOAP fault (HTTP 500) names the problem in its faultstring.
    const fault = field(body, 'faultstring');
    throw new MondialRelayError(
      `Mondial Relay a répondu ${response.status}${fault ? ` : ${fault.slice(0, 200)}` : ''}.`,
      null,
      false,
    );
  }
  return accessPointsFromAnswer(body, search);
}
