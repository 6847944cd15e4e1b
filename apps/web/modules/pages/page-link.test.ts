import { describe, expect, it } from 'vitest';
import { pageLink } from './page-link';

const page = { url: '/nos-vins' };

describe('pageLink', () => {
  it('leads to the page itself without a link', () => {
    expect(pageLink({ ...page, link: null })).toEqual({ href: '/nos-vins', external: false });
  });

  it('opens an external http link as external', () => {
    const link = { type: 'EXTERNAL' as const, url: 'https://example.org/avis', jsCode: null };
    expect(pageLink({ ...page, link })).toEqual({
      href: 'https://example.org/avis',
      external: true,
    });
  });

  it('refuses a javascript: URL given as an external link', () => {
    const link = { type: 'EXTERNAL' as const, url: 'javascript:alert(1)', jsCode: null };
    expect(pageLink({ ...page, link })).toEqual({ href: '/nos-vins', external: false });
  });

  it('follows an internal link to another page of the site, never to another host', () => {
    const internal = { type: 'INTERNAL' as const, url: '/boutique', jsCode: null };
    expect(pageLink({ ...page, link: internal }).href).toBe('/boutique');
    const protocolRelative = { type: 'INTERNAL' as const, url: '//evil.example', jsCode: null };
    expect(pageLink({ ...page, link: protocolRelative }).href).toBe('/nos-vins');
  });

  it('never runs the code of a JAVASCRIPT link', () => {
    const link = { type: 'JAVASCRIPT' as const, url: null, jsCode: 'alert(1)' };
    expect(pageLink({ ...page, link })).toEqual({ href: '/nos-vins', external: false });
  });
});
