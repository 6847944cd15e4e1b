import type { Metadata } from 'next';
import { ContactPage, contactPageMetadata } from '../../../modules/contact/contact-page';

/** The same page for every visitor: the details are cached per site, the form runs in the browser. */
export const ensureStatic = 'navigation';

interface NousContacterProps {
  params: Promise<{ site: string }>;
}

export function generateMetadata({ params }: NousContacterProps): Promise<Metadata> {
  return contactPageMetadata(params);
}

export default function NousContacterPage({ params }: NousContacterProps) {
  return <ContactPage params={params} />;
}
