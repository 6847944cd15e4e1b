import { describe, expect, it } from 'vitest';
import { customerDetailsSchema, guestDetailsSchema } from './booking-contract';

const guest = {
  firstname: ' Léa ',
  lastname: 'Martin',
  email: 'Lea.Martin@Example.fr',
  phone: '06 12 34 56 78',
  note: '',
};

describe('the booking details', () => {
  it('takes a guest’s name, e-mail and phone, trimmed', () => {
    expect(guestDetailsSchema.parse(guest)).toEqual({
      ...guest,
      firstname: 'Léa',
      email: 'lea.martin@example.fr',
    });
  });

  it('asks a guest for a phone number, in French', () => {
    const result = guestDetailsSchema.safeParse({ ...guest, phone: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Indiquez un numéro de téléphone pour que nous puissions vous joindre.',
    );
  });

  it('refuses an address that is not one', () => {
    const result = guestDetailsSchema.safeParse({ ...guest, email: 'lea@' });
    expect(result.error?.issues[0]?.path).toEqual(['email']);
  });

  it('caps the note at the contract’s length', () => {
    expect(customerDetailsSchema(false).safeParse({ note: 'x'.repeat(1000) }).success).toBe(true);
    expect(customerDetailsSchema(false).safeParse({ note: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('asks a customer whose account has no phone for one', () => {
    expect(customerDetailsSchema(true).safeParse({ note: '', phone: '' }).success).toBe(false);
    expect(customerDetailsSchema(true).parse({ note: '', phone: '06 12 34 56 78' })).toEqual({
      note: '',
      phone: '06 12 34 56 78',
    });
  });
});
