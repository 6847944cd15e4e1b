import { zodResolver } from '@hookform/resolvers/zod';
import {
  askPasswordReset,
  askPasswordResetBodySchema,
  login,
  loginBodySchema,
  register,
  RESET_ASKED_MESSAGE,
  resetPassword,
} from '@comptoir/contract/auth';
import { changePassword, updateUser, userProfileBodySchema } from '@comptoir/contract/user';
import {
  changePasswordFormSchema,
  registerFormSchema,
  resetPasswordFormSchema,
} from './form-schemas';
import { completeLogin } from './session-actions';

/*
 * The account forms' contracts (schemas as resolvers, endpoints), loaded by ui/use-api-form when
 * the visitor reaches one of the forms: the pages that show them do not ship zod.
 */

/** Login and registration also bring the cart hand-over that follows a successful call. */
export const loginContract = {
  resolver: zodResolver(loginBodySchema),
  endpoint: login,
  completeLogin,
};

export function registerContract(birthdateRequired: boolean) {
  return {
    resolver: zodResolver(registerFormSchema({ birthdateRequired })),
    endpoint: register,
    completeLogin,
  };
}

export const resetAskContract = {
  resolver: zodResolver(askPasswordResetBodySchema),
  endpoint: askPasswordReset,
  askedMessage: RESET_ASKED_MESSAGE,
};

export const resetContract = {
  resolver: zodResolver(resetPasswordFormSchema),
  endpoint: resetPassword,
};

export const changePasswordContract = {
  resolver: zodResolver(changePasswordFormSchema),
  endpoint: changePassword,
};

export const profileContract = {
  resolver: zodResolver(userProfileBodySchema),
  endpoint: updateUser,
};
