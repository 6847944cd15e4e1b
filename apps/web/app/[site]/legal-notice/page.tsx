import type { Metadata } from 'next';
import { LegalPage, legalPageMetadata } from '../../../modules/legal/legal-page';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

interface LegalNoticeProps {
  params: Promise<{ site: string }>;
}

export function generateMetadata({ params }: LegalNoticeProps): Promise<Metadata> {
  return legalPageMetadata({ params, document: 'LEGAL_NOTICE' });
}

export default function LegalNoticePage({ params }: LegalNoticeProps) {
  return <LegalPage params={params} document="LEGAL_NOTICE" />;
}
