import { capacityInLitres, type CapacityUnit, type ProductType } from './catalogue';

/** Below this capacity a wine counts as half a bottle (docs/requirements/delivery.md). */
export const FULL_BOTTLE_LITRES = 0.75;

export interface BottleCountLine {
  type: ProductType;
  quantity: number;
  capacity: number | null;
  capacityUnit: CapacityUnit | null;
  sellByMultipleOf: number;
}

/**
 * The 75 cl bottles a box holds, from its capacity (a carton of 4,5 L holds six); one when its
 * capacity is unknown. A box is sold one at a time and its capacity is the whole box's
 * (decision 0085), as the parcels count it.
 */
export function bottlesInBox(capacity: number | null, capacityUnit: CapacityUnit | null): number {
  if (capacity === null || capacityUnit === null) return 1;
  return Math.max(1, Math.round(capacityInLitres(capacity, capacityUnit) / FULL_BOTTLE_LITRES));
}

/**
 * How many bottles a cart line weighs for free shipping (docs/requirements/delivery.md): a wine under 0.75 L counts
 * half per unit, a wine of 0.75 L or more (or of unknown capacity) one; a box counts its quantity
 * times sellByMultipleOf times the bottles it holds (decision 0085); anything else (a ticket, an
 * accessory) none.
 */
export function lineBottles(line: BottleCountLine): number {
  switch (line.type) {
    case 'WINE': {
      const isHalf =
        line.capacity !== null &&
        line.capacityUnit !== null &&
        capacityInLitres(line.capacity, line.capacityUnit) < FULL_BOTTLE_LITRES;
      return line.quantity * (isHalf ? 0.5 : 1);
    }
    case 'BOX':
      return line.quantity * line.sellByMultipleOf * bottlesInBox(line.capacity, line.capacityUnit);
    case 'OTHER':
      return 0;
  }
}

/** The cart's bottle count for free shipping, rounded down once on the total (docs/requirements/delivery.md). */
export function countBottles(lines: readonly BottleCountLine[]): number {
  return Math.floor(lines.reduce((total, line) => total + lineBottles(line), 0));
}
