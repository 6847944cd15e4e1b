import type { OrderBody } from '@comptoir/contract/order';
import type { PaymentMethod } from '@comptoir/domain/order';
import type { CartAddress, CartState } from '../../lib/stores/cart-store';

/*
 * The checkout's rules without React (decision 0055): the form's fields, the order payload built
 * from them and from the delivery step's persisted choices, where the API's problems show, and
 * the recap's amounts. The API recomputes every amount: these only preview them.
 */

/** The checkout form's fields, flat: the form reads them from the page's own controls. */
export interface CheckoutValues {
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  birthdate: string;
  billingFirstname: string;
  billingLastname: string;
  billingLine1: string;
  billingLine2: string;
  billingPostalCode: string;
  billingCity: string;
  billingCountry: string;
  deliveryFirstname: string;
  deliveryLastname: string;
  deliveryLine1: string;
  deliveryLine2: string;
  deliveryPostalCode: string;
  deliveryCity: string;
  deliveryCountry: string;
  message: string;
  acceptTerms: boolean;
}

export type CheckoutField = keyof CheckoutValues;

/** What the checkout reads of the persisted cart state. */
export type CheckoutCartState = Pick<
  CartState,
  | 'city'
  | 'carrier'
  | 'deliveryType'
  | 'clickAndCollect'
  | 'billingAddress'
  | 'deliveryAddress'
  | 'phone'
>;

export interface CheckoutCustomer {
  email: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  birthdate: string | null;
}

const FRANCE_NAME = 'France';

/** A commune's country as an address shows it: France by name, any other by its code. */
export function countryNameOf(alphaThree: string | null | undefined): string {
  return !alphaThree || alphaThree === 'FRA' ? FRANCE_NAME : alphaThree;
}

/** The delivery is carried to an address (home or relay point): a delivery address is needed. */
export function isShipped(state: Pick<CheckoutCartState, 'deliveryType'>): boolean {
  return state.deliveryType === 'delivery';
}

/**
 * The form's first values: what this browser kept of an earlier attempt, else the member's
 * details, and the commune chosen at the delivery step for the addresses.
 */
export function checkoutDefaults(
  state: CheckoutCartState,
  customer: CheckoutCustomer | null,
): CheckoutValues {
  const city = state.city;
  const billing = state.billingAddress;
  const delivery = state.deliveryAddress;
  const firstname = customer?.firstname ?? '';
  const lastname = customer?.lastname ?? '';
  return {
    email: customer?.email ?? '',
    firstname,
    lastname,
    phone: customer?.phone ?? state.phone ?? '',
    birthdate: customer?.birthdate ?? '',
    billingFirstname: billing?.firstName || firstname,
    billingLastname: billing?.lastName || lastname,
    billingLine1: billing?.line1 ?? '',
    billingLine2: billing?.line2 ?? '',
    billingPostalCode: billing?.postalCode || city?.postalCode || '',
    billingCity: billing?.city || city?.name || '',
    billingCountry: billing?.country || countryNameOf(city?.country),
    deliveryFirstname: delivery?.firstName || firstname,
    deliveryLastname: delivery?.lastName || lastname,
    deliveryLine1: delivery?.line1 ?? '',
    deliveryLine2: delivery?.line2 ?? '',
    // The commune is the one the fee was quoted for: changed at the delivery step only.
    deliveryPostalCode: city?.postalCode ?? delivery?.postalCode ?? '',
    deliveryCity: city?.name ?? delivery?.city ?? '',
    deliveryCountry: countryNameOf(city?.country),
    message: '',
    acceptTerms: false,
  };
}

function addressOf(values: CheckoutValues, prefix: 'billing' | 'delivery') {
  const line2 = values[`${prefix}Line2`].trim();
  return {
    type: prefix === 'billing' ? 'BILLING' : 'DELIVERY',
    firstname: values[`${prefix}Firstname`].trim(),
    lastname: values[`${prefix}Lastname`].trim(),
    firstPart: values[`${prefix}Line1`].trim(),
    secondPart: line2 === '' ? null : line2,
    postalCode: values[`${prefix}PostalCode`].trim(),
    city: values[`${prefix}City`].trim(),
    country: values[`${prefix}Country`].trim(),
  };
}

/** An address as the cart state keeps it, for the next visit of the form. */
export function cartAddressOf(values: CheckoutValues, prefix: 'billing' | 'delivery'): CartAddress {
  return {
    firstName: values[`${prefix}Firstname`],
    lastName: values[`${prefix}Lastname`],
    company: '',
    line1: values[`${prefix}Line1`],
    line2: values[`${prefix}Line2`],
    postalCode: values[`${prefix}PostalCode`],
    city: values[`${prefix}City`],
    country: values[`${prefix}Country`],
  };
}

/**
 * A Paris wall-clock time as an ISO instant ("2026-06-02", "10:00" → "2026-06-02T08:00:00.000Z"
 * in summer): the slot's start, as the order payload names it.
 */
