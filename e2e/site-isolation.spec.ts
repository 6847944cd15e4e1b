import { expect, test, type Page } from '@playwright/test';
import { rawRequest, rawRequestFollowing } from './support/raw-http';
import { WEB_PORT } from './support/urls';

/**
 * One site per host (issue 14 §1): the `[site]` segment of the storefront's routes is written by
 * the storefront's server (apps/web/server.ts) from the request's host, never by the visitor. Whatever shape a request gives a site
 * id in its path — dotted, nested, encoded, `_build`, with Next's internal suffixes or headers —
 * it gets the host's own 404 page, in the host site's layout; public files are still served.
 */

interface HostCase {
  host: string;
  siteId: number;
  /** A text only this site's layout shows (its name, in the title and the logo's alt text). */
  ownName: string;
  otherSiteId: number;
  otherName: string;
}

const SALON = 'Atelier de Clémence';
const WINE = 'Trois Coteaux';

const HOSTS: readonly HostCase[] = [
  { host: `localhost:${WEB_PORT}`, siteId: 91, ownName: SALON, otherSiteId: 92, otherName: WINE },
  {
    host: `vins.localhost:${WEB_PORT}`,
    siteId: 92,
    ownName: WINE,
    otherSiteId: 91,
    otherName: SALON,
  },
];

interface RequestShape {
  label: string;
  path: string;
  headers?: Record<string, string>;
  /** Asks for Next's RSC payload (a client navigation) rather than the HTML page. */
  rsc?: boolean;
}

