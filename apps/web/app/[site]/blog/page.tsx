import type { Metadata } from 'next';
import { BlogRoute, blogRouteMetadata } from '../../../modules/blog/blog-route';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/**
 * The page decides between the blog and the not-found page (IS_BLOG_ACTIVATED off) before
 * rendering anything, without a Suspense fallback, so that the 404 is a real HTTP status.
 */
export const instant = false;

interface BlogHomeProps {
  params: Promise<{ site: string }>;
}

export function generateMetadata({ params }: BlogHomeProps): Promise<Metadata> {
  return blogRouteMetadata(params);
}

/** /blog: the folders and the latest articles of the whole blog, page 1. */
export default function BlogHomePage({ params }: BlogHomeProps) {
  return <BlogRoute params={params} />;
}
