import { carrierInputSchema, type AdminCarrier } from '@comptoir/contract/admin-delivery';
import { centsToEuros, eurosToCents } from '@comptoir/contract/admin-shop-fields';
import { CARTON_SIZES, SHIPPING_ZONES } from '@comptoir/domain/delivery';
import { contractResolver } from './contract-resolver';

/** A carrier's form in the delivery settings: its values and its check against the contract. */

export const CELLS = SHIPPING_ZONES.flatMap((zone) =>
  CARTON_SIZES.map((cartonSize) => ({
    zone,
    cartonSize,
    key: `cell_${zone}_${cartonSize}` as const,
  })),
);

export type CellKey = (typeof CELLS)[number]['key'];

/** A carrier's form: its name, its text, and one field a cell of its grid (`cell_ZONE_SIZE`). */
export type CarrierFormValues = {
  name: string;
  description: string;
  isActive: boolean;
} & Partial<Record<CellKey, string>>;

export function carrierFormValues(carrier: AdminCarrier): CarrierFormValues {
  const values: CarrierFormValues = {
    name: carrier.name,
    description: carrier.description ?? '',
    isActive: carrier.isActive,
  };
  for (const { key } of CELLS) values[key] = '';
  for (const rate of carrier.rates) {
    values[`cell_${rate.zone}_${rate.cartonSize}`] = centsToEuros(rate.priceCents);
  }
  return values;
}

/**
 * The carrier's resolver: the grid's filled cells become rates, each error goes to its cell (the
 * check runs its two steps at once: the filled cells, then the schema's paths in their order).
 */
export const carrierResolver = (() => {
  let cellKeys: CellKey[] = [];
  return contractResolver(
    carrierInputSchema,
    (values: CarrierFormValues) => {
      const filled = CELLS.filter(({ key }) => (values[key] ?? '').trim() !== '');
      cellKeys = filled.map(({ key }) => key);
      return {
        name: values.name,
        description: values.description.trim() === '' ? null : values.description,
        isActive: values.isActive,
        rates: filled.map(({ zone, cartonSize, key }) => ({
          zone,
          cartonSize,
          priceCents: eurosToCents(values[key] ?? ''),
        })),
      };
    },
    (path) =>
      path[0] === 'rates' && typeof path[1] === 'number'
        ? (cellKeys[path[1]] ?? 'root')
        : path[0] === 'rates'
          ? 'root'
          : String(path[0] ?? 'name'),
  );
})();
