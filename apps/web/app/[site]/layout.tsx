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
import { SiteSearchBar } from '../../modules/search/site-search-box';
import { VisitTracking } from '../../modules/visit-tracking/visit-tracking';
import { BottomBar } from '../../modules/site-layout/bottom-bar';
import { siteMenu } from '../../modules/site-layout/menu-entries';
import { MobileBar } from '../../modules/site-layout/mobile-bar';
import { MobileDrawer } from '../../modules/site-layout/mobile-drawer';
import { MobileNavigationProvider } from '../../modules/site-layout/mobile-navigation';
import { pageBehaviourAttributes, RightClickLock } from '../../modules/site-layout/page-behaviour';
import { SiteFooter } from '../../modules/site-layout/site-footer';
import { findLogo, SiteLogo } from '../../modules/site-layout/site-logo';
import { TopAppBar } from '../../modules/site-layout/top-app-bar';
import { InfoBar } from '../../modules/site-layout/info-bar';
import { MenuSocialLinks, showsSocialIn } from '../../modules/site-layout/menu-social-links';
import { HeaderIconSvg } from '../../modules/site-layout/site-icon';
import { HeaderVariantStyles } from '../../modules/site-layout/header-variant-styles';
import { socialLinks } from '../../modules/site-layout/company-contact';
import { headerOptions } from '@comptoir/domain/site-header';
import { readSiteParameters } from '@comptoir/domain/site-parameters';
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
  const shop = info.isECommerce
    ? {
        seeCartOnHover: parameters.flag('SEE_CART_ON_HOVER'),
        hideLabel: parameters.flag('HIDE_ECOMMERCE_LABEL'),
      }
    : null;
  // The header's variants, the dark theme, the icons and the info bar (decision 0097).
  const header = headerOptions(readSiteParameters(parameters.all).value);
  // A logo drawn for dark backgrounds where the theme is dark, for light ones otherwise; the
  // main logo when the site has none of that kind.
  const logo =
    findLogo(info, header.dark ? 'LOGO_DARK_THEME' : 'LOGO') ??
    findLogo(info, header.dark ? 'LOGO' : 'LOGO_LIGHT_THEME');
  const logoAlt = `${logo?.alt ?? name} – Accueil`;
  const icon = (kind: 'cart' | 'account', size: number) =>
    header.menuIcons ? (
      <HeaderIconSvg
        icon={kind === 'cart' ? header.cartIcon : header.accountIcon}
        stroke={header.iconStroke}
        size={size}
      />
    ) : null;
  const social = socialLinks(parameters);
  const socialIn = (where: 'header' | 'drawer') =>
    showsSocialIn(where, header.socialInMenu) ? (
      <MenuSocialLinks links={social} stroke={header.iconStroke} where={where} />
    ) : null;
  const shortcutBar = (
    <BottomBar
      contactHref={contactPage?.url ?? null}
      shop={shop !== null}
      position={header.mobileMenuPosition}
      icons={{ cart: icon('cart', 22), account: icon('account', 22) }}
    />
  );

  return (
    // The stylesheet scrolls smoothly (in-page links); the attribute tells Next's router to
    // scroll without it on a navigation, which otherwise ended on an arbitrary position, the
    // new page's heading off screen (decision 0085).
    <html
      lang="fr"
      style={themeStyle(parameters, info.fonts)}
      data-scroll-behavior="smooth"
      data-theme={header.dark ? 'dark' : 'light'}
      data-menu-type={header.menuType}
      data-mobile-menu={header.mobileMenuPosition}
      data-menu-icons={header.menuIcons}
      {...pageBehaviourAttributes(parameters)}
    >
      <body>
        <RightClickLock parameters={parameters} />
        <HeaderVariantStyles
          options={{
            ...header,
            menuPadding: header.menuTopPadding || header.menuBottomPadding,
            fixed: parameters.flag('IS_MENU_FIXED'),
          }}
        />
        <a className="skip-link" href="#contenu">
          Aller au contenu
        </a>
        <PromoBanner siteId={siteId} enabled={parameters.flag('SHOW_PROMOTE_MESSAGE')} />
        {header.infoBar && (
          <InfoBar parameters={parameters} showAddress={header.addressInInfoBar} />
        )}
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
              menuType: header.menuType,
            }}
            tools={{
              accountIcon: icon('account', 20),
              cartIcon: icon('cart', 20),
              social: socialIn('header'),
            }}
          />
          <MobileBar
            logo={<SiteLogo logo={logo} siteName={name} alt={logoAlt} variant="mobile" />}
          />
          {header.mobileMenuPosition === 'TOP' && shortcutBar}
          {parameters.flag('SHOW_SEARCHBAR') ? <SiteSearchBar /> : null}
          <main id="contenu" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter shell={shell} />
          {header.mobileMenuPosition === 'BOTTOM' && shortcutBar}
          <MobileDrawer main={menu.main} fixedRight={menu.fixedRight} social={socialIn('drawer')} />
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
