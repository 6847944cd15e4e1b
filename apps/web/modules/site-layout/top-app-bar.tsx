import { IntentLink } from '../../ui/intent-link';
import type { ReactNode } from 'react';
import { AccountLink } from '../account/account-link';
import { CartBadge } from '../cart/lazy-cart-badge';
import { MainMenu } from './main-menu';
import type { SiteMenu } from './menu-entries';
import styles from './top-app-bar.module.css';

const LOGO_POSITIONS = ['LEFT', 'CENTER', 'RIGHT'] as const;
const ALIGNMENTS = ['LEFT', 'CENTER', 'RIGHT'] as const;

/** A layout parameter's value when it is one of the known choices, otherwise the fallback. */
function choice<T extends string>(value: string | null, choices: readonly T[], fallback: T): T {
  return choices.find((candidate) => candidate === value?.toUpperCase()) ?? fallback;
}

export interface TopAppBarLayout {
  logoPosition: string | null;
  menuAlignment: string | null;
  submenuAlignment: string | null;
  menuActiveType: string | null;
  menuHoverTransition: string | null;
  submenuDropShadow: boolean;
  centerSubmenu: boolean;
  fixed: boolean;
  /** MENU_TYPE (decision 0097); its colours and the menu's paddings are theme variables. */
  menuType: 'RELATIVE' | 'ABSOLUTE';
}

/** What the header shows beside the logo, each drawn on the server. */
export interface TopAppBarTools {
  /** The site search box (SHOW_SEARCHBAR), first of the tools. */
  search?: ReactNode;
  /** The account entry's icon; null when MENU_ICON is off. */
  accountIcon: ReactNode;
  /** The cart entry's icon; null when MENU_ICON is off. */
  cartIcon: ReactNode;
  /** The social pages' icons (DISPLAY_SOCIAL_ICON_IN_MENU), at the end of the menu row. */
  social?: ReactNode;
}

interface TopAppBarProps {
  siteId: number;
  logo: ReactNode;
  menu: SiteMenu;
  /** The site sells online (site info isECommerce): the cart badge, with its mini-cart if asked. */
  shop: { seeCartOnHover: boolean; hideLabel: boolean } | null;
  layout: TopAppBarLayout;
  tools: TopAppBarTools;
}

/**
 * The header of wide screens (960 px and more): a brand row with the logo and the account entry,
 * then the menu row. When the menu is fixed, the header sticks by its menu row only, so the tall
 * logo scrolls away and the menu stays at hand. With MENU_TYPE ABSOLUTE the header lies over the
 * page's opening section instead of above it (decision 0097).
 */
export function TopAppBar({ siteId, logo, menu, shop, layout, tools }: TopAppBarProps) {
  return (
    <header
      className={styles.bar}
      data-fixed={layout.fixed}
      data-logo-position={choice(layout.logoPosition, LOGO_POSITIONS, 'LEFT')}
      data-menu-alignment={choice(layout.menuAlignment, ALIGNMENTS, 'RIGHT')}
      data-submenu-alignment={
        layout.centerSubmenu ? 'CENTER' : choice(layout.submenuAlignment, ALIGNMENTS, 'LEFT')
      }
      data-submenu-shadow={layout.submenuDropShadow}
      data-menu-active={layout.menuActiveType?.toUpperCase() ?? 'TEXT_COLOR'}
      data-menu-hover={layout.menuHoverTransition?.toUpperCase() ?? 'SIMPLE_TEXT_COLOR'}
      data-menu-type={layout.menuType}
    >
      <div data-band="brand">
        <div className={`container ${styles.brandRow}`}>
          <IntentLink href="/" className={styles.logoLink}>
            {logo}
          </IntentLink>
          <div className={styles.tools}>
            {tools.search}
            <AccountLink siteId={siteId} icon={tools.accountIcon} />
            {shop ? (
              <CartBadge
                siteId={siteId}
                seeCartOnHover={shop.seeCartOnHover}
                hideLabel={shop.hideLabel}
                icon={tools.cartIcon}
              />
            ) : null}
          </div>
        </div>
      </div>
      <div className={styles.menuRow} data-band="menu">
        <div className="container" data-menu-row="">
          <MainMenu siteId={siteId} main={menu.main} fixedRight={menu.fixedRight} />
          {tools.social}
        </div>
      </div>
    </header>
  );
}
