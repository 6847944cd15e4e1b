import type { Metadata } from 'next';
import { BUILD_SAMPLE_SITE } from '../../../../lib/site-id';
import { BlogRoute, blogRouteMetadata } from '../../../../modules/blog/blog-route';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/**
 * The page resolves its URL (folder, article or list page) before rendering anything, without a
 * Suspense fallback, so that an unknown slug answers with a real 404 status.
 */
export const instant = false;

interface BlogPathProps {
  params: Promise<{ site: string; path: string[] }>;
}

/** The build checks the route with the sample site (see the layout); pages render on first visit. */
export async function generateStaticParams() {
  return [{ path: [BUILD_SAMPLE_SITE] }];
}

export function generateMetadata({ params }: BlogPathProps): Promise<Metadata> {
  return blogRouteMetadata(params);
}

/** /blog/<folder>[/<sub-folder>…][/<article>] and the list pages /…/page/<n>. */
export default function BlogPathPage({ params }: BlogPathProps) {
  return <BlogRoute params={params} />;
}