export function parisInstant(date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const asUtc = Date.UTC(year!, month! - 1, day!, hour ?? 0, minute ?? 0);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(asUtc));
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  const parisAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
  );
  return new Date(asUtc - (parisAsUtc - asUtc)).toISOString();
}

/** The delivery part of the payload, from the delivery step's choices; null when incomplete. */
export function deliveryPartOf(
  state: CheckoutCartState,
): Pick<
  OrderBody,
  'delivery' | 'dateSchedule' | 'idSchedule' | 'deliveryPostalCode' | 'deliveryIdCountry'
> | null {
  if (state.deliveryType === 'no_delivery') return { delivery: { type: 'NO_DELIVERY' } };
  if (state.deliveryType === 'clickAndCollect') {
    const slot = state.clickAndCollect;
    if (!slot) return null;
    return {
      delivery: { type: 'CLICK_AND_COLLECT', idCompanyAddress: slot.companyAddressId },
      dateSchedule: parisInstant(slot.date, slot.start),
      idSchedule: slot.scheduleId,
    };
  }
  const { carrier, city } = state;
  if (state.deliveryType !== 'delivery' || !carrier || !city) return null;
  const point = carrier.deliveryType === 'PICKUP' ? carrier.accessPoint : null;
  if (carrier.deliveryType === 'PICKUP' && !point) return null;
  return {
    delivery: {
      type: carrier.deliveryType,
      idCarrier: carrier.id,
      ...(point
        ? {
            accessPointId: point.id,
            accessPointName: point.name,
            accessPointAddLine1: point.addLine1,
            accessPointZipCode: point.zipCode,
            accessPointCity: point.city,
            accessPointCountry: point.country,
          }
        : {}),
    },
    deliveryPostalCode: city.postalCode,
    deliveryIdCountry: city.country,
  };
}

export interface OrderChoices {
  cartId: number;
  values: CheckoutValues;
  state: CheckoutCartState;
  /** A member orders under their account: the guest's identity fields are not sent. */
  isMember: boolean;
  sameAddress: boolean;
  paymentMethod: PaymentMethod;
  discountCode: string | null;
  giftVoucherCode: string | null;
}

/**
 * The POST /order payload (docs/requirements/order.md), or null when the delivery is not chosen or
 * the terms of sale are not ticked (the API refuses an order without their acceptance).
 */
export function orderBodyOf(choices: OrderChoices): OrderBody | null {
  const { values, state } = choices;
  const delivery = deliveryPartOf(state);
  if (!delivery || !values.acceptTerms) return null;
  const billing = addressOf(values, 'billing');
  const message = values.message.trim();
  const birthdate = values.birthdate.trim();
  return {
    idCart: choices.cartId,
    user: {
      phone: values.phone.trim(),
      ...(choices.isMember
        ? {}
        : {
            email: values.email.trim(),
            firstname: values.firstname.trim(),
            lastname: values.lastname.trim(),
          }),
      ...(birthdate ? { birthdate } : {}),
    },
    address: {
      billing,
      delivery: isShipped(state)
        ? choices.sameAddress
          ? { ...billing, type: 'DELIVERY' }
          : addressOf(values, 'delivery')
        : null,
    },
    discountCode: choices.discountCode,
    giftVoucherCode: choices.giftVoucherCode,
    message: message === '' ? null : message,
    ...delivery,
    paymentMethod: choices.paymentMethod,
    acceptSaleTerms: true,
  };
}

const ADDRESS_FIELDS: Readonly<Record<string, string>> = {
  firstname: 'Firstname',
  lastname: 'Lastname',
  firstPart: 'Line1',
  secondPart: 'Line2',
  postalCode: 'PostalCode',
  city: 'City',
  country: 'Country',
};

/**
 * The form field that shows an API problem ("user.phone" → phone, "address.billing.city" →
 * billingCity), or null for a problem of the cart or the delivery step (shown in the recap).
 */
export function checkoutFieldOf(key: string, sameAddress: boolean): CheckoutField | null {
  const user = /^user\.(email|firstname|lastname|phone|birthdate)$/.exec(key);
  if (user) return user[1] as CheckoutField;
  if (key === 'message') return 'message';
  if (key === 'acceptSaleTerms') return 'acceptTerms';
  const address = /^address\.(billing|delivery)(?:\.(\w+))?$/.exec(key);
  if (address) {
    const prefix = address[1] === 'delivery' && !sameAddress ? 'delivery' : 'billing';
    const suffix = ADDRESS_FIELDS[address[2] ?? 'firstPart'];
    return suffix ? (`${prefix}${suffix}` as CheckoutField) : null;
  }
  return null;
}

/** The checked values as the payload builder reads them (strings, never null). */
export function checkedValues(output: Record<string, unknown>): CheckoutValues {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(output)) {
    values[name] = value === null || value === undefined ? '' : value;
  }
  return values as unknown as CheckoutValues;
}
