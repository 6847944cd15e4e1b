import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { readCapturedPage } from '../captured-page';
// The storefront's stylesheets and theme variables, concatenated by the bench.
import '../captured/storefront.css';

const page = readCapturedPage();

export const metadata: Metadata = { title: page.title, description: page.description };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={page.lang}>
      <body className={page.bodyClassName || undefined}>{children}</body>
    </html>
  );
}
