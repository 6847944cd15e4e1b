import type { Metadata } from 'next';
import { BUILD_SAMPLE_SITE } from '../../../../lib/site-id';
import { ELabelRoute, eLabelMetadata } from '../../../../modules/e-label/e-label-route';

/** The same for every visitor: the whole server output comes from caches. */
export const ensureStatic = 'navigation';

/** An unknown label answers a real 404 status: nothing renders before the label is found. */
export const instant = false;

interface ELabelPageProps {
  params: Promise<{ site: string; declination: string }>;
}

export async function generateStaticParams() {
  return [{ declination: BUILD_SAMPLE_SITE }];
}

export async function generateMetadata({ params }: ELabelPageProps): Promise<Metadata> {
  const { site, declination } = await params;
  return eLabelMetadata(site, declination);
}

/** /e-label/<declination id>: a vintage's nutrition declaration and ingredients. */
export default async function ELabelPage({ params }: ELabelPageProps) {
  const { site, declination } = await params;
  return <ELabelRoute siteSegment={site} declinationSegment={declination} />;
}
