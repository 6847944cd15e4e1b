/**
 * The vocabulary of the catalogue (docs/requirements/catalogue.md), shared by the database enums, the contract and the
 * rules of the cart, so that a value means the same thing everywhere.
 */

/** WINE and BOX are the spec's cart product types; OTHER covers tickets, vouchers, accessories. */
export const PRODUCT_TYPES = ['WINE', 'BOX', 'OTHER'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The only product subtype the spec names: a wine sold by the bottle. */
export const PRODUCT_SUBTYPES = ['BOTTLE'] as const;
export type ProductSubtype = (typeof PRODUCT_SUBTYPES)[number];

export const CAPACITY_UNITS = ['LITER', 'CENTILITRE'] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];

/** The colour of a wine, the storefront's `kind` filter. */
export const WINE_KINDS = ['RED', 'WHITE', 'ROSE', 'SWEET', 'SPARKLING'] as const;
export type WineKind = (typeof WINE_KINDS)[number];

/**
 * How a discount or a customization cost is expressed: NONE (free), EURO (an amount in cents) or
 * PERCENT (basis points, hundredths of a percent: 1000 is 10 %, of the unit price).
 */
export const COST_TYPES = ['NONE', 'EURO', 'PERCENT'] as const;
export type CostType = (typeof COST_TYPES)[number];

export const CUSTOMIZATION_TYPES = ['SIMPLE', 'DYNAMIC_FORM'] as const;
export type CustomizationType = (typeof CUSTOMIZATION_TYPES)[number];

export const CUSTOMIZATION_INPUT_TYPES = ['TEXT', 'SELECT', 'CHECKBOX', 'FILE'] as const;
export type CustomizationInputType = (typeof CUSTOMIZATION_INPUT_TYPES)[number];

/** A capacity in litres, whatever unit the declination uses (75 cl → 0.75). */
export function capacityInLitres(capacity: number, unit: CapacityUnit): number {
  return unit === 'CENTILITRE' ? capacity / 100 : capacity;
}
