import { ApiError } from '@comptoir/contract/request';

/** Said when the API cannot be reached at all (offline, server down). */
export const UNREACHABLE_MESSAGE =
  'Le serveur ne répond pas. Vérifiez votre connexion puis réessayez.';
/** Said when the failure carries no message meant for visitors. */
export const UNEXPECTED_MESSAGE = 'Une erreur inattendue est survenue. Réessayez dans un instant.';

/**
 * What a failed call tells the visitor (docs/requirements/platform.md: the server's message field). The client's own
 * messages for a network failure or an unreadable answer are for developers, and in English:
 * visitors get a French sentence instead.
 */
export function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return UNEXPECTED_MESSAGE;
  if (error.status === 0) return UNREACHABLE_MESSAGE;
  if (error.message.startsWith('Unexpected response from') || error.message.trim() === '') {
    return UNEXPECTED_MESSAGE;
  }
  return error.message;
}

export interface FieldMessage<Field extends string> {
  field: Field;
  message: string;
}

/**
 * The server's field errors (`errors`: key/error pairs) that belong to fields of this form, in
 * the form's order, one message per field; keys the form has no field for are left out (the
 * toast carries the overall message).
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): FieldMessage<Field>[] {
  if (!(error instanceof ApiError)) return [];
  return fields.flatMap((field) => {
    const match = error.errors.find((candidate) => candidate.key === field);
    return match ? [{ field, message: match.error }] : [];
  });
}
