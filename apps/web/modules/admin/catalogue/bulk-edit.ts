import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { bulkDeclinationEditSchema } from '@comptoir/contract/admin-catalogue';
import { decimalTextToScaled } from '@comptoir/domain/decimal-input';

/** The catalogue's bulk change of the ticked declinations: its form's values and its check. */

export type StockMode = '' | 'SET' | 'ADD';
export type PriceMode = '' | 'SET' | 'AMOUNT' | 'PERCENT';

export interface BulkFormValues {
  /** The ticked declinations, given by the table (useAdminSelection). */
  ids: number[];
  stockMode: StockMode;
  stockValue: string;
  priceMode: PriceMode;
  priceValue: string;
}

export type BulkEdit = z.output<typeof bulkDeclinationEditSchema>;

export const BULK_FIELDS = ['ids', 'stockMode', 'stockValue', 'priceMode', 'priceValue'] as const;

/**
 * The bulk change's resolver: the contract's schema on the change as the API takes it (euros and
 * percentages both have two decimals once stored: cents, basis points), and its first problem
 * said in the owner's words, on the field it is about.
 */
export const bulkResolver: Resolver<BulkFormValues, unknown, BulkEdit> = (values) => {
  const stock =
    values.stockMode === ''
      ? null
      : { mode: values.stockMode, value: decimalTextToScaled(values.stockValue, 0) ?? NaN };
  const price =
    values.priceMode === ''
      ? null
      : { mode: values.priceMode, value: decimalTextToScaled(values.priceValue, 2) ?? NaN };
  const checked = bulkDeclinationEditSchema.safeParse({ ids: values.ids, stock, price });
  if (checked.success) return { values: checked.data, errors: {} };
  const [first] = checked.error.issues;
  const [name, message]: [keyof BulkFormValues, string] =
    first?.path[0] === 'ids'
      ? ['ids', 'Cochez au moins une déclinaison.']
      : Number.isNaN(stock?.value)
        ? ['stockValue', NUMBER_MESSAGE]
        : Number.isNaN(price?.value)
          ? ['priceValue', NUMBER_MESSAGE]
          : [
              first?.path[0] === 'price'
                ? first.path[1] === 'value'
                  ? 'priceValue'
                  : 'priceMode'
                : first?.path[1] === 'value'
                  ? 'stockValue'
                  : 'stockMode',
              first?.message ?? 'Vérifiez le changement.',
            ];
  return { values: {}, errors: { [name]: { type: 'validate', message } } };
};

const NUMBER_MESSAGE = 'Saisissez un nombre (par exemple 12 ou 12,50).';
