import { getAnalyticsConfigs } from '../../lib/data/external-apps.server';
import { AnalyticsPageViews } from './analytics-page-views';
import { consentSetup } from './consent-services';
import { CookieConsent } from './cookie-consent';

/** The cookie banner with the site's analytics services, and their page views on navigation. */
export async function SiteConsent({ siteId }: { siteId: number }) {
  const setup = consentSetup(await getAnalyticsConfigs(siteId));
  return (
    <>
      <CookieConsent setup={setup} />
      {setup.jobs.length > 0 && <AnalyticsPageViews siteId={siteId} />}
    </>
  );
}
