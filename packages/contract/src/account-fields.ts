import { z } from 'zod';
import { isPlausibleBirthdate, todayInFrance } from '@comptoir/domain/legal-age';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_RULE_MESSAGE,
  passwordStrengthError,
} from '@comptoir/domain/password-strength';

/*
 * The account form fields, shared by registration (auth.ts) and the profile (user.ts), so that
 * the storefront's forms and the API apply the same rules with the same French messages.
 */

export const INVALID_EMAIL_MESSAGE = 'Veuillez saisir une adresse e-mail valide.';
export const TERMS_NOT_ACCEPTED_MESSAGE =
  "Vous devez accepter les conditions générales d'utilisation pour créer un compte.";
export const INVALID_BIRTHDATE_MESSAGE = 'Veuillez saisir une date de naissance valide.';
export const INVALID_PHONE_MESSAGE = "Le numéro de téléphone n'est pas valide.";
export const REQUIRED_FIRSTNAME_MESSAGE = 'Veuillez indiquer votre prénom.';
export const REQUIRED_LASTNAME_MESSAGE = 'Veuillez indiquer votre nom.';
export const REQUIRED_PASSWORD_MESSAGE = 'Veuillez saisir votre mot de passe.';

/** An address, trimmed and lower-cased: accounts are unique per site whatever the case. */
export const emailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(254, { error: INVALID_EMAIL_MESSAGE })
  .email({ error: INVALID_EMAIL_MESSAGE });

/** A new password: the shared strength rule (packages/domain/password-strength). */
export const newPasswordSchema = z
  .string({ error: PASSWORD_RULE_MESSAGE })
  .superRefine((password, context) => {
    const problem = passwordStrengthError(password);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** A password typed to prove who one is: no strength rule, only a sane length. */
export const currentPasswordSchema = z
  .string({ error: REQUIRED_PASSWORD_MESSAGE })
  .min(1, { error: REQUIRED_PASSWORD_MESSAGE })
  .max(PASSWORD_MAX_LENGTH * 4, { error: REQUIRED_PASSWORD_MESSAGE });

export const firstnameSchema = z
  .string({ error: REQUIRED_FIRSTNAME_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_FIRSTNAME_MESSAGE })
  .max(100, { error: 'Le prénom ne doit pas dépasser 100 caractères.' });

export const lastnameSchema = z
  .string({ error: REQUIRED_LASTNAME_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_LASTNAME_MESSAGE })
  .max(100, { error: 'Le nom ne doit pas dépasser 100 caractères.' });

/**
 * A phone number as people type it: digits with spaces, dots, dashes, brackets and a leading +,
 * 6 to 15 digits (E.164's maximum). An empty field means no number.
 */
export const phoneSchema = z
  .string({ error: INVALID_PHONE_MESSAGE })
  .trim()
  .max(30, { error: INVALID_PHONE_MESSAGE })
  .refine(
    (phone) => {
      if (phone === '') return true;
      if (!/^\+?[0-9 .\-()]+$/.test(phone)) return false;
      const digits = phone.replace(/\D/g, '').length;
      return digits >= 6 && digits <= 15;
    },
    { error: INVALID_PHONE_MESSAGE },
  )
  .transform((phone) => (phone === '' ? null : phone))
  .nullable()
  .optional();

/** ISO date (YYYY-MM-DD), a real day between 1900 and today. An empty field means none given. */
export const birthdateSchema = z
  .string({ error: INVALID_BIRTHDATE_MESSAGE })
  .trim()
  .refine((date) => date === '' || isPlausibleBirthdate(date, todayInFrance()), {
    error: INVALID_BIRTHDATE_MESSAGE,
  })
  .transform((date) => (date === '' ? null : date))
  .nullable()
  .optional();
