import { describe, expect, it } from 'vitest';
import { checkDiscount } from '@comptoir/contract/discount';
import { createOrder, getOrder, listOrders, validateOrder } from '@comptoir/contract/order';
import { listPaymentMethods } from '@comptoir/contract/payment';
import {
  checkDiscountRoute,
  createOrderRoute,
  getOrderRoute,
  listOrdersRoute,
  paymentMethodsRoute,
  validateOrderRoute,
} from './checkout-routes';

describe("the order calls' zod-free routes", () => {
  it.each([
    ['the validation', validateOrderRoute, validateOrder],
    ['the order', createOrderRoute, createOrder],
    ['the history', listOrdersRoute, listOrders],
    ['one order', getOrderRoute, getOrder],
    ['the payment methods', paymentMethodsRoute, listPaymentMethods],
    ['a discount code', checkDiscountRoute, checkDiscount],
  ])('name the same method and path as the contract (%s)', (_name, route, endpoint) => {
    expect({ method: route.method, path: route.path }).toEqual({
      method: endpoint.method,
      path: endpoint.path,
    });
  });
});
