import { getAnalyticsConfigs } from '../../lib/data/external-apps.server';
import { AnalyticsPageViews } from './analytics-page-views';
import { consentSetup } from './consent-services';
import { CookieConsent } from './cookie-consent';

/**
 * The cookie banner with the site's analytics services (and, in a shop, the relay map's tiles),
 * and their page views on navigation.
 */
export async function SiteConsent({ siteId, shop }: { siteId: number; shop: boolean }) {
  const setup = consentSetup(await getAnalyticsConfigs(siteId), shop);
  return (
    <>
      <CookieConsent siteId={siteId} setup={setup} />
      {setup.jobs.length > 0 && <AnalyticsPageViews siteId={siteId} />}
    </>
  );
}
