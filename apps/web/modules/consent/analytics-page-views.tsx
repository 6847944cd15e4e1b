'use client';

import { useEffect, useRef } from 'react';
import { useCurrentUrl } from '../site-layout/use-current-url';

/**
 * Tracks a page view on each client-side navigation (docs/requirements/consent-and-analytics.md), in every analytics service the
 * visitor accepted. The first page of the visit is tracked by the services themselves when they
 * load, so only later navigations are sent from here.
 */
export function AnalyticsPageViews({ siteId }: { siteId: number }) {
  const currentUrl = useCurrentUrl(siteId);
  const firstUrl = useRef<string | null>(null);

  useEffect(() => {
    if (firstUrl.current === null) {
      firstUrl.current = currentUrl;
      return;
    }
    // Next updates the document's title just after the URL.
    const timer = window.setTimeout(() => trackPageView(currentUrl), 0);
    return () => window.clearTimeout(timer);
  }, [currentUrl]);

  return null;
}

function trackPageView(path: string): void {
  const consent = window.tarteaucitron?.state ?? {};
  const location = window.location.href;
  const title = document.title;
  if (consent.gtag || consent.googleads) {
    window.gtag?.('event', 'page_view', {
      page_location: location,
      page_path: path,
      page_title: title,
    });
  }
  if (consent.googletagmanager) {
    window.dataLayer?.push({ event: 'page_view', page_location: location, page_path: path });
  }
  if (consent.matomo && window._paq) {
    window._paq.push(['setCustomUrl', location]);
    window._paq.push(['setDocumentTitle', title]);
    window._paq.push(['trackPageView']);
  }
  if (consent.plausible) window.plausible?.('pageview', { u: location });
  if (consent.facebookpixel) window.fbq?.('track', 'PageView');
}
