import { revalidateTag } from 'next/cache';
import {
  readRevalidationRequest,
  revalidateSecret,
} from '../../../modules/revalidation/revalidation-request';

/**
 * POST /_comptoir/revalidate: the API calls it after a content write (a page's blocks, a
 * parameter, an element) with the cache tags of what changed. The folder is named `%5Fcomptoir`
 * because a folder starting with `_` is private to the App Router; server.ts lets the path through
 * instead of rewriting it to a site.
 */
export async function POST(request: Request): Promise<Response> {
  const outcome = await readRevalidationRequest(request, revalidateSecret());
  if (outcome.status !== 200) {
    return Response.json({ message: outcome.message }, { status: outcome.status });
  }
  for (const tag of outcome.tags) {
    // { expire: 0 } rather than the 'max' profile: 'max' only marks the entries stale, so the
    // next visitor would still get the old page (stale-while-revalidate) and the administrator
    // who just saved would not see the change. Expiring them makes the next request render
    // fresh data. (updateTag does that too, but only inside Server Actions.)
    revalidateTag(tag, { expire: 0 });
  }
  // With REDIS_URL the caches are shared (decision 0071): the cache handlers write the tags'
  // revalidation times to Redis, so every instance sees them, and tell every instance to drop its
  // one-second page copies.
  return Response.json({ revalidated: outcome.tags });
}
