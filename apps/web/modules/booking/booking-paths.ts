/*
 * Where booking happens on the storefront (decision 0125), and how a booking's secret token
 * travels from the confirmation mail to the API.
 *
 * The mail links to /reservation/<id>#token=<token> (the contract's bookingManagePath): a
 * fragment, which a browser never sends to any server. The booking's page reads the token in the
 * browser (its server output is the same for every booking), keeps it in this tab's session
 * storage, takes it out of the address bar at once (no bookmark, no shared address carries it;
 * the page sends no Referer), and sends it in the x-booking-token header. A `?token=` query is
 * read the same way.
 */

export const BOOKING_PATH = '/reserver';
export const BOOKING_MANAGE_PATH = '/reservation';
export const ACCOUNT_BOOKINGS_PATH = '/mon-compte/reservations';

/** The query parameter that preselects a bookable service on /reserver (a service page's button). */
export const SERVICE_QUERY_PARAMETER = 'prestation';
/** The name of the token in the manage link's fragment (or query). */
export const TOKEN_PARAMETER = 'token';

/**
 * The contract's BOOKING_TOKEN_HEADER, copied: the contract's booking module brings zod, which
 * stays out of these pages' first load (booking-routes.test.ts checks the copy).
 */
export const BOOKING_TOKEN_HEADER_NAME = 'x-booking-token';

/** /reserver, or /reserver?prestation=<id> with that bookable service chosen. */
export function bookingPathFor(bookableServiceId?: number): string {
  return bookableServiceId === undefined
    ? BOOKING_PATH
    : `${BOOKING_PATH}?${SERVICE_QUERY_PARAMETER}=${bookableServiceId}`;
}

export function manageBookingPath(bookingId: number): string {
  return `${BOOKING_MANAGE_PATH}/${bookingId}`;
}

/** A positive row id from an address (a segment, a query value), or null for anything else. */
export function parseRowId(text: string | null | undefined): number | null {
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

/** A token as the API makes them: URL-safe characters only, of a sane length. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,200}$/;

/**
 * The token of a manage link, from its query (`?token=…`) or its fragment (`#token=…`), or null.
 * Anything that does not look like a token is ignored rather than sent.
 */
export function tokenFromAddress(hash: string, search: string): string | null {
  for (const part of [hash.replace(/^#/, ''), search.replace(/^\?/, '')]) {
    const value = new URLSearchParams(part).get(TOKEN_PARAMETER);
    if (value && TOKEN_SHAPE.test(value)) return value;
  }
  return null;
}

/** The address without its token: what the address bar shows once the page has read it. */
export function addressWithoutToken(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete(TOKEN_PARAMETER);
  const rest = query.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
