import { preload } from 'react-dom';
import { readCapturedPage } from '../captured-page';

// Prerendered once at build time, like any static page of a bare Next app.
export const dynamic = 'force-static';

export default function Page() {
  const page = readCapturedPage();
  // The storefront preloads its logos; the reference does the same so LCP compares like for like.
  for (const href of page.imagePreloads) preload(href, { as: 'image' });
  // React renders raw HTML only inside an element: `display: contents` keeps that wrapper out of
  // the layout, so the body's children lay out as they do in the storefront.
  return (
    <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
  );
}
