import { describe, expect, it } from 'vitest';
import type { Parameter } from '@comptoir/contract/parameter';
import { readParameters } from '../../lib/parameters';
import { openingHours, socialLinks, telHref } from './company-contact';

function parameters(values: Record<string, string | null>) {
  const list: Parameter[] = Object.entries(values).map(([type, value], index) => ({
    id: index + 1,
    type,
    kind: 'STRING',
    label: type,
    value,
  }));
  return readParameters(list);
}

describe('company contact details', () => {
  it('lists only the social pages that are set, and only as http(s) links', () => {
    const links = socialLinks(
      parameters({
        FACEBOOK_URL: 'https://www.facebook.com/atelier',
        INSTAGRAM_URL: 'javascript:alert(1)',
        PINTEREST_HANDLE: '@atelier',
        LINKEDIN_URL: null,
      }),
    );
    expect(links).toEqual([
      { network: 'FACEBOOK_URL', label: 'Facebook', href: 'https://www.facebook.com/atelier' },
      {
        network: 'PINTEREST_HANDLE',
        label: 'Pinterest',
        href: 'https://www.pinterest.com/atelier',
      },
    ]);
  });

  it('turns a French phone number into a tel: link', () => {
    expect(telHref('02 51 64 23 18')).toBe('tel:0251642318');
    expect(telHref('+33 (0)2.51.64.23.18')).toBe('tel:+330251642318');
    expect(telHref('sur rendez-vous')).toBeNull();
  });

  it('keeps the days with opening hours, from Monday', () => {
    const hours = openingHours(
      parameters({ SATURDAY_HOURS: '9h – 12h', TUESDAY_HOURS: '9h – 18h' }),
    );
    expect(hours).toEqual([
      { day: 'Mardi', hours: '9h – 18h' },
      { day: 'Samedi', hours: '9h – 12h' },
    ]);
  });
});
