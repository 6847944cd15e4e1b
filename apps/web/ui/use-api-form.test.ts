import { describe, expect, it } from 'vitest';
import { loginBodySchema } from '@comptoir/contract/auth';
import { sendMessageBodySchema } from '@comptoir/contract/contact';
import { contactContract } from '../modules/contact/contact-contract';
import { loginContract } from '../modules/account/account-contracts';
import { messagesOf } from './use-api-form';

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
