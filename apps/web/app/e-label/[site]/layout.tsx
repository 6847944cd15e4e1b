import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { BUILD_SAMPLE_SITE } from '../../../lib/site-id';

/*
 * The e-label pages of a site (/e-label/<declination>, decision 0109): the QR code on a bottle's
 * sheet leads here. A root layout of their own, outside the site's: no header, menu, cart,
 * consent banner, visit tracking or custom code, only the label, light enough for a phone in a
 * shop's aisle.
 */

export async function generateStaticParams() {
  return [{ site: BUILD_SAMPLE_SITE }];
}

export const metadata: Metadata = {
  // A label, not a page to find: search engines leave it out.
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function ELabelLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <body style={{ margin: 0 }}>{children}</body>
    </html>
  );
}
