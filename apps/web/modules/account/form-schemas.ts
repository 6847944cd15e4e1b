import { z } from 'zod';
import { newPasswordSchema } from '@comptoir/contract/account-fields';
import {
  BIRTHDATE_REQUIRED_MESSAGE,
  refinePasswordAgainstEmail,
  registerFieldsSchema,
} from '@comptoir/contract/auth';
import { changePasswordBodySchema } from '@comptoir/contract/user';

/*
 * The account forms' schemas: the contract's, plus what only a form has (a password typed twice)
 * and the site's choices (a required birth date). The API applies the contract's rules again.
 */

export const PASSWORD_MISMATCH_MESSAGE = 'Les deux mots de passe saisis ne sont pas identiques.';

interface Issue {
  readonly path?: readonly PropertyKey[];
}

/**
 * A cross-field rule runs as soon as the fields it reads are valid, even when other fields are
 * not, so that one submit shows every problem at once.
 */
function whenValid(...fields: string[]) {
  return (payload: { issues: readonly Issue[] }) =>
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));
}

export function registerFormSchema(options: { birthdateRequired: boolean }) {
  return registerFieldsSchema
    .extend({ passwordConfirmation: z.string() })
    .refine((value) => value.password === value.passwordConfirmation, {
      path: ['passwordConfirmation'],
      message: PASSWORD_MISMATCH_MESSAGE,
      when: whenValid('password', 'passwordConfirmation'),
    })
    .refine((value) => !options.birthdateRequired || Boolean(value.birthdate), {
      path: ['birthdate'],
      message: BIRTHDATE_REQUIRED_MESSAGE,
      when: whenValid('birthdate'),
    })
    .superRefine((value, context) => {
      if (typeof value.email === 'string') refinePasswordAgainstEmail(value, context);
    });
}
export type RegisterFormValues = z.input<ReturnType<typeof registerFormSchema>>;

export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, passwordConfirmation: z.string() })
  .refine((value) => value.password === value.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: PASSWORD_MISMATCH_MESSAGE,
    when: whenValid('password', 'passwordConfirmation'),
  });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ newPasswordConfirmation: z.string() })
  .refine((value) => value.newPassword === value.newPasswordConfirmation, {
    path: ['newPasswordConfirmation'],
    message: PASSWORD_MISMATCH_MESSAGE,
    when: whenValid('newPassword', 'newPasswordConfirmation'),
  });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;
