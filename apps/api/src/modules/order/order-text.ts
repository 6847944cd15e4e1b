import type { Order, OrderAddress } from '@comptoir/contract/order';
import { capText, VISITOR_TEXT_LIMITS } from '../mail';

/*
 * The order in words, as the order mails, the invoice and the packing slip all write it: how it
 * travels, its dates, its lines' names and its addresses. Values typed by the customer are
 * capped here; the HTML parts escape them where they are written.
 */

export const DELIVERY_TYPE_LABELS: Readonly<Record<Order['deliveryType'], string>> = {
  DELIVERY: 'Livraison à domicile',
  PICKUP: 'Livraison en point relais',
  CLICK_AND_COLLECT: 'Retrait sur place',
  NO_DELIVERY: 'Sans livraison',
};

const shortDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

/** « 1 juin 2026 », in Paris. */
export function frenchDate(at: Date): string {
  return shortDate.format(at);
}

/** « Chinon Les Graviers 2022 » : the line's name with its vintage. */
export function lineName(line: Pick<Order['lines'][number], 'name' | 'year'>): string {
  return line.year === null ? line.name : `${line.name} ${line.year}`;
}

/** An address the customer typed, as lines, each capped. */
export function addressLines(address: OrderAddress | null | undefined): string[] {
  if (!address) return [];
  const cap = (text: string) => capText(text, VISITOR_TEXT_LIMITS.line);
  return [
    cap(`${address.firstname} ${address.lastname}`),
    cap(address.firstPart),
    ...(address.secondPart ? [cap(address.secondPart)] : []),
    cap(`${address.postalCode} ${address.city}`),
    cap(address.country),
  ];
}

/** The relay point as the order kept it. */
export function accessPointLines(point: Order['accessPoint']): string[] {
  if (!point) return [];
  const cap = (text: string) => capText(text, VISITOR_TEXT_LIMITS.line);
  return [
    point.name,
    point.addLine1,
    [point.zipCode, point.city].filter(Boolean).join(' ') || null,
    point.country,
  ]
    .filter((part): part is string => Boolean(part))
    .map(cap);
}
