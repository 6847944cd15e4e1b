import type { Metadata } from 'next';
import { LegalPage, legalPageMetadata } from '../../../modules/legal/legal-page';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

interface PrivacyPolicyProps {
  params: Promise<{ site: string }>;
}

export function generateMetadata({ params }: PrivacyPolicyProps): Promise<Metadata> {
  return legalPageMetadata({ params, document: 'PRIVACY_POLICY' });
}

export default function PrivacyPolicyPage({ params }: PrivacyPolicyProps) {
  return <LegalPage params={params} document="PRIVACY_POLICY" />;
}
