/**
 * What the error page says (docs/requirements/storefront-layout.md: the error's message, or 'Error'). Server errors carry a
 * digest and, in production, a placeholder instead of their message; React's own minified errors
 * mean nothing to a visitor. Both show 'Error'; the digest stays in the server log.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error) || error.message.trim() === '') return 'Error';
  if ('digest' in error && error.digest !== undefined) return 'Error';
  if (error.message.startsWith('Minified React error')) return 'Error';
  return error.message;
}
