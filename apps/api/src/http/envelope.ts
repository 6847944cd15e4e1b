import type { ErrorEnvelope, FieldError } from '@comptoir/contract/envelope';

export function errorEnvelope(message: string, errors?: FieldError[]): ErrorEnvelope {
  return errors && errors.length > 0
    ? { success: false, data: null, message, errors }
    : { success: false, data: null, message };
}
