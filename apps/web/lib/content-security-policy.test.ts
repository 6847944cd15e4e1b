import { describe, expect, it } from 'vitest';
import { scriptOrigins, siteContentSecurityPolicy } from './content-security-policy';

function directive(policy: string, name: string): string | undefined {
  return policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

describe('a site page Content-Security-Policy', () => {
  it('lets scripts come only from the storefront and inline when the site configured nothing', () => {
    const policy = siteContentSecurityPolicy({ analytics: [], scriptToLoad: null });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'unsafe-inline'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'self'");
  });

  it('lets Stripe in only on a site that takes cards', () => {
    const withCards = siteContentSecurityPolicy({
      analytics: [],
      scriptToLoad: null,
      cardPayment: true,
    });
    expect(directive(withCards, 'script-src')).toBe(
      "script-src 'self' 'unsafe-inline' https://js.stripe.com https://*.js.stripe.com",
    );
    expect(directive(withCards, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    expect(directive(withCards, 'frame-src')).toContain(
      'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
    );
    const without = siteContentSecurityPolicy({ analytics: [], scriptToLoad: null });
    expect(without).not.toContain('stripe');
  });

  it("lets the relay map's OpenStreetMap tiles and Leaflet's inline styles in", () => {
    const policy = siteContentSecurityPolicy({ analytics: [], scriptToLoad: null });
    expect(directive(policy, 'img-src')!.split(' ')).toContain('https://tile.openstreetmap.org');
    expect(directive(policy, 'style-src')).toContain("'unsafe-inline'");
  });

  it('lets the embed players the page blocks allow be framed', () => {
    const policy = siteContentSecurityPolicy({ analytics: [], scriptToLoad: null });
    expect(directive(policy, 'frame-src')).toContain('https://www.youtube-nocookie.com');
    expect(directive(policy, 'frame-src')).toContain('https://player.vimeo.com');
    expect(directive(policy, 'frame-src')).toContain('https://www.google.com');
  });

  it("adds each configured analytics service's script and collection origins", () => {
    const policy = siteContentSecurityPolicy({
      analytics: [
        { app: 'GOOGLE_ANALYTICS', config: { measurementId: 'G-3C0TEAUX92' } },
        { app: 'MATOMO', config: { url: 'https://stats.example.fr/matomo/', siteId: '7' } },
        { app: 'PLAUSIBLE', config: { domain: 'example.fr', scriptHost: 'plausible.example.fr' } },
        { app: 'FACEBOOK_PIXEL', config: { pixelId: '123456789012' } },
      ],
      scriptToLoad: null,
    });
    expect(directive(policy, 'script-src')).toBe(
      "script-src 'self' 'unsafe-inline' https://www.googletagmanager.com https://stats.example.fr https://plausible.example.fr https://connect.facebook.net",
    );
    expect(directive(policy, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(directive(policy, 'connect-src')).toContain('https://stats.example.fr');
    expect(directive(policy, 'connect-src')).toContain('https://www.facebook.com');
  });

  it('uses plausible.io when the site names no Plausible host', () => {
    const policy = siteContentSecurityPolicy({
      analytics: [{ app: 'PLAUSIBLE', config: { domain: 'example.fr' } }],
      scriptToLoad: null,
    });
    expect(directive(policy, 'script-src')).toContain('https://plausible.io');
  });

  it("adds the origins the site's own script loads from", () => {
    const policy = siteContentSecurityPolicy({
      analytics: [],
      scriptToLoad:
        "var s = document.createElement('script'); s.src = 'https://widget.example.com/loader.js'; document.head.append(s);",
    });
    expect(directive(policy, 'script-src')).toBe(
      "script-src 'self' 'unsafe-inline' https://widget.example.com",
    );
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://widget.example.com");
  });
});

describe('the origins a custom script names', () => {
  it('finds https and protocol-relative addresses, once each', () => {
    expect(
      scriptOrigins(
        "load('https://cdn.example.com/a.js'); load('//cdn.example.com/b.js'); fetch(\"https://API.example.org:8443/x\")",
      ),
    ).toEqual(['https://cdn.example.com', 'https://api.example.org:8443']);
  });

  it('leaves out plain http and text that only looks like a host', () => {
    expect(scriptOrigins("load('http://insecure.example.com/a.js'); // a comment")).toEqual([]);
    expect(scriptOrigins(null)).toEqual([]);
  });
});
