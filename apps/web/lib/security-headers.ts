import { BASE_CONTENT_SECURITY_POLICY } from './content-security-policy';

/**
 * Headers that cost nothing and close common holes, on every response of the storefront:
 * next.config.ts sets them on whatever Next serves, server.ts on what it answers itself.
 */
export const SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
  // Stripe's frame may ask for the Payment Request API (Apple Pay, Google Pay) on the payment
  // page; on every other page (and every site without cards) the CSP keeps Stripe's frame out.
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  },
];

/**
 * The Content-Security-Policy of what is not a site's page (Next's build files, public/, the
 * storefront's hooks, `/api`). Pages get their site's full policy instead (decision 0015). Both
 * are set by server.ts before Next handles the request, and next.config.ts sets none: a header
 * of next.config would replace the site's policy.
 */
export { BASE_CONTENT_SECURITY_POLICY };

export const HSTS = 'max-age=31536000';
