import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { BUILD_SAMPLE_SITE, parseSiteId } from '../../lib/site-id';
import { themeStyle } from '../../lib/theme';
import { AdminPanelGate } from '../../modules/admin-panel/admin-panel-gate';
import { dashboardPageUrl } from '../../modules/admin-panel/dashboard-url';
import { flattenPages, visibleContactPage } from '../../modules/pages/page-tree';
import { ConnectionStatus } from '../../modules/connection-status/connection-status';
import { SiteConsent } from '../../modules/consent/site-consent';
import { SiteCustomCode } from '../../modules/site-custom-code/site-custom-code';
import { ChunkErrorReload } from '../../modules/loading-bar/chunk-error-reload';
import { NavigationProgress } from '../../modules/loading-bar/navigation-progress';
import { ModalContainer } from '../../modules/modal/modal-container';
import { PagePopups } from '../../modules/popup/page-popups';
import { PromoBanner } from '../../modules/promo-banner/promo-banner';
import { VisitTracking } from '../../modules/visit-tracking/visit-tracking';
import { BottomBar } from '../../modules/site-layout/bottom-bar';
import { siteMenu } from '../../modules/site-layout/menu-entries';
import { MobileBar } from '../../modules/site-layout/mobile-bar';
import { MobileDrawer } from '../../modules/site-layout/mobile-drawer';
import { MobileNavigationProvider } from '../../modules/site-layout/mobile-navigation';
import {
  pageBehaviourAttributes,
  RightClickLock,
} from '../../modules/site-layout/page-behaviour';
import { SiteFooter } from '../../modules/site-layout/site-footer';
import { findLogo, SiteLogo } from '../../modules/site-layout/site-logo';
import { TopAppBar } from '../../modules/site-layout/top-app-bar';
import { Toaster } from '../../ui/toaster';
import '../globals.css';

interface SiteLayoutProps {
  children: ReactNode;
  params: Promise<{ site: string }>;
}

/**
 * Cache Components needs one value of every dynamic segment to check the routes at build time.
 * The sample is not a site, so the build never calls the API; each real site is rendered on its
 * first visit, stored, and then served from the cache (see lib/data/cache-tags.ts).
 */
export async function generateStaticParams() {
  return [{ site: BUILD_SAMPLE_SITE }];
}

export async function generateMetadata({ params }: SiteLayoutProps): Promise<Metadata> {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) return { robots: { index: false } };
  const { info, parameters } = await loadSiteShell(siteId);
  const name = parameters.text('COMPANY_NAME') ?? info.name;
  const favicon = findLogo(info, 'LOGO_FAVICON')?.onlineImage?.url;
  return {
    title: { template: `%s | ${name}`, default: name },
    description: parameters.text('META_DESCRIPTION_HOME'),
    applicationName: name,
    icons: favicon ? { icon: favicon } : undefined,
    openGraph: { siteName: name, locale: 'fr_FR', type: 'website' },
  };
}

export default async function SiteLayout({ children, params }: SiteLayoutProps) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) {
    // The build sample, or a file name that reached the router: nothing but the not-found page.
    return (
      <html lang="fr">
        <body>
          <main id="contenu">{children}</main>
        </body>
      </html>
    );
  }

  const shell = await loadSiteShell(siteId);
  const { info, parameters, pages } = shell;
  const name = parameters.text('COMPANY_NAME') ?? info.name;
  const hideContactPage = parameters.flag('HIDE_CONTACT_PAGE');
  const menu = siteMenu(pages, {
    hideHomepage: parameters.flag('HIDE_HOMEPAGE_IN_MENU'),
    hideContactPage,
    eCommerce: info.isECommerce,
  });
  const contactPage = visibleContactPage(pages, hideContactPage);
  // The shop's entries (cart badge, bottom bar's cart) only where the menu shows the shop.
  const shop = info.isECommerce ? { seeCartOnHover: parameters.flag('SEE_CART_ON_HOVER') } : null;
  const logo = findLogo(info, 'LOGO');
  const logoAlt = `${logo?.alt ?? name} – Accueil`;

  return (
    // The stylesheet scrolls smoothly (in-page links); the attribute tells Next's router to
    // scroll without it on a navigation, which otherwise ended on an arbitrary position, the
    // new page's heading off screen (decision 0085).
    <html
      lang="fr"
      style={themeStyle(parameters, info.fonts)}
      data-scroll-behavior="smooth"
      {...pageBehaviourAttributes(parameters)}
    >
      <body>
        <RightClickLock parameters={parameters} />
        <a className="skip-link" href="#contenu">
          Aller au contenu
        </a>
        <PromoBanner siteId={siteId} enabled={parameters.flag('SHOW_PROMOTE_MESSAGE')} />
        <MobileNavigationProvider siteId={siteId}>
          <TopAppBar
            siteId={siteId}
            logo={<SiteLogo logo={logo} siteName={name} alt={logoAlt} variant="header" />}
            menu={menu}
            shop={shop}
            layout={{
              logoPosition: parameters.text('LOGO_POSITION'),
              menuAlignment: parameters.text('MENU_ALIGNMENT'),
              submenuAlignment: parameters.text('SUBMENU_ALIGNMENT'),
              menuActiveType: parameters.text('MENU_ACTIVE_TYPE'),
              menuHoverTransition: parameters.text('MENU_HOVER_TRANSITION'),
              submenuDropShadow: parameters.flag('SUBMENU_DROPSHADOW'),
              centerSubmenu: parameters.flag('CENTER_SUBMENU'),
              fixed: parameters.flag('IS_MENU_FIXED'),
            }}
          />
          <MobileBar
            logo={<SiteLogo logo={logo} siteName={name} alt={logoAlt} variant="mobile" />}
          />
          <main id="contenu" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter shell={shell} />
          <BottomBar contactHref={contactPage?.url ?? null} shop={shop !== null} />
          <MobileDrawer main={menu.main} fixedRight={menu.fixedRight} />
          <AdminPanelGate
            siteId={siteId}
            pages={flattenPages(pages).map(({ id, url }) => ({ id, url }))}
            editPageUrl={dashboardPageUrl()}
          />
          <Toaster />
          <ModalContainer />
          <PagePopups siteId={siteId} pages={pages} />
          <NavigationProgress siteId={siteId} />
          <ConnectionStatus />
          <ChunkErrorReload />
          <VisitTracking siteId={siteId} />
          <SiteConsent siteId={siteId} shop={info.isECommerce} />
          <SiteCustomCode parameters={parameters} />
        </MobileNavigationProvider>
      </body>
    </html>
  );
}
