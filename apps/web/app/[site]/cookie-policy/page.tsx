import type { Metadata } from 'next';
import { LegalPage, legalPageMetadata } from '../../../modules/legal/legal-page';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

interface CookiePolicyProps {
  params: Promise<{ site: string }>;
}

export function generateMetadata({ params }: CookiePolicyProps): Promise<Metadata> {
  return legalPageMetadata({ params, document: 'COOKIE_POLICY' });
}

export default function CookiePolicyPage({ params }: CookiePolicyProps) {
  return <LegalPage params={params} document="COOKIE_POLICY" />;
}
