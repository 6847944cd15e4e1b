import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { compileTrustProxy, setForwardingHeaders } from './client-address';

function request(
  remoteAddress: string,
  headers: IncomingMessage['headers'],
  encrypted = false,
): IncomingMessage {
  return { socket: { remoteAddress, encrypted }, headers } as unknown as IncomingMessage;
}

describe('the forwarding headers the storefront writes', () => {
  it("replaces a visitor's X-Forwarded-For with the address its socket came from", () => {
    const incoming = request('127.0.0.2', {
      host: 'localhost:3000',
      'x-forwarded-for': '203.0.113.7, 198.51.100.1',
      'x-real-ip': '203.0.113.7',
      forwarded: 'for=203.0.113.7',
    });
    setForwardingHeaders(incoming, compileTrustProxy(undefined));
    expect(incoming.headers['x-forwarded-for']).toBe('127.0.0.2');
    expect(incoming.headers['x-real-ip']).toBeUndefined();
    expect(incoming.headers.forwarded).toBeUndefined();
  });

  it('writes an IPv4 client seen on a dual-stack socket as IPv4', () => {
    const incoming = request('::ffff:192.0.2.10', { host: 'localhost:3000' });
    setForwardingHeaders(incoming, compileTrustProxy(''));
    expect(incoming.headers['x-forwarded-for']).toBe('192.0.2.10');
  });

  it("ignores a visitor's X-Forwarded-Proto and -Host: the scheme and host are the connection's", () => {
    const incoming = request('203.0.113.7', {
      host: 'vins.localhost:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'localhost:3000',
    });
    setForwardingHeaders(incoming, compileTrustProxy(undefined));
    expect(incoming.headers['x-forwarded-proto']).toBe('http');
    expect(incoming.headers['x-forwarded-host']).toBe('vins.localhost:3000');
  });

  it('marks a TLS connection as https', () => {
    const incoming = request('203.0.113.7', { host: 'example.fr' }, true);
    setForwardingHeaders(incoming, compileTrustProxy(undefined));
    expect(incoming.headers['x-forwarded-proto']).toBe('https');
  });

  it('believes a trusted load balancer, and only the hops it vouches for', () => {
    const trust = compileTrustProxy('10.0.0.0/8');
    const incoming = request('10.0.0.5', {
      host: 'example.fr',
      // The visitor forged the first entry; the balancer appended the address it saw.
      'x-forwarded-for': '198.51.100.66, 203.0.113.7',
      'x-forwarded-proto': 'https',
    });
    setForwardingHeaders(incoming, trust);
    expect(incoming.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(incoming.headers['x-forwarded-proto']).toBe('https');
  });

  it('does not believe a peer outside WEB_TRUST_PROXY', () => {
    const trust = compileTrustProxy('10.0.0.0/8');
    const incoming = request('203.0.113.9', {
      host: 'example.fr',
      'x-forwarded-for': '198.51.100.66',
      'x-forwarded-proto': 'https',
    });
    setForwardingHeaders(incoming, trust);
    expect(incoming.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(incoming.headers['x-forwarded-proto']).toBe('http');
  });
});
