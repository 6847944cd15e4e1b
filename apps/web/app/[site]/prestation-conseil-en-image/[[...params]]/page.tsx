import type { Metadata } from 'next';
import {
  ServicesRoutePage,
  servicesRouteMetadata,
  type ServicesRouteParams,
} from '../../../../modules/services/services-route';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/**
 * Read before anything renders, without a Suspense fallback: an unknown service answers a real
 * 404 and a wrong slug a real 308 to the right one, not a streamed 200.
 */
export const instant = false;

interface ServicesProps {
  params: Promise<ServicesRouteParams>;
}

/**
 * /prestation-conseil-en-image (the services page of the site's tree, with every service),
 * /prestation-conseil-en-image/{id} and /prestation-conseil-en-image/{slug}/{id} (one service).
 * The build checks the route with the bare URL of the sample site; services render on first visit.
 */
export async function generateStaticParams() {
  return [{ params: [] }];
}

export function generateMetadata({ params }: ServicesProps): Promise<Metadata> {
  return servicesRouteMetadata(params);
}

export default function ServicesPage({ params }: ServicesProps) {
  return <ServicesRoutePage params={params} />;
}
