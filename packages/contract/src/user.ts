import { z } from 'zod';
import {
  birthdateSchema,
  currentPasswordSchema,
  firstnameSchema,
  lastnameSchema,
  newPasswordSchema,
  phoneSchema,
} from './account-fields';
import { defineEndpoint } from './endpoint';

export const USER_ROLES = ['CUSTOMER', 'ADMIN', 'SUPER_ADMIN'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  phone: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  /** ISO date (YYYY-MM-DD). */
  birthdate: z.string().nullable(),
  role: userRoleSchema,
  /**
   * The opaque id the storefront gives analytics services for this customer, once the visitor
   * consented (docs/requirements/consent-and-analytics.md; decision 0099): never an e-mail or a name.
   */
  analyticsId: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const getLogged = defineEndpoint({
  method: 'GET',
  path: '/logged',
  summary: "Whether the caller's token is valid on this site",
  tags: ['auth'],
  response: z.boolean(),
});

export const getUser = defineEndpoint({
  method: 'GET',
  path: '/user',
  summary: 'The logged-in user (401 when not logged in)',
  tags: ['user'],
  response: userSchema,
});

/**
 * The fields a user edits on their profile (PUT /user). The e-mail address is the login and is
 * not changed here. Field rules are the registration's (auth.ts).
 */
export const userProfileBodySchema = z.object({
  firstname: firstnameSchema,
  lastname: lastnameSchema,
  phone: phoneSchema,
  /** Refused under 18 when the site sets BLOCK_MINORS. Omitted or null: no birth date. */
  birthdate: birthdateSchema,
});
export type UserProfileBody = z.input<typeof userProfileBodySchema>;

export const updateUser = defineEndpoint({
  method: 'PUT',
  path: '/user',
  summary: "Update the logged-in user's profile (names, phone, birth date)",
  tags: ['user'],
  body: userProfileBodySchema,
  response: userSchema,
});

/** An account whose order is still on its way cannot be erased yet: the order needs its details. */
export const ORDER_IN_PROGRESS_DELETION_MESSAGE = (reference: string) =>
  `Votre commande ${reference} est en cours : vous pourrez supprimer votre compte une fois qu’elle sera livrée, retirée ou annulée.`;

export const deleteUser = defineEndpoint({
  method: 'DELETE',
  path: '/user',
  summary:
    'Erase the logged-in account and its personal data (sessions, newsletter subscriptions, carts) and clear the login cookies; its finished orders are kept for the legal period, anonymised (409 while an order is in progress)',
  tags: ['user'],
  response: z.null(),
});

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Le mot de passe actuel est incorrect.';

export const changePasswordBodySchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const changePassword = defineEndpoint({
  method: 'PUT',
  path: '/user/password',
  summary:
    'Change the password (the current one is required); every other session of the user is revoked, this one is kept',
  tags: ['user'],
  body: changePasswordBodySchema,
  response: z.null(),
});

/**
 * A file, not an envelope: everything the site holds about the session's own account as JSON
 * (profile, orders with their addresses, invoices, carts, newsletter subscriptions, contact
 * messages, mails sent), the RGPD rights of access and portability (decision 0110).
 */
export const userDataExportRoute = {
  method: 'GET',
  path: '/user/data',
  summary:
    'Everything the site holds about the logged-in account, as a JSON file (RGPD right of access and portability)',
  tags: ['user'],
} as const;
