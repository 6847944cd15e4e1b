/**
 * One message of the API, read from an answer by hand (the payment page), in French through the
 * catalogue fetched now (decision 0084); '' if the catalogue cannot be fetched, for the caller to
 * say its own sentence. Apart from in-french.ts, which every page's API calls carry.
 */
export async function frenchMessage(message: string): Promise<string> {
  try {
    return (await import('./api-message-catalogue')).frenchApiMessage(message);
  } catch {
    return '';
  }
}
