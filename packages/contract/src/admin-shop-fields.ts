import { z } from 'zod';

/*
 * Field rules shared by the back office's shop screens (delivery, discount codes, gift vouchers):
 * days as the owner picks them, and money the owner types in euros but the API keeps in cents.
 */

export const DAY_MESSAGE = 'Saisissez une date valide.';

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

export const daySchema = z
  .string({ error: DAY_MESSAGE })
  .refine(isCalendarDay, { error: DAY_MESSAGE });

export const EUROS_MESSAGE =
  'Saisissez un montant positif en euros, avec deux décimales au plus (par exemple 12,50).';

/** The largest amount a form accepts, in cents (a million euros): beyond it is a typing slip. */
export const MAX_CENTS = 100_000_000;

export const centsSchema = z
  .number({ error: EUROS_MESSAGE })
  .int({ error: EUROS_MESSAGE })
  .min(0, { error: EUROS_MESSAGE })
  .max(MAX_CENTS, { error: EUROS_MESSAGE });

/**
 * What the owner typed in a euro field ("12,50", "12.5", "1 200"), in cents; null for an empty
 * field; NaN for anything that is not a positive amount with two decimals at most (the schema
 * then refuses it with its message).
 */
export function eurosToCents(typed: string): number | null {
  const written = typed.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (written === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(written)) return Number.NaN;
  const [whole, decimals = ''] = written.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}

/** Cents as the owner reads and types them: "12,50" (no currency sign, no grouping). */
export function centsToEuros(cents: number | null): string {
  if (cents === null) return '';
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}
