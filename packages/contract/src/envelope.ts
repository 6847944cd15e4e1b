import { z } from 'zod';

/** One field-level validation problem, as the spec's error catalogue returns them. */
export const fieldErrorSchema = z.object({ key: z.string(), error: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every API response is `{ success, data, message }`; failures may add `errors`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.null() });
}

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  data: z.null(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('success', [successEnvelope(data), errorEnvelopeSchema]);
}
