import { describe, expect, it } from 'vitest';
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
    expect(manageBookingPath(42)).toBe('/reserver/ma-reservation/42');
  });

  it('reads only positive row ids', () => {
    expect(parseRowId('42')).toBe(42);
    for (const bad of ['0', '-1', '4.2', '1e3', '042', '99999999999', '', null, undefined]) {
      expect(parseRowId(bad)).toBeNull();
    }
  });

  it('reads the token from the fragment of the mail’s link, or from its query', () => {
    expect(tokenFromAddress(`#cle=${TOKEN}`, '')).toBe(TOKEN);
    expect(tokenFromAddress('', `?cle=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromAddress('', '')).toBeNull();
  });

  it('ignores a token that does not look like one rather than sending it', () => {
    expect(tokenFromAddress('#cle=<script>', '')).toBeNull();
    expect(tokenFromAddress('#cle=short', '')).toBeNull();
  });

  it('takes the token out of the address bar and keeps the rest', () => {
    expect(addressWithoutToken('/reserver/ma-reservation/4', `?cle=${TOKEN}`)).toBe(
      '/reserver/ma-reservation/4',
    );
    expect(addressWithoutToken('/reserver/ma-reservation/4', `?cle=${TOKEN}&x=1`)).toBe(
      '/reserver/ma-reservation/4?x=1',
    );
  });
});
