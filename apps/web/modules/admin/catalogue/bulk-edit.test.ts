import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { bulkResolver, type BulkFormValues } from './bulk-edit';

const OPTIONS = {
  fields: {},
  names: [],
  shouldUseNativeValidation: false,
} as unknown as ResolverOptions<BulkFormValues>;

const check = (values: Partial<BulkFormValues>) =>
  bulkResolver(
    { ids: [7], stockMode: '', stockValue: '', priceMode: '', priceValue: '', ...values },
    undefined,
    OPTIONS,
  );

describe('the catalogue’s bulk change', () => {
  it('asks for a ticked declination first', async () => {
    const result = await check({ ids: [], stockMode: 'ADD', stockValue: '4' });
    expect(result.errors).toEqual({
      ids: { type: 'validate', message: 'Cochez au moins une déclinaison.' },
    });
  });

  it('refuses a value that is not a number, on its field', async () => {
    const result = await check({ stockMode: 'SET', stockValue: 'douze' });
    expect(result.errors.stockValue?.message).toBe(
      'Saisissez un nombre (par exemple 12 ou 12,50).',
    );
    const price = await check({ priceMode: 'AMOUNT', priceValue: '1,234' });
    expect(price.errors.priceValue?.message).toBe('Saisissez un nombre (par exemple 12 ou 12,50).');
  });

  it('asks for a change when both stay « Inchangé »', async () => {
    const result = await check({});
    expect(result.errors.stockMode?.message).toBe('Indiquez un changement de stock ou de prix.');
  });

  it('sends bottles as they are and euros or percentages in hundredths', async () => {
    const result = await check({
      ids: [7, 9],
      stockMode: 'ADD',
      stockValue: '-3',
      priceMode: 'PERCENT',
      priceValue: '-12,5',
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      ids: [7, 9],
      stock: { mode: 'ADD', value: -3 },
      price: { mode: 'PERCENT', value: -1250 },
    });
  });
});
