/** The minimum a password must meet, shown as is under the password field (storefront) and
 * returned by the API when a password falls short. */
export const PASSWORD_MIN_LENGTH = 10;
/** Long enough for any passphrase, short enough that a request cannot make hashing expensive. */
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULE_MESSAGE =
  'Le mot de passe doit contenir au moins 10 caractères, dont au moins une lettre et un chiffre.';
export const PASSWORD_TOO_LONG_MESSAGE = 'Le mot de passe ne doit pas dépasser 128 caractères.';
export const PASSWORD_IS_EMAIL_MESSAGE = 'Le mot de passe ne doit pas être votre adresse e-mail.';

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

/**
 * Why a password is refused, or null when it is strong enough: at least 10 characters (counted
 * as the person sees them, so 'é' is one), a letter and a digit, and not the account's e-mail
 * address nor the part of it before the @ (the first guesses of anyone who knows the address).
 */
export function passwordStrengthError(password: string, email?: string | null): string | null {
  const length = [...password].length;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  if (length < PASSWORD_MIN_LENGTH || !LETTER.test(password) || !DIGIT.test(password)) {
    return PASSWORD_RULE_MESSAGE;
  }
  if (email) {
    const address = email.trim().toLowerCase();
    const localPart = address.split('@')[0] ?? '';
    const candidate = password.trim().toLowerCase();
    if (candidate === address || (localPart !== '' && candidate === localPart)) {
      return PASSWORD_IS_EMAIL_MESSAGE;
    }
  }
  return null;
}
