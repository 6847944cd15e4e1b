import type { Metadata } from 'next';
import { LegalPage, legalPageMetadata } from '../../../modules/legal/legal-page';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

interface SaleTermsProps {
  params: Promise<{ site: string }>;
}

export function generateMetadata({ params }: SaleTermsProps): Promise<Metadata> {
  return legalPageMetadata({ params, document: 'SALE_TERMS' });
}

export default function SaleTermsPage({ params }: SaleTermsProps) {
  return <LegalPage params={params} document="SALE_TERMS" />;
}