/** The shapes of a request naming a site segment itself; `other` is the other site's id. */
function siteSegmentShapes(own: number, other: number): RequestShape[] {
  const encoded = (id: number) =>
    [...String(id)].map((digit) => `%${digit.charCodeAt(0).toString(16)}`).join('');
  return [
    { label: 'the other site, a dotted path', path: `/${other}/x.y` },
    { label: 'the other site, a plain path', path: `/${other}/x` },
    { label: 'the other site alone', path: `/${other}` },
    { label: 'the other site, a trailing slash', path: `/${other}/` },
    { label: 'the other site, a dotted path and a trailing slash', path: `/${other}/x.y/` },
    { label: 'the other site, nested', path: `/${other}/a/b/c.d` },
    { label: 'the other site, one of its real pages', path: `/${other}/legal-notice` },
    { label: 'the other site, encoded digits', path: `/${encoded(other)}/x.y` },
    { label: 'the other site, an encoded slash', path: `/${other}%2Fx.y` },
    { label: 'the other site, after a dot segment', path: `/x/../${other}/x.y` },
    { label: 'the other site, after a double slash', path: `//${other}/x.y` },
    { label: 'the other site, an index file', path: `/${other}/index.html` },
    { label: 'the other site, an RSC suffix', path: `/${other}/x.y.rsc`, rsc: true },
    { label: 'the other site, under _next/', path: `/_next/${other}/x.y` },
    {
      label: "the other site, after dot segments out of Next's build files",
      path: `/_next/static/../../${other}/x.y`,
    },
    { label: 'the other site, after a dot segment out of /api', path: `/api/../${other}/x.y` },
    { label: 'the other site, under _comptoir/', path: `/_comptoir/${other}/x.y` },
    { label: 'the other site, under a public folder', path: `/sites/${other}/x.y` },
    { label: 'the own site id in the path', path: `/${own}/x.y` },
    { label: 'an unknown site id, dotted', path: '/9999/x.y' },
    { label: 'an unknown site id alone', path: '/9999' },
    { label: 'an id beyond any integer', path: '/99999999999999999999/x.y' },
    { label: 'the build sample', path: '/_build' },
    { label: 'the build sample, dotted', path: '/_build/x.y' },
    { label: "the build sample's prerendered page", path: '/_build/legal-notice' },
    {
      label: 'the other site, with the middleware sub-request header',
      path: `/${other}/x.y`,
      headers: { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' },
    },
    {
      label: 'the other site, asked as an RSC payload',
      path: `/${other}/x.y`,
      headers: { rsc: '1' },
      rsc: true,
    },
    {
      label: 'the other site, with a forged matched path',
      path: `/${other}/x.y`,
      headers: { 'x-matched-path': `/${other}/[...path]`, 'x-invoke-path': `/${other}/x.y` },
    },
  ];
}

for (const { host, siteId, ownName, otherSiteId, otherName } of HOSTS) {
  test.describe(`requests naming a site segment on site ${siteId}'s host`, () => {
    for (const shape of siteSegmentShapes(siteId, otherSiteId)) {
      test(`${shape.label} (${shape.path}) answers site ${siteId}'s own 404`, async () => {
        const response = await rawRequestFollowing({
          host,
          path: shape.path,
          headers: shape.headers,
        });
        if (shape.rsc) {
          // An RSC payload (client navigation) comes with 200 and the not-found tree inside.
          expect(response.headers['content-type']).toContain('text/x-component');
          expect(response.body).toContain('This page could not be found');
        } else {
          expect(response.status).toBe(404);
        }
        expect(response.body).toContain(ownName);
        expect(response.body).not.toContain(otherName);
      });
    }
  });

  test.describe(`files and pages on site ${siteId}'s host`, () => {
    const files = [
      ['/vendor/tarteaucitron/tarteaucitron.js', 'javascript'],
      ['/vendor/tarteaucitron/css/tarteaucitron.css', 'text/css'],
      ['/sites/91/logo.svg', 'image/svg+xml'],
      ['/sites/92/logo.svg', 'image/svg+xml'],
      ['/samples/blog/colorimetrie.svg', 'image/svg+xml'],
      ['/robots.txt', 'text/plain'],
      ['/sitemap.xml', 'xml'],
    ] as const;
    for (const [path, type] of files) {
      test(`${path} is served as a file`, async () => {
        const response = await rawRequestFollowing({ host, path });
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toContain(type);
      });
    }

    test("a client navigation without its cache-busting hash is sent back to the visitor's path", async () => {
      const response = await rawRequest({ host, path: '/legal-notice', headers: { rsc: '1' } });
      expect(response.status).toBe(307);
      // `?_rsc` alone when the request has no router headers to hash.
      expect(response.headers.location).toMatch(/^\/legal-notice\?_rsc(=|$)/);
    });

    test('its home page shows this site, not the other one', async () => {
      const response = await rawRequestFollowing({ host, path: '/' });
      expect(response.status).toBe(200);
      expect(response.body).toContain(ownName);
      expect(response.body).not.toContain(otherName);
    });
  });
}

test("a browser on the salon's host sees the salon's 404 page for the wine site's path", async ({
  page,
}) => {
  const response = await page.goto(`/92/x.y`);
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/Atelier de Clémence/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  await expect(page.getByRole('banner')).not.toContainText(WINE);
});

test("a browser on the wine site's host sees the wine site's 404 page for the salon's path", async ({
  page,
}) => {
  const response = await page.goto(`http://vins.localhost:${WEB_PORT}/91/a.b`);
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/Trois Coteaux/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
});

test.describe('the Content-Security-Policy of each site', () => {
  test("names where scripts may come from, with the wine site's analytics only on its host", async () => {
    const salon = (await rawRequestFollowing({ host: HOSTS[0]!.host, path: '/' })).headers;
    const wine = (await rawRequestFollowing({ host: HOSTS[1]!.host, path: '/' })).headers;
    const directive = (policy: unknown, name: string) =>
      String(policy)
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    expect(directive(salon['content-security-policy'], 'script-src')).toBe(
      "script-src 'self' 'unsafe-inline'",
    );
    // Site 92 connected Google Analytics (GA4): gtag.js and its hits are allowed there only.
    expect(directive(wine['content-security-policy'], 'script-src')).toBe(
      "script-src 'self' 'unsafe-inline' https://www.googletagmanager.com",
    );
    expect(directive(wine['content-security-policy'], 'connect-src')).toContain(
      'https://*.google-analytics.com',
    );
    for (const headers of [salon, wine]) {
      expect(directive(headers['content-security-policy'], 'object-src')).toBe("object-src 'none'");
      expect(directive(headers['content-security-policy'], 'frame-ancestors')).toBe(
        "frame-ancestors 'self'",
      );
    }
  });

  test('sends HSTS only when the storefront itself saw HTTPS, not when a visitor claims it', async () => {
    const response = await rawRequestFollowing({
      host: HOSTS[0]!.host,
      path: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  /** Adds a script element as the cookie banner does for a service; resolves whether it ran. */
  async function scriptRuns(page: Page, src: string): Promise<boolean> {
    return page.evaluate(
      (address) =>
        new Promise<boolean>((resolve) => {
          const script = document.createElement('script');
          script.src = address;
          script.onload = () => resolve(true);
          script.onerror = () => resolve(false);
          document.head.append(script);
        }),
      src,
    );
  }

  /** Records the page's policy violations, and serves stand-in scripts for the outside origins. */
  async function watchPolicy(page: Page): Promise<string[]> {
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        // zod probes `Function('')` once to choose compiled checks, catches the refusal and
        // interprets them instead: an eval the policy is meant to refuse, nothing breaks.
        if (event.violatedDirective.startsWith('script-src') && event.blockedURI === 'eval') return;
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    });
    // No network here: a stand-in answers, so that only the policy can stop a script.
    await page.route(/^https:\/\/(www\.googletagmanager\.com|scripts\.example\.net)\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    return violations;
  }

  const GTAG = 'https://www.googletagmanager.com/gtag/js?id=G-3C0TEAUX92';

  test("lets the wine site's analytics script run, and no script of another origin", async ({
    page,
  }) => {
    const violations = await watchPolicy(page);
    await page.goto(`http://vins.localhost:${WEB_PORT}/`);
    await page.waitForLoadState('networkidle');
    expect(violations, 'the page itself breaks no rule').toEqual([]);
    expect(await scriptRuns(page, GTAG)).toBe(true);
    expect(await scriptRuns(page, 'https://scripts.example.net/x.js')).toBe(false);
    await expect
      .poll(() => violations)
      .toEqual([expect.stringMatching(/^script-src-elem https:\/\/scripts\.example\.net\/x\.js/)]);
  });

  test("keeps the wine site's analytics origin off the salon's pages", async ({ page }) => {
    const violations = await watchPolicy(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(violations, 'the page itself breaks no rule').toEqual([]);
    expect(await scriptRuns(page, GTAG)).toBe(false);
  });
});
