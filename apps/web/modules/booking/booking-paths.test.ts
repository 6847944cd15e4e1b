import { describe, expect, it } from 'vitest';
import { bookingManagePath } from '@comptoir/contract/booking';
import {
  addressWithoutToken,
  bookingPathFor,
  manageBookingPath,
  parseRowId,
  tokenFromAddress,
} from './booking-paths';

const TOKEN = 'k2V9x_Qm-4rT8pLw0ZbN3yHc';

describe('the booking addresses', () => {
  it('preselects a bookable service from a service page', () => {
    expect(bookingPathFor()).toBe('/reserver');
    expect(bookingPathFor(7)).toBe('/reserver?prestation=7');
    expect(manageBookingPath(42)).toBe('/reservation/42');
  });

  it('reads only positive row ids', () => {
    expect(parseRowId('42')).toBe(42);
    for (const bad of ['0', '-1', '4.2', '1e3', '042', '99999999999', '', null, undefined]) {
      expect(parseRowId(bad)).toBeNull();
    }
  });

  it('reads the token from the fragment of the mail’s link, or from its query', () => {
    expect(tokenFromAddress(`#token=${TOKEN}`, '')).toBe(TOKEN);
    expect(tokenFromAddress('', `?token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromAddress('', '')).toBeNull();
  });

  it('ignores a token that does not look like one rather than sending it', () => {
    expect(tokenFromAddress('#token=<script>', '')).toBeNull();
    expect(tokenFromAddress('#token=short', '')).toBeNull();
  });

  it('takes the token out of the address bar and keeps the rest', () => {
    expect(addressWithoutToken('/reservation/4', `?token=${TOKEN}`)).toBe('/reservation/4');
    expect(addressWithoutToken('/reservation/4', `?token=${TOKEN}&x=1`)).toBe('/reservation/4?x=1');
  });
});

it('opens the link the API writes in its mails, token included', () => {
  const link = new URL(bookingManagePath(42, TOKEN), 'https://www.atelier-clemence.fr');
  expect(link.pathname).toBe(manageBookingPath(42));
  expect(parseRowId(link.pathname.split('/').at(-1))).toBe(42);
  expect(tokenFromAddress(link.hash, link.search)).toBe(TOKEN);
});
