import { describe, expect, it } from 'vitest';
import { getAllowedDates, holdSlot, releaseSlot } from '@comptoir/contract/calendar';
import { searchCities } from '@comptoir/contract/city';
import { getCompanyAddresses } from '@comptoir/contract/contact';
import { getCountries } from '@comptoir/contract/country';
import { findAccessPoints } from '@comptoir/contract/relay';
import {
  NO_CARRIER_MESSAGE as CONTRACT_NO_CARRIER,
  UNKNOWN_POSTAL_CODE_MESSAGE as CONTRACT_UNKNOWN_POSTAL_CODE,
  calculateShippingFees,
} from '@comptoir/contract/shipping';
import { NO_CARRIER_MESSAGE } from './delivery-model';
import { UNKNOWN_POSTAL_CODE_MESSAGE } from './foreign-address';
import {
  accessPointsRoute,
  allowedDatesRoute,
  citiesRoute,
  companyAddressRoute,
  countriesRoute,
  holdSlotRoute,
  releaseSlotRoute,
  shippingFeesRoute,
} from './delivery-routes';

describe("the delivery step's zod-free routes", () => {
  it.each([
    ['countries', countriesRoute, getCountries],
    ['cities', citiesRoute, searchCities],
    ['shipping fees', shippingFeesRoute, calculateShippingFees],
    ['relay points', accessPointsRoute, findAccessPoints],
    ['company addresses', companyAddressRoute, getCompanyAddresses],
    ['allowed dates', allowedDatesRoute, getAllowedDates],
    ['slot hold', holdSlotRoute, holdSlot],
    ['slot release', releaseSlotRoute, releaseSlot],
  ])('name the same method and path as the contract (%s)', (_name, route, endpoint) => {
    expect({ method: route.method, path: route.path }).toEqual({
      method: endpoint.method,
      path: endpoint.path,
    });
  });
});

it('says what the contract says when no carrier serves the address', () => {
  expect(NO_CARRIER_MESSAGE).toBe(CONTRACT_NO_CARRIER);
});

it('says what the contract says when a postal code cannot exist in the country', () => {
  expect(UNKNOWN_POSTAL_CODE_MESSAGE).toBe(CONTRACT_UNKNOWN_POSTAL_CODE);
});
