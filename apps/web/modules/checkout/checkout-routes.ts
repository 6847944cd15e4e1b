import type { checkDiscount } from '@comptoir/contract/discount';
import type { createOrder, getOrder, listOrders, validateOrder } from '@comptoir/contract/order';
import type { listPaymentMethods } from '@comptoir/contract/payment';
import { route } from '../account/browser-api';

/*
 * The order calls named by method and path only (decision 0037): the checkout, confirmation and
 * account pages read the API's answers without the contract's schemas, which come only with the
 * checkout form's own chunk. checkout-routes.test.ts checks these against the contract.
 */

export const validateOrderRoute = route<typeof validateOrder>('POST', '/order/validate');
export const createOrderRoute = route<typeof createOrder>('POST', '/order');
export const listOrdersRoute = route<typeof listOrders>('GET', '/order');
export const getOrderRoute = route<typeof getOrder>('GET', '/order/:id');
export const paymentMethodsRoute = route<typeof listPaymentMethods>(
  'GET',
  '/order/payment-methods',
);
export const checkDiscountRoute = route<typeof checkDiscount>('POST', '/order/discount');
