import { z } from 'zod';
import { passwordStrengthError } from '@comptoir/domain/password-strength';
import {
  birthdateSchema,
  currentPasswordSchema,
  emailSchema,
  firstnameSchema,
  INVALID_EMAIL_MESSAGE,
  lastnameSchema,
  newPasswordSchema,
  phoneSchema,
  TERMS_NOT_ACCEPTED_MESSAGE,
} from './account-fields';
import { defineEndpoint } from './endpoint';
import { userSchema } from './user';

/** The registration checkbox (docs/requirements/legal-pages.md), word for word. */
export const TERMS_ACCEPTANCE_LABEL =
  "Je reconnais avoir lu et compris les conditions générales d'utilisation et je les accepte";

/** Server answers the storefront shows as they are (also sent as the envelope's message). */
export const INVALID_CREDENTIALS_MESSAGE = 'Adresse e-mail ou mot de passe incorrect.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Trop de tentatives. Réessayez dans quelques minutes.';
export const EMAIL_ALREADY_USED_MESSAGE = 'Un compte existe déjà avec cette adresse e-mail.';
export const BIRTHDATE_REQUIRED_MESSAGE = 'Veuillez indiquer votre date de naissance.';
export const MINORS_REFUSED_MESSAGE =
  'Ce site est réservé aux personnes majeures : vous devez avoir au moins 18 ans.';
export const RESET_LINK_INVALID_MESSAGE =
  "Ce lien de réinitialisation n'est plus valide. Demandez-en un nouveau.";
/** What the storefront says after PUT /password/reset/ask, whether or not the address exists. */
export const RESET_ASKED_MESSAGE =
  'Si un compte existe avec cette adresse, vous allez recevoir un e-mail contenant un lien pour choisir un nouveau mot de passe. Ce lien est valable une heure.';

/** Cookies the API sets at login and registration (docs/requirements/account.md). */
export const TOKEN_COOKIE = 'token';
export const SITE_ID_COOKIE = 'siteId';
export const USER_LANG_COOKIE = 'userLang';
/** Seconds a session, and its cookies, last (docs/requirements/account.md). */
export const SESSION_MAX_AGE_SECONDS = 86_400;
export const USER_LANG_COOKIE_MAX_AGE_SECONDS = 365 * 86_400;

/**
 * The registration fields without the cross-field rule, for forms that add their own fields
 * (a password confirmation) with `.extend()`; the API validates registerBodySchema.
 */
export const registerFieldsSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstname: firstnameSchema,
  lastname: lastnameSchema,
  phone: phoneSchema,
  /**
   * Required when the site sets ASK_BIRTHDATE_AT_REGISTER or BLOCK_MINORS (the API answers 422
   * with BIRTHDATE_REQUIRED_MESSAGE), refused under 18 when BLOCK_MINORS is set.
   */
  birthdate: birthdateSchema,
  /** The TERMS_ACCEPTANCE_LABEL checkbox: must be ticked. */
  acceptTerms: z.literal(true, { error: TERMS_NOT_ACCEPTED_MESSAGE }),
});

/** The password must not be the e-mail address (the strength rule's last clause). */
export function refinePasswordAgainstEmail(
  value: { email: string; password: string },
  context: z.RefinementCtx,
): void {
  // Weak passwords already have their issue from newPasswordSchema: add only the e-mail clause.
  if (passwordStrengthError(value.password) !== null) return;
  const problem = passwordStrengthError(value.password, value.email);
  if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
}

export const registerBodySchema = registerFieldsSchema.superRefine(refinePasswordAgainstEmail);
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: z.string({ error: INVALID_EMAIL_MESSAGE }).trim().toLowerCase().min(1).max(254),
  password: currentPasswordSchema,
});
export type LoginBody = z.input<typeof loginBodySchema>;

/**
 * A successful login or registration. The token is also set as the httpOnly `token` cookie;
 * it is in the body for clients that send `Authorization: Bearer` instead.
 */
export const authSessionSchema = z.object({
  token: z.string(),
  /** ISO date-time when the token stops working (one day after it was issued). */
  expiresAt: z.string(),
  user: userSchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const register = defineEndpoint({
  method: 'POST',
  path: '/register',
  summary:
    'Create a customer account on this site and log it in (sets the token, siteId and userLang cookies)',
  tags: ['auth'],
  body: registerBodySchema,
  response: authSessionSchema,
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/login',
  summary: 'Log in with e-mail and password (sets the token, siteId and userLang cookies)',
  tags: ['auth'],
  body: loginBodySchema,
  response: authSessionSchema,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/logout',
  summary: "Revoke the caller's token and clear the login cookies (also fine when not logged in)",
  tags: ['auth'],
  response: z.null(),
});

export const askPasswordResetBodySchema = z.object({ email: emailSchema });

export const askPasswordReset = defineEndpoint({
  method: 'PUT',
  path: '/password/reset/ask',
  summary:
    'Mail a one-hour, single-use link to /password/reset/{token}; same answer whether or not the address has an account',
  tags: ['auth'],
  body: askPasswordResetBodySchema,
  response: z.null(),
});

export const resetPasswordBodySchema = z.object({
  token: z.string().trim().min(1, { error: RESET_LINK_INVALID_MESSAGE }).max(200),
  password: newPasswordSchema,
});

export const resetPassword = defineEndpoint({
  method: 'PUT',
  path: '/password/reset',
  summary:
    "Set a new password with a reset link's token; the token is used up and every session revoked",
  tags: ['auth'],
  body: resetPasswordBodySchema,
  response: z.null(),
});
