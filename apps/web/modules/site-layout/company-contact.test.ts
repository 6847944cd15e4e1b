import { describe, expect, it } from 'vitest';
import type { Parameter } from '@comptoir/contract/parameter';
import { readParameters } from '../../lib/parameters';
import {
  companyPhones,
  createdByCredit,
  openingHours,
  shownAddresses,
  socialLinks,
  telHref,
} from './company-contact';

function parameters(values: Record<string, string | boolean | null>) {
  const list: Parameter[] = Object.entries(values).map(([type, value], index) => ({
    id: index + 1,
    type,
    kind: typeof value === 'boolean' ? 'BOOLEAN' : 'STRING',
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

  it('gives the phone, mobile and fax numbers; the fax cannot be called', () => {
    const phones = companyPhones(
      parameters({ COMPANY_PHONE: '02 41 78 33 12', COMPANY_FAX: '02 41 78 33 13' }),
    );
    expect(phones).toEqual([
      { number: '02 41 78 33 12', kind: 'Téléphone', href: 'tel:0241783312', mobileOnly: false },
      { number: '02 41 78 33 13', kind: 'Fax', href: null, mobileOnly: false },
    ]);
  });

  it('keeps the callable numbers to phones when MOBILE_ONLY_PHONE is on, never the fax', () => {
    const phones = companyPhones(
      parameters({
        COMPANY_PHONE: '02 41 78 33 12',
        COMPANY_MOBILE: '06 12 34 56 78',
        COMPANY_FAX: '02 41 78 33 13',
        MOBILE_ONLY_PHONE: true,
      }),
    );
    expect(phones.map(({ kind, mobileOnly }) => [kind, mobileOnly])).toEqual([
      ['Téléphone', true],
      ['Portable', true],
      ['Fax', false],
    ]);
  });

  it('credits the site’s maker only with a message, linked only to a web address', () => {
    expect(createdByCredit(parameters({ CREATED_BY_BACKLINK: 'https://agence.fr' }))).toBeNull();
    expect(
      createdByCredit(
        parameters({ CREATED_BY_MESSAGE: 'Site réalisé par Comptoir', CREATED_BY_BACKLINK: null }),
      ),
    ).toEqual({ message: 'Site réalisé par Comptoir', href: null });
    expect(
      createdByCredit(
        parameters({
          CREATED_BY_MESSAGE: 'Site réalisé par Comptoir',
          CREATED_BY_BACKLINK: 'javascript:alert(1)',
        }),
      )?.href,
    ).toBeNull();
    expect(
      createdByCredit(
        parameters({
          CREATED_BY_MESSAGE: 'Site réalisé par Comptoir',
          CREATED_BY_BACKLINK: 'https://comptoir.example/',
        }),
      )?.href,
    ).toBe('https://comptoir.example/');
  });

  it('lists the head office alone unless secondary addresses are shown', () => {
    const addresses = ['Siège', 'Caveau de Saumur', 'Boutique d’Angers'];
    expect(shownAddresses(addresses, parameters({}))).toEqual(['Siège']);
    expect(shownAddresses(addresses, parameters({ SECONDARY_ADDRESSES: true }))).toEqual(addresses);
    expect(shownAddresses([], parameters({ SECONDARY_ADDRESSES: false }))).toEqual([]);
  });
});
