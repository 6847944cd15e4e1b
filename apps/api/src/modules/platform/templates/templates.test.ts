import { describe, expect, it } from 'vitest';
import { SITE_TEMPLATES } from '@comptoir/contract/admin-platform';
import { siteParameterCatalogue } from '@comptoir/domain/site-parameters';
import { SITE_TEMPLATE_DEFINITIONS } from '.';

/*
 * What a new site keeps of its template (decision 0063): the look and the way it works (colours,
 * layout, icons, features, shop settings), not a business's identity. Parameters of these
 * groups, and any naming an address, a phone or an e-mail, start at the catalogue default.
 */
const IDENTITY_GROUPS = new Set(['company', 'hours', 'social', 'texts', 'seo']);
const IDENTITY_KEY = /EMAIL|ADDRESS|PHONE|MOBILE|FAX|SIRET|URL/;

describe('the site templates', () => {
  it('exist for every template the platform offers', () => {
    expect(Object.keys(SITE_TEMPLATE_DEFINITIONS).sort()).toEqual([...SITE_TEMPLATES].sort());
  });

  it.each(Object.entries(SITE_TEMPLATE_DEFINITIONS))(
    '%s sets only catalogue parameters, none of them naming a business',
    (_name, template) => {
      const catalogue = new Map<string, (typeof siteParameterCatalogue)[number]>(
        siteParameterCatalogue.map((entry) => [entry.type, entry]),
      );
      for (const key of Object.keys(template.parameters)) {
        const definition = catalogue.get(key);
        expect(definition, key).toBeDefined();
        expect(IDENTITY_GROUPS.has(definition!.group), `${key} (${definition!.group})`).toBe(false);
        expect(key).not.toMatch(IDENTITY_KEY);
      }
      expect(template.parameters).not.toHaveProperty('COMPANY_NAME');
    },
  );

  it.each(Object.entries(SITE_TEMPLATE_DEFINITIONS))(
    '%s gives every page its own address, and has a home page',
    (_name, template) => {
      const urls: string[] = [];
      const walk = (pages: typeof template.pages) => {
        for (const page of pages) {
          urls.push(page.url);
          walk(page.children ?? []);
        }
      };
      walk(template.pages);
      expect(new Set(urls).size).toBe(urls.length);
      expect(urls).toContain('/');
    },
  );
});
