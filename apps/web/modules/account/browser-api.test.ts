import { describe, expect, it } from 'vitest';
import { getElementRegistration } from '@comptoir/contract/element-registration';
import { getLogged, getUser } from '@comptoir/contract/user';
import { elementRegistrationRoute, loggedRoute, userRoute } from './browser-api';

describe('first-load routes of the browser client', () => {
  it.each([
    ['GET /logged', loggedRoute, getLogged],
    ['GET /user', userRoute, getUser],
    ['the seats left of an event', elementRegistrationRoute, getElementRegistration],
  ])('name the same method and path as the contract (%s)', (_name, route, endpoint) => {
    expect({ method: route.method, path: route.path }).toEqual({
      method: endpoint.method,
      path: endpoint.path,
    });
  });
});
