import dns, { type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { HttpError } from '../../http/http-error';
import {
  SVG_PRIVATE_ADDRESS_MESSAGE,
  SVG_REDIRECT_REFUSED_MESSAGE,
  type SvgSourceSettings,
} from './svg-sources';

/*
 * Fetching an SVG from an allowed origin, without becoming a way into the server's network:
 * a host name that resolves to a private, loopback or link-local address is refused at connection
 * time (so a DNS answer cannot change between a check and the connection), redirections are
 * followed only to allowed origins, and the size and the time are bounded.
 */

/** IPv4-compatible IPv6 (::a.b.c.d, deprecated): ipaddr.js calls it unicast, we do not. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Whether an IP address is anything but a public unicast address of the Internet, by ipaddr.js's
 * ranges: loopback, private, link-local, unique-local, unspecified, carrier-grade NAT, multicast,
 * documentation and reserved blocks, and the IPv6 forms that carry an IPv4 address (IPv4-mapped
 * ::ffff:7f00:1 is judged as the IPv4 it maps, NAT64, 6to4, Teredo and IPv4-compatible are
 * refused outright). Brackets and zone ids are accepted; anything that is not an IP address,
 * whatever its spelling (decimal, octal or hexadecimal IPv4 forms are read as IPv4), counts as
 * private: an address we cannot judge is not fetched.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return true;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return true;
  return parsed.range() !== 'unicast';
}

class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
}

/** dns.lookup, refusing the host when any of its addresses is private. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused || addresses.length === 0) {
      return callback(
        Object.assign(new PrivateAddressError(`${hostname} resolves to ${refused?.address}`), {
          code: 'EPRIVATEADDRESS',
        }),
        '',
        0,
      );
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function fetchFailed(message: string, cause?: unknown): HttpError {
  return new HttpError(502, message, undefined, { cause });
}

function tooLarge(maxBytes: number): HttpError {
  return fetchFailed(`L'image SVG dépasse la taille maximale de ${maxBytes / 1024} Kio.`);
}

type Answer = { redirect: string } | { body: string };

function requestOnce(url: URL, settings: SvgSourceSettings, signal: AbortSignal): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        lookup: publicOnlyLookup,
        // A fresh connection each time: a kept-alive one could outlive the address check.
        agent: false,
        headers: { accept: 'image/svg+xml', 'user-agent': 'Comptoir load-svg' },
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(status) && location) {
          response.resume();
          resolve({ redirect: location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(fetchFailed(`Le serveur de l'image a répondu ${status}.`));
          return;
        }
        const announced = Number(response.headers['content-length']);
        if (Number.isFinite(announced) && announced > settings.maxBytes) {
          response.destroy();
          reject(tooLarge(settings.maxBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > settings.maxBytes) {
            response.destroy();
            reject(tooLarge(settings.maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** The text of a remote SVG, following allowed redirections, within the size and time limits. */
export async function fetchRemoteSvg(url: URL, settings: SvgSourceSettings): Promise<string> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let current = url;
  for (let redirections = 0; ; redirections += 1) {
    let answer: Answer;
    try {
      answer = await requestOnce(current, settings, signal);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof PrivateAddressError)
        throw new HttpError(400, SVG_PRIVATE_ADDRESS_MESSAGE);
      if (signal.aborted)
        throw fetchFailed("Le serveur de l'image n'a pas répondu à temps.", error);
      throw fetchFailed("L'image n'a pas pu être chargée.", error);
    }
    if ('body' in answer) return answer.body;
    let next: URL;
    try {
      next = new URL(answer.redirect, current);
    } catch {
      throw fetchFailed("Le serveur de l'image a donné une redirection invalide.");
    }
    if (
      (next.protocol !== 'http:' && next.protocol !== 'https:') ||
      !settings.allowedOrigins.includes(next.origin)
    ) {
      throw new HttpError(400, SVG_REDIRECT_REFUSED_MESSAGE);
    }
    if (redirections >= settings.maxRedirects) {
      throw fetchFailed("L'image redirige trop de fois.");
    }
    current = next;
  }
}
