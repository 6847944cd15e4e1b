import { ApiError } from '@comptoir/contract/request';

/** Said when the catalogue itself cannot be fetched (decision 0084): never the API's English. */
const CATALOGUE_UNAVAILABLE_MESSAGE =
  'Votre demande n’a pas pu aboutir. Vérifiez les informations saisies puis réessayez.';

/**
 * The API's refusal as a visitor reads it (decision 0084): its message and field errors through
 * the message catalogue, fetched only now that a call has failed, so that no first load carries
 * it. Anything else (a network failure, status 0, which callers word themselves) is left as is.
 */
export async function inFrench(error: unknown): Promise<unknown> {
  if (!(error instanceof ApiError) || error.status === 0) return error;
  try {
    const { frenchApiError } = await import('./api-message-catalogue');
    return frenchApiError(error);
  } catch {
    return new ApiError(CATALOGUE_UNAVAILABLE_MESSAGE, error.status);
  }
}
