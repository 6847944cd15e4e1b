import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { AdminCarrier } from '@comptoir/contract/admin-delivery';
import { carrierFormValues, carrierResolver, type CarrierFormValues } from './carrier-form';

const OPTIONS = {
  fields: {},
  names: [],
  shouldUseNativeValidation: false,
} as unknown as ResolverOptions<CarrierFormValues>;

const carrier = {
  id: 3,
  name: 'Transvin Domicile',
  description: null,
  isActive: true,
  deliveryType: 'DELIVERY',
  rates: [
    { zone: 'FRANCE_METRO', cartonSize: 2, priceCents: 1390 },
    { zone: 'EUROPE', cartonSize: 12, priceCents: 4500 },
  ],
} as unknown as AdminCarrier;

describe('a carrier’s form', () => {
  it('shows each rate in its cell, in euros, and the other cells empty', () => {
    const values = carrierFormValues(carrier);
    expect(values.cell_FRANCE_METRO_2).toBe('13,90');
    expect(values.cell_EUROPE_12).toBe('45,00');
    expect(values.cell_WORLD_1).toBe('');
    expect(values.description).toBe('');
  });

  it('sends the filled cells as rates in cents', async () => {
    const values = { ...carrierFormValues(carrier), cell_FRANCE_METRO_2: '15,40' };
    const result = await carrierResolver(values, undefined, OPTIONS);
    expect(result.errors).toEqual({});
    expect((result.values as { rates: unknown[] }).rates).toEqual([
      { zone: 'FRANCE_METRO', cartonSize: 2, priceCents: 1540 },
      { zone: 'EUROPE', cartonSize: 12, priceCents: 4500 },
    ]);
  });

  it('puts a wrong price on its own cell, whichever cells are filled before it', async () => {
    const values = { ...carrierFormValues(carrier), cell_EUROPE_12: '15,405' };
    const result = await carrierResolver(values, undefined, OPTIONS);
    expect(Object.keys(result.errors)).toEqual(['cell_EUROPE_12']);
    expect(result.errors.cell_EUROPE_12?.message).toMatch(/Saisissez un montant positif en euros/);
  });
});
