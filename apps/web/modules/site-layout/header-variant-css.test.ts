import { describe, expect, it } from 'vitest';
import { headerVariantCss, type VariantOptions } from './header-variant-css';

const CLASSES = {
  bar: 'bar_x',
  submenu: 'submenu_x',
  mobileBar: 'mobile_x',
  shortcutBar: 'shortcuts_x',
  shortcut: 'shortcut_x',
};

const DEFAULTS: VariantOptions = {
  dark: false,
  menuType: 'RELATIVE',
  mobileMenuPosition: 'BOTTOM',
  menuIcons: true,
  infoBar: false,
  socialInMenu: 'NO',
  menuPadding: false,
  fixed: true,
};

describe('the header variants stylesheet', () => {
  it('is empty for a site on the defaults', () => {
    expect(headerVariantCss(DEFAULTS, CLASSES)).toBe('');
  });

  it('lays the header over the opening section, on phones too while the shortcuts are at the bottom', () => {
    const css = headerVariantCss({ ...DEFAULTS, menuType: 'ABSOLUTE' }, CLASSES);
    expect(css).toContain('.bar_x{position:sticky;height:0;');
    expect(css).toContain('main>:first-child{border-top:var(--overlay-height) solid transparent}');
    expect(css).toContain('.mobile_x{position:relative;');
    expect(css).toContain('animation-timeline:scroll(root)');
    expect(css).toContain('.bar_x .submenu_x{');
  });

  it('keeps the mobile bar in the flow when the shortcuts are at the top, and a menu that is not fixed scrolls away', () => {
    const css = headerVariantCss(
      { ...DEFAULTS, menuType: 'ABSOLUTE', mobileMenuPosition: 'TOP', fixed: false },
      CLASSES,
    );
    expect(css).not.toContain('.mobile_x{');
    expect(css).toContain(
      '@media (min-width:960px){main>:first-child{border-top:var(--overlay-height) solid transparent}}',
    );
    expect(css).toContain('.bar_x{position:relative;height:0;');
    expect(css).not.toContain('animation-timeline');
    expect(css).toContain('.shortcuts_x{position:sticky;top:0;');
  });

  it('sends each other variant only when it is on', () => {
    expect(headerVariantCss({ ...DEFAULTS, dark: true }, CLASSES)).toBe('html{color-scheme:dark}');
    expect(headerVariantCss({ ...DEFAULTS, menuIcons: false }, CLASSES)).toBe(
      '.shortcut_x>svg{display:none}',
    );
    expect(headerVariantCss({ ...DEFAULTS, menuPadding: true }, CLASSES)).toContain(
      'padding-block:var(--menu-padding-top,0px) var(--menu-padding-bottom,0px)',
    );
    expect(headerVariantCss({ ...DEFAULTS, infoBar: true }, CLASSES)).toMatch(/^\[data-info-bar\]/);
    expect(headerVariantCss({ ...DEFAULTS, socialInMenu: 'MOBILE' }, CLASSES)).toContain(
      '[data-social-menu=drawer]',
    );
  });
});
