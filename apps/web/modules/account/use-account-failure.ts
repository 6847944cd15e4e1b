'use client';

import { ApiError } from '@comptoir/contract/request';
import { sessionEnded } from './session';

/**
 * A 401 from an account call means the session is over (expired, or revoked by a password
 * change or reset elsewhere): the account pages then send the visitor to the login page.
 */
export function endSessionOn401(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) sessionEnded();
}
