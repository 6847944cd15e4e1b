import { describe, expect, it } from 'vitest';
import type { Logo } from '@comptoir/contract/site';
import { FALLBACK_ICON_PATH, siteIconUrl } from './site-icon';

const logo = (type: Logo['type'], url: string | null) =>
  ({ type, onlineImage: url === null ? null : { url } }) as Logo;

describe("a site's tab icon", () => {
  it("is the site's favicon logo, or Comptoir's when it has none", () => {
    expect(
      siteIconUrl({
        logos: [logo('LOGO', '/sites/92/logo.svg'), logo('LOGO_FAVICON', '/sites/92/favicon.svg')],
      }),
    ).toBe('/sites/92/favicon.svg');
    expect(siteIconUrl({ logos: [logo('LOGO', '/sites/92/logo.svg')] })).toBe(FALLBACK_ICON_PATH);
    expect(siteIconUrl({ logos: [logo('LOGO_FAVICON', null)] })).toBe(FALLBACK_ICON_PATH);
  });
});
