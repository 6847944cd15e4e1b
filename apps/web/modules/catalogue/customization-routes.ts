import type { priceCustomization, validateCustomizationFile } from '@comptoir/contract/cart';
import type { getForm, validateFormAnswer } from '@comptoir/contract/form';
import { route } from '../account/browser-api';

/*
 * The calls of the customization steps, named by method and path only (no schema in the
 * browser); customization-routes.test.ts checks them against the contract.
 */

export const priceRoute = route<typeof priceCustomization>(
  'POST',
  '/cart/product/:idProduct/declination/:idDeclination/customize/price',
);
export const fileValidateRoute = route<typeof validateCustomizationFile>(
  'POST',
  '/product-customization/:id/file/validate',
);
export const formRoute = route<typeof getForm>('GET', '/forms/:id');
export const formValidateRoute = route<typeof validateFormAnswer>(
  'POST',
  '/forms/:id/answer/validate',
);
