import { describe, expect, it } from 'vitest';
import {
  adminPath,
  appPagePath,
  publicLocation,
  routeRequest as routeWith,
  sitePath,
} from './site-routing';

const publicFiles = new Set(['/vendor/tarteaucitron/tarteaucitron.js', '/sites/91/logo.png']);
const routing = {
  routeRequest: (url: string, options: { dev?: boolean } = {}) =>
    routeWith(url, { publicFiles, ...options }),
  publicLocation,
  sitePath,
  appPagePath,
};

const page = (pathname: string, search = '') => ({ kind: 'page', pathname, search });
const admin = (pathname: string, search = '') => ({ kind: 'admin', pathname, search });

describe("the storefront server's routing of a request", () => {
  it('serves every other path as a page of the host site, with its query', () => {
    expect(routing.routeRequest('/')).toEqual(page('/'));
    expect(routing.routeRequest('/legal-notice?a=1&b')).toEqual(page('/legal-notice', '?a=1&b'));
    expect(routing.routeRequest('/x.y')).toEqual(page('/x.y'));
  });

  it('keeps a path naming a site id inside the host site (its own 404)', () => {
    expect(routing.routeRequest('/92/x.y')).toEqual(page('/92/x.y'));
    expect(routing.routeRequest('/92%2Fx.y')).toEqual(page('/92%2Fx.y'));
    expect(routing.routeRequest('/_build/legal-notice')).toEqual(page('/_build/legal-notice'));
    expect(routing.routeRequest('/_next/92/x.y')).toEqual(page('/_next/92/x.y'));
    expect(routing.routeRequest('/_comptoir/92/x.y')).toEqual(page('/_comptoir/92/x.y'));
    expect(routing.routeRequest('/sites/92/x.y')).toEqual(page('/sites/92/x.y'));
    expect(routing.routeRequest('/api-docs')).toEqual(page('/api-docs'));
  });

  it('decides on the path Next routes on: a dot segment cannot leave the rewrite', () => {
    expect(routing.routeRequest('/x/../92/x.y')).toEqual(page('/92/x.y'));
    expect(routing.routeRequest('/_next/static/../../92/x')).toEqual(page('/92/x'));
    expect(routing.routeRequest('/_next/static/%2e%2e/92/x')).toEqual(page('/_next/92/x'));
    expect(routing.routeRequest('/api/../92/x')).toEqual(page('/92/x'));
    expect(routing.routeRequest('/vendor/tarteaucitron/../../92/x')).toEqual(page('/92/x'));
  });

  it('never serves an absolute-form target as it is (Next cleans up its `//` first)', () => {
    expect(routing.routeRequest('http://other.example/_next/static/x.js').kind).toBe('redirect');
  });

  it("answers Next's own clean-up redirects before the rewrite, without the site segment", () => {
    expect(routing.routeRequest('//92/x.y')).toEqual({ kind: 'redirect', location: '/92/x.y' });
    expect(routing.routeRequest('/a\\b//c?x=//y')).toEqual({
      kind: 'redirect',
      location: '/a/b/c?x=//y',
    });
    expect(routing.routeRequest('/legal-notice/?a=1')).toEqual({
      kind: 'redirect',
      location: '/legal-notice?a=1',
    });
    expect(routing.routeRequest('/92/')).toEqual({ kind: 'redirect', location: '/92' });
    expect(routing.routeRequest('/92/x.y/')).toEqual({ kind: 'redirect', location: '/92/x.y' });
  });

  it('leaves /api to the proxy and serves build files, public files and hooks as they are', () => {
    expect(routing.routeRequest('/api')).toEqual({ kind: 'api' });
    expect(routing.routeRequest('/api/parameter?x=1')).toEqual({ kind: 'api' });
    expect(routing.routeRequest('/_next/static/chunks/a.js')).toEqual({ kind: 'as-is' });
    expect(routing.routeRequest('/_next/image?url=%2Fa.png&w=64&q=75')).toEqual({ kind: 'as-is' });
    expect(routing.routeRequest('/vendor/tarteaucitron/tarteaucitron.js')).toEqual({
      kind: 'as-is',
    });
    expect(routing.routeRequest('/sites/91/logo.png')).toEqual({ kind: 'as-is' });
    expect(routing.routeRequest('/_comptoir/revalidate')).toEqual({ kind: 'as-is' });
    expect(routing.routeRequest('/robots.txt')).toEqual({ kind: 'as-is' });
    expect(routing.routeRequest('/sitemap.xml')).toEqual({ kind: 'as-is' });
    expect(routing.routeRequest('/favicon.ico')).toEqual({ kind: 'as-is' });
  });

  it("lets Next's development endpoints through in development only", () => {
    expect(routing.routeRequest('/_next/webpack-hmr', { dev: true })).toEqual({ kind: 'as-is' });
    expect(routing.routeRequest('/__nextjs_original-stack-frames', { dev: true })).toEqual({
      kind: 'as-is',
    });
    expect(routing.routeRequest('/_next/webpack-hmr')).toEqual(page('/_next/webpack-hmr'));
  });

  it("writes the site's route", () => {
    expect(routing.sitePath(91, '/')).toBe('/91');
    expect(routing.sitePath(92, '/legal-notice')).toBe('/92/legal-notice');
    // A vintage's e-label has a root layout of its own (decision 0109).
    expect(routing.sitePath(92, '/e-label/12')).toBe('/e-label/92/12');
    expect(routing.sitePath(92, '/e-label')).toBe('/92/e-label');
  });

  it('renders a filtered or sorted catalogue list from a path of its own', () => {
    expect(routing.appPagePath('/nos-vins', '?categorie=rouge')).toBe(
      '/nos-vins/vue/categorie%3Drouge',
    );
    // One canonical form, whatever the order and the defaults written.
    expect(routing.appPagePath('/nos-vins', '?tri=nom&page=1&categorie=blanc&x=1')).toBe(
      '/nos-vins/vue/categorie%3Dblanc%26tri%3Dnom',
    );
    expect(routing.appPagePath('/nos-vins', '?recherche=ros%C3%A9&etiquette=bio&page=2')).toBe(
      `/nos-vins/vue/${encodeURIComponent('recherche=ros%C3%A9&etiquette=bio&page=2')}`,
    );
  });

  it('keeps the plain list, and every other page, where they are', () => {
    expect(routing.appPagePath('/nos-vins', '')).toBe('/nos-vins');
    expect(routing.appPagePath('/nos-vins', '?page=1')).toBe('/nos-vins');
    // A sort the address names is kept: each site has its own default order (PRODUCT_ORDER).
    expect(routing.appPagePath('/nos-vins', '?tri=prix-croissant&page=1')).toBe(
      '/nos-vins/vue/tri%3Dprix-croissant',
    );
    expect(routing.appPagePath('/nos-vins', '?categorie=inconnue&_rsc=abc')).toBe('/nos-vins');
    expect(routing.appPagePath('/nos-vins/anjou-blanc-12', '?categorie=rouge')).toBe(
      '/nos-vins/anjou-blanc-12',
    );
    expect(routing.appPagePath('/le-domaine', '?categorie=rouge')).toBe('/le-domaine');
  });

  it("gives a Location naming the site's route back as the visitor's path", () => {
    expect(routing.publicLocation('/91/legal-notice?_rsc=abc', 91)).toBe('/legal-notice?_rsc=abc');
    expect(routing.publicLocation('/91?_rsc=abc', 91)).toBe('/?_rsc=abc');
    expect(routing.publicLocation('/91', 91)).toBe('/');
    expect(routing.publicLocation('/91/91/x', 91)).toBe('/91/x');
    expect(routing.publicLocation('/910/x', 91)).toBe('/910/x');
    expect(routing.publicLocation('/legal-notice', 91)).toBe('/legal-notice');
    expect(routing.publicLocation('https://example.com/91/x', 91)).toBe('https://example.com/91/x');
  });

  it('serves /admin and what follows it from the back office of the host site', () => {
    expect(routing.routeRequest('/admin')).toEqual(admin('/'));
    expect(routing.routeRequest('/admin?_rsc=abc')).toEqual(admin('/', '?_rsc=abc'));
    expect(routing.routeRequest('/admin/journal?page=2')).toEqual(admin('/journal', '?page=2'));
    expect(routing.routeRequest('/admin/messages/12')).toEqual(admin('/messages/12'));
    // Not the back office: a page whose path only starts with the same letters.
    expect(routing.routeRequest('/administration')).toEqual(page('/administration'));
    expect(routing.routeRequest('/admin/')).toEqual({ kind: 'redirect', location: '/admin' });
    expect(routing.routeRequest('/x/../admin/journal')).toEqual(admin('/journal'));
  });

  it("keeps a path naming another site's back office inside the host site's one", () => {
    expect(routing.routeRequest('/admin/92/journal')).toEqual(admin('/92/journal'));
    expect(adminPath(91, '/92/journal')).toBe('/admin/91/92/journal');
    expect(routing.routeRequest('/91/admin')).toEqual(page('/91/admin'));
  });

  it("writes the back office's route and gives its Locations back as public paths", () => {
    expect(adminPath(91, '/')).toBe('/admin/91');
    expect(adminPath(92, '/journal')).toBe('/admin/92/journal');
    expect(publicLocation('/admin/91/journal?_rsc=a', 91, 'admin')).toBe('/admin/journal?_rsc=a');
    expect(publicLocation('/admin/91?_rsc=a', 91, 'admin')).toBe('/admin?_rsc=a');
    expect(publicLocation('/admin/91', 91, 'admin')).toBe('/admin');
    expect(publicLocation('/admin/910/x', 91, 'admin')).toBe('/admin/910/x');
    expect(publicLocation('/auth?next=%2Fadmin', 91, 'admin')).toBe('/auth?next=%2Fadmin');
  });
});
