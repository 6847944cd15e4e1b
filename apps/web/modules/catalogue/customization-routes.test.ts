import { describe, expect, it } from 'vitest';
import { priceCustomization, validateCustomizationFile } from '@comptoir/contract/cart';
import { getForm, validateFormAnswer } from '@comptoir/contract/form';
import {
  fileValidateRoute,
  formRoute,
  formValidateRoute,
  priceRoute,
} from './customization-routes';

describe('the customization steps’ calls', () => {
  it.each([
    ['the price of the answers', priceRoute, priceCustomization],
    ['the file check', fileValidateRoute, validateCustomizationFile],
    ['the form of a DYNAMIC_FORM step', formRoute, getForm],
    ['the form’s check', formValidateRoute, validateFormAnswer],
  ])('name the same method and path as the contract (%s)', (_name, route, endpoint) => {
    expect({ method: route.method, path: route.path }).toEqual({
      method: endpoint.method,
      path: endpoint.path,
    });
  });
});
