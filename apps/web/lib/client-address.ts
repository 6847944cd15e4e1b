import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

/** Whether a peer address is a proxy whose forwarding headers are believed. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * WEB_TRUST_PROXY (proxy-addr syntax: `10.0.0.1`, `10.0.0.0/8`, `loopback`, comma-separated): the
 * load balancers in front of the storefront. Unset, nobody is trusted and the address the
 * storefront's socket saw is the client's.
 */
export function compileTrustProxy(setting: string | undefined): TrustProxy {
  const addresses = (setting ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
  return addresses.length === 0 ? () => false : proxyAddr.compile(addresses);
}

/** An IPv4 client seen on a dual-stack socket (`::ffff:127.0.0.2`) written as IPv4. */
function normalizeAddress(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
}

/**
 * Overwrites the forwarding headers of a request before Next sees it, with what this server
 * knows: the client's address (the socket's peer, or what a trusted proxy reports), its scheme
 * and its host. Next keeps a client-sent X-Forwarded-For and passes it on to the API with
 * `/api/*`; written here, it is one value a visitor cannot choose, and the API's per-address
 * limits hold.
 */
export function setForwardingHeaders(request: IncomingMessage, trust: TrustProxy): void {
  const headers = request.headers;
  const peer = request.socket.remoteAddress ?? '';
  const peerTrusted = peer !== '' && trust(peer, 0);
  // proxy-addr walks X-Forwarded-For only past trusted peers: an untrusted peer is the client.
  const client = peerTrusted ? proxyAddr(request, trust) : peer;
  const encrypted = Boolean((request.socket as TLSSocket).encrypted);

  const proto =
    (peerTrusted && firstValue(headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http');
  const host = (peerTrusted && firstValue(headers['x-forwarded-host'])) || headers.host;

  // Forms of the same information a visitor could send to be believed downstream.
  delete headers.forwarded;
  delete headers['x-real-ip'];
  delete headers['x-forwarded-port'];

  if (client === '') delete headers['x-forwarded-for'];
  else headers['x-forwarded-for'] = normalizeAddress(client);
  headers['x-forwarded-proto'] = proto === 'https' ? 'https' : 'http';
  if (host) headers['x-forwarded-host'] = host;
  else delete headers['x-forwarded-host'];
}
