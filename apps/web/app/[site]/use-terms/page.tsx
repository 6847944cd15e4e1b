import type { Metadata } from 'next';
import { LegalPage, legalPageMetadata } from '../../../modules/legal/legal-page';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

interface UseTermsProps {
  params: Promise<{ site: string }>;
}

export function generateMetadata({ params }: UseTermsProps): Promise<Metadata> {
  return legalPageMetadata({ params, document: 'USE_TERMS' });
}

export default function UseTermsPage({ params }: UseTermsProps) {
  return <LegalPage params={params} document="USE_TERMS" />;
}
