import { describe, expect, it } from 'vitest';
import { loginBodySchema } from '@comptoir/contract/auth';
import { sendMessageBodySchema } from '@comptoir/contract/contact';
import { contactContract } from '../modules/contact/contact-contract';
import { loginContract } from '../modules/account/account-contracts';
import { messagesOf, readControls, writeControls, type ControlState } from './use-api-form';

/** The resolver options the form state passes: no react-hook-form fields, messages only. */
const options = {
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode: 'firstError',
} as const;

function zodMessage(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("the forms' checks without react-hook-form", () => {
  it("gives each field the contract's own first message", async () => {
    const values = {
      firstname: '',
      lastname: 'Martin',
      email: 'pas-une-adresse',
      phone: '',
      subject: '',
      message: 'court',
      consent: false,
    };
    const result = await contactContract.resolver(values, undefined, options);
    const messages = messagesOf(result.errors as Record<string, unknown>);
    const expected = sendMessageBodySchema.safeParse(values);
    expect(Object.keys(messages).sort()).toEqual(['consent', 'email', 'firstname', 'message']);
    for (const field of Object.keys(messages)) {
      expect(messages[field]).toBe(zodMessage(expected, field));
    }
  });

  it('passes the parsed values on when the form is valid', async () => {
    const values = { email: 'claire@example.fr', password: 'un mot de passe' };
    const result = await loginContract.resolver(values, undefined, options);
    expect(messagesOf(result.errors as Record<string, unknown>)).toEqual({});
    expect(result.values).toEqual(loginBodySchema.parse(values));
  });

  it('keeps only string messages', () => {
    expect(
      messagesOf({ email: { message: 'Adresse invalide' }, other: {}, root: undefined }),
    ).toEqual({ email: 'Adresse invalide' });
  });
});

describe("a field's value from its controls", () => {
  const radios = (checked: string | null): ControlState[] =>
    ['percent', 'EURO', 'SHIPPING'].map((value) => ({
      type: 'radio',
      value,
      checked: value === checked,
    }));
  const boxes = (checked: string[]): ControlState[] =>
    ['RED', 'WHITE', 'ROSE'].map((value) => ({
      type: 'checkbox',
      value,
      checked: checked.includes(value),
    }));

  it('reads a radio group as its ticked choice, and as empty when none is', () => {
    expect(readControls(radios('EURO'))).toBe('EURO');
    expect(readControls(radios(null))).toBe('');
  });

  it('reads a group of boxes as the list of the ticked values', () => {
    expect(readControls(boxes(['RED', 'ROSE']))).toEqual(['RED', 'ROSE']);
    expect(readControls(boxes([]))).toEqual([]);
    // A group of one box (a site with one category) is still a list when the default is one.
    expect(
      readControls([{ type: 'checkbox', value: 'RED', checked: true }], { list: true }),
    ).toEqual(['RED']);
  });

  it('reads a single box as a boolean, a number field as a number, a text as it is', () => {
    expect(readControls([{ type: 'checkbox', value: 'on', checked: true }])).toBe(true);
    expect(readControls([{ type: 'text', value: '12' }], { asNumber: true })).toBe(12);
    expect(readControls([{ type: 'text', value: '' }], { asNumber: true })).toBeNaN();
    expect(readControls([{ type: 'text', value: 'ETE2026' }])).toBe('ETE2026');
  });

  it('writes a value back: the choices it holds ticked, the others not', () => {
    const kind = radios('percent');
    writeControls(kind, 'SHIPPING');
    expect(readControls(kind)).toBe('SHIPPING');
    const categories = boxes(['RED']);
    writeControls(categories, ['WHITE', 'ROSE']);
    expect(readControls(categories)).toEqual(['WHITE', 'ROSE']);
    const text = [{ type: 'text', value: 'avant' }];
    writeControls(text, null);
    expect(text[0]!.value).toBe('');
  });
});
