import type { getAllowedDates, holdSlot, releaseSlot } from '@comptoir/contract/calendar';
import type { searchCities } from '@comptoir/contract/city';
import type { getCompanyAddresses } from '@comptoir/contract/contact';
import type { getCountries } from '@comptoir/contract/country';
import type { findAccessPoints } from '@comptoir/contract/relay';
import type { calculateShippingFees } from '@comptoir/contract/shipping';
import { route } from '../account/browser-api';

/*
 * The delivery step's calls named by method and path only (decisions 0037, 0046): the step reads
 * the API's answers without the contract's schemas, so zod stays out of its first load too.
 * delivery-routes.test.ts checks these against the contract.
 */

export const countriesRoute = route<typeof getCountries>('GET', '/countries');
export const citiesRoute = route<typeof searchCities>('GET', '/cities/:search/:idCountry');
export const shippingFeesRoute = route<typeof calculateShippingFees>(
  'POST',
  '/calculate/shipping-fees',
);
export const accessPointsRoute = route<typeof findAccessPoints>('POST', '/relay/access-points');
export const companyAddressRoute = route<typeof getCompanyAddresses>('GET', '/company/address');
export const allowedDatesRoute = route<typeof getAllowedDates>(
  'GET',
  '/calendar/:id/date/allowed/:month/:year',
);
export const holdSlotRoute = route<typeof holdSlot>('POST', '/calendar/:id/hold');
export const releaseSlotRoute = route<typeof releaseSlot>('DELETE', '/calendar/hold/:cartId');
