import { describe, expect, it } from 'vitest';
import {
  CITY_REQUIRED_MESSAGE,
  UNKNOWN_POSTAL_CODE_MESSAGE,
  foreignAddressErrors,
} from './foreign-address';

describe('a destination typed outside France', () => {
  it("accepts a postal code in the country's format with a city", () => {
    expect(foreignAddressErrors('BEL', '1000', 'Bruxelles')).toEqual({
      postalCode: null,
      city: null,
    });
    expect(foreignAddressErrors('DEU', '10115', 'Berlin').postalCode).toBeNull();
    expect(foreignAddressErrors('CHE', '1201', 'Genève').postalCode).toBeNull();
    expect(foreignAddressErrors('GBR', 'sw1a 1aa', 'London').postalCode).toBeNull();
  });

  it('refuses a code the country cannot have, and a missing city', () => {
    expect(foreignAddressErrors('BEL', '10000', '  ')).toEqual({
      postalCode: UNKNOWN_POSTAL_CODE_MESSAGE,
      city: CITY_REQUIRED_MESSAGE,
    });
    expect(foreignAddressErrors('DEU', '1011', 'Berlin').postalCode).toBe(
      UNKNOWN_POSTAL_CODE_MESSAGE,
    );
    expect(foreignAddressErrors('CHE', 'ABCD', 'Genève').postalCode).toBe(
      UNKNOWN_POSTAL_CODE_MESSAGE,
    );
  });
});
