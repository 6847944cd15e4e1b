import { ApiError } from '@comptoir/contract/request';

/*
 * The API's refusals as a visitor reads them (decision 0084), through the message catalogue,
 * fetched only once a call has failed, so that no first load carries it. Should the catalogue
 * itself not load, the message is left empty: every caller then says its own French sentence
 * (failureMessage, cartErrorText…), never the API's English.
 */

/** A refusal's message and field errors in French; anything else as is. */
export async function inFrench(error: unknown): Promise<unknown> {
  if (!(error instanceof ApiError)) return error;
  try {
    return (await import('./api-message-catalogue')).frenchApiError(error);
  } catch {
    return new ApiError('', error.status);
  }
}
