import type { HeaderOptions } from '@comptoir/domain/site-header';

/**
 * The stylesheet of the header's variants (decision 0097), built on the server for one site and
 * sent in the page's HTML: only the rules of the variants the site turned on, so a site on the
 * defaults ships none of them, and no variant adds to the storefront's shared stylesheets. The
 * class names are those of the CSS modules the rules complete.
 */
export interface VariantClasses {
  /** top-app-bar.module.css */
  bar: string;
  /** main-menu.module.css */
  submenu: string;
  /** mobile-bar.module.css */
  mobileBar: string;
  /** bottom-bar.module.css */
  shortcutBar: string;
  shortcut: string;
}

export type VariantOptions = Pick<
  HeaderOptions,
  'dark' | 'menuType' | 'mobileMenuPosition' | 'menuIcons' | 'infoBar' | 'socialInMenu'
> & { menuPadding: boolean; fixed: boolean };

const DARK = `html{color-scheme:dark}`;

// The header takes no room and lies over the page's opening section, which reaches under it
// through a transparent top border of the header's height. On phones the mobile bar does so only
// while the shortcut bar is at the bottom.
const overlay = (c: VariantClasses, mobile: boolean, fixed: boolean) => {
  const rows = `.${c.bar}>[data-band]`;
  return [
    `html{--overlay-height:calc(max(var(--logo-height-mobile),56px) + var(--logo-margin-top) + var(--logo-margin-bottom))}`,
    `@media (min-width:960px){html{--overlay-height:calc(var(--logo-height) + var(--logo-margin-top) + var(--logo-margin-bottom) + 58px + var(--menu-padding-top,0px) + var(--menu-padding-bottom,0px))}}`,
    mobile
      ? `main>:first-child{border-top:var(--overlay-height) solid transparent}`
      : `@media (min-width:960px){main>:first-child{border-top:var(--overlay-height) solid transparent}}`,
    `.${c.bar}{position:${fixed ? 'sticky' : 'relative'};height:0;background:transparent}`,
    `${rows}{--font-menu-color:var(--color-overlay-font);--color-active-menu:var(--color-overlay-font);--color-on-active-menu:var(--color-overlay-contrast);--color-font:var(--color-overlay-font);--color-heading:var(--color-overlay-font);--line:color-mix(in srgb,var(--color-overlay-font) 35%,transparent);--focus-ring:var(--color-overlay-font);background:var(--color-overlay-veil);color:var(--color-overlay-font)}`,
    `.${c.bar}>[data-band=menu]{border-block-color:transparent}`,
    // The submenus keep the menu's own colours.
    `.${c.bar} .${c.submenu}{--font-menu-color:var(--color-menu-panel-font);--color-active-menu:var(--color-menu-panel-active);--color-font:var(--color-menu-panel-font);color:var(--color-menu-panel-font)}`,
    // A fixed overlaid menu turns solid once the logo has scrolled away, without script.
    fixed
      ? `@supports (animation-timeline:scroll()){.${c.bar}>[data-band=menu]{animation:overlay-solid linear both;animation-timeline:scroll(root);animation-range:var(--brand-row-height) calc(var(--brand-row-height) + 2px)}}@keyframes overlay-solid{to{--font-menu-color:var(--color-menu-panel-font);--color-active-menu:var(--color-menu-panel-active);--color-font:var(--color-menu-panel-font);--line:var(--color-menu-panel-line);background:var(--color-menu-background);color:var(--color-menu-panel-font)}}`
      : '',
    mobile
      ? `.${c.mobileBar}{position:relative;z-index:45;height:var(--overlay-height);margin-bottom:calc(-1*var(--overlay-height));border-bottom-color:transparent;--color-font:var(--color-overlay-font);--color-heading:var(--color-overlay-font);--color-menu-background:transparent;--line:color-mix(in srgb,var(--color-overlay-font) 45%,transparent);--focus-ring:var(--color-overlay-font);background:var(--color-overlay-veil);color:var(--color-overlay-font)}`
      : '',
  ].join('');
};

// The shortcut bar under the mobile header, sticking to the top; nothing to leave room for below.
const shortcutsOnTop = (c: VariantClasses) =>
  `.${c.shortcutBar}{position:sticky;top:0;bottom:auto;padding-bottom:0;box-shadow:0 8px 24px -16px rgb(0 0 0/45%)}` +
  `.${c.shortcutBar} .${c.shortcut}[aria-current=page]::before,.${c.shortcutBar} .${c.shortcut}[aria-expanded=true]::before{top:auto;bottom:0;border-radius:3px 3px 0 0}` +
  `body{padding-bottom:env(safe-area-inset-bottom,0px)}`;

const NO_ICONS = (c: VariantClasses) => `.${c.shortcut}>svg{display:none}`;

const MENU_PADDING = (c: VariantClasses) =>
  `.${c.bar}>[data-band=menu]{padding-block:var(--menu-padding-top,0px) var(--menu-padding-bottom,0px)}`;

const INFO_BAR =
  `[data-info-bar]{background:var(--color-top-bar-background);color:var(--color-top-bar-font);font-size:.8125rem;line-height:1.4}` +
  `[data-info-bar]>ul{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:4px 20px;padding-block:6px}` +
  `[data-info-bar] li{display:inline-flex;align-items:center;gap:6px;min-width:0}` +
  `[data-info-bar] svg{flex:none}` +
  // A link in the bar is at least 24 px high to be tapped (WCAG 2.5.8).
  `[data-info-bar] a{color:inherit;display:inline-block;padding-block:3px}` +
  `[data-info-bar] :focus-visible{outline-color:currentColor}` +
  // The e-mail makes way on phones: the phone, hours and address matter most there.
  `@media (max-width:575px){[data-info=email]{display:none}}` +
  `@media (min-width:960px){[data-info-bar]>ul{justify-content:flex-end}}`;

const SOCIAL =
  `[data-menu-row]{display:flex;align-items:center;gap:12px}` +
  `[data-social-menu]{display:flex;flex-wrap:wrap;align-items:center;gap:2px}` +
  `[data-social-menu] a{display:inline-flex;align-items:center;justify-content:center;min-width:40px;min-height:40px;border-radius:var(--radius-small);color:inherit}` +
  `[data-social-menu=header] a:hover{color:var(--color-active-menu)}` +
  `[data-social-menu=drawer]{padding:16px 24px 0;gap:8px}` +
  `[data-social-menu=drawer] a:hover{background:color-mix(in srgb,currentColor 12%,transparent)}`;

export function headerVariantCss(options: VariantOptions, classes: VariantClasses): string {
  return [
    options.dark ? DARK : '',
    options.menuType === 'ABSOLUTE'
      ? overlay(classes, options.mobileMenuPosition === 'BOTTOM', options.fixed)
      : '',
    options.mobileMenuPosition === 'TOP' ? shortcutsOnTop(classes) : '',
    options.menuIcons ? '' : NO_ICONS(classes),
    options.menuPadding ? MENU_PADDING(classes) : '',
    options.infoBar ? INFO_BAR : '',
    options.socialInMenu !== 'NO' ? SOCIAL : '',
  ].join('');
}
