'use client';

import { useEffect, useRef } from 'react';
import { useAccount } from '../account/use-account';
import { useCurrentUrl } from '../site-layout/use-current-url';
import { setAnalyticsUser, USER_ID_SERVICES } from './analytics-user';

/**
 * Tracks a page view on each client-side navigation (docs/requirements/consent-and-analytics.md), in every analytics service the
 * visitor accepted, after setting the logged-in customer's id in them. The first page of the
 * visit is tracked by the services themselves when they load, so only later navigations are sent
 * from here; the id is set as soon as both the account and an allowed service are there.
 */
export function AnalyticsPageViews({ siteId }: { siteId: number }) {
  const currentUrl = useCurrentUrl(siteId);
  const firstUrl = useRef<string | null>(null);
  const { status, user } = useAccount(siteId);
  const analyticsId = status === 'member' && user ? user.analyticsId : null;
  const idRef = useRef<string | null>(analyticsId);

  useEffect(() => {
    idRef.current = analyticsId;
    setAnalyticsUser(window, analyticsId);
    // A service allowed later (the banner's « Tout accepter ») hears it once it has loaded.
    const onLoaded = () => setAnalyticsUser(window, idRef.current);
    const events = USER_ID_SERVICES.map((service) => `${service}_loaded`);
    for (const event of events) document.addEventListener(event, onLoaded);
    return () => {
      for (const event of events) document.removeEventListener(event, onLoaded);
    };
  }, [analyticsId]);

  useEffect(() => {
    if (firstUrl.current === null) {
      firstUrl.current = currentUrl;
      return;
    }
    // Next updates the document's title just after the URL.
    const timer = window.setTimeout(() => trackPageView(currentUrl, idRef.current), 0);
    return () => window.clearTimeout(timer);
  }, [currentUrl]);

  return null;
}

function trackPageView(path: string, analyticsId: string | null): void {
  setAnalyticsUser(window, analyticsId);
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
