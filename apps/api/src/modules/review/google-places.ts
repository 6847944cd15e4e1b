import { z } from 'zod';
import type { reviews } from '../../db/schema';

/**
 * Google Places (API "New", Place Details with the `reviews` field mask): the source of the
 * reviews served by GET /google/reviews. Nothing here runs unless an API key and the site's
 * place id are configured; the API then keeps serving what the database holds.
 */

export interface GooglePlacesSettings {
  /**
   * GOOGLE_PLACES_API_KEY: the platform's key, for the sites of GOOGLE_PLACES_PLACE_IDS. A site
   * whose owner entered a key and a place in the back office uses those instead (decision 0108).
   */
  apiKey: string | null;
  /** GOOGLE_PLACES_PLACE_IDS, "91:ChIJ…,92:ChIJ…" (parsed by config.ts): each site's place. */
  placeIds: ReadonlyMap<number, string>;
}

export const NO_GOOGLE_PLACES: GooglePlacesSettings = { apiKey: null, placeIds: new Map() };

/** One review of a Place Details (New) response; only what is stored is checked. */
const placeReviewSchema = z.object({
  /** The review's resource name, places/{placeId}/reviews/{reviewId}: stable, hence the key. */
  name: z.string().min(1).max(500),
  rating: z.number().min(1).max(5),
  /** The text in the language asked for (possibly a translation by Google). */
  text: z.object({ text: z.string() }).optional(),
  /** The author's own words. */
  originalText: z.object({ text: z.string() }).optional(),
  authorAttribution: z
    .object({
      displayName: z.string().optional(),
      photoUri: z.string().optional(),
    })
    .optional(),
  publishTime: z.iso.datetime({ offset: true }),
});

const placeDetailsSchema = z.object({ reviews: z.array(z.unknown()).optional() });

export type ReviewRow = Omit<typeof reviews.$inferInsert, 'id'> & {
  fetchedAt: Date;
  publishedAt: Date;
};

/** An author picture is kept only as an https address (it becomes an <img> on the storefront). */
function httpsUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The rows to upsert from a Place Details response. A review that does not have the documented
 * shape is left out (and counted), so that one odd entry never drops the others.
 */
export function reviewsFromPlaceDetails(
  siteId: number,
  response: unknown,
  fetchedAt: Date,
): { rows: ReviewRow[]; skipped: number } {
  const details = placeDetailsSchema.safeParse(response);
  if (!details.success) return { rows: [], skipped: 0 };
  const rows: ReviewRow[] = [];
  let skipped = 0;
  for (const candidate of details.data.reviews ?? []) {
    const parsed = placeReviewSchema.safeParse(candidate);
    if (!parsed.success) {
      skipped += 1;
      continue;
    }
    const review = parsed.data;
    const text = (review.originalText?.text ?? review.text?.text ?? '').trim();
    rows.push({
      siteId,
      source: 'GOOGLE',
      externalId: review.name,
      authorName: review.authorAttribution?.displayName?.trim() || 'Utilisateur Google',
      authorPhotoUrl: httpsUrl(review.authorAttribution?.photoUri),
      rating: Math.min(5, Math.max(1, Math.round(review.rating))),
      text: text === '' ? null : text,
      publishedAt: new Date(review.publishTime),
      fetchedAt,
    });
  }
  return { rows, skipped };
}

export const PLACES_API_BASE_URL = 'https://places.googleapis.com/v1/places/';
const FETCH_TIMEOUT_MS = 10_000;

/** Calls Place Details (New) for the reviews only (the field mask decides what is billed). */
export async function fetchPlaceDetails(
  options: { apiKey: string; placeId: string; baseUrl?: string | undefined },
  doFetch: typeof fetch,
): Promise<unknown> {
  const base = options.baseUrl ?? PLACES_API_BASE_URL;
  const response = await doFetch(`${base}${encodeURIComponent(options.placeId)}`, {
    headers: { 'X-Goog-Api-Key': options.apiKey, 'X-Goog-FieldMask': 'reviews' },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) {
    // Google's error body names the problem (a disabled API, an unknown place); never the key.
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: unknown };
    } | null;
    const reason = typeof body?.error?.message === 'string' ? `: ${body.error.message}` : '';
    throw new Error(`Google Places answered ${response.status}${reason}`);
  }
  return response.json();
}
