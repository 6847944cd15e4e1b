import bottomBar from './bottom-bar.module.css';
import mainMenu from './main-menu.module.css';
import mobileBar from './mobile-bar.module.css';
import topAppBar from './top-app-bar.module.css';
import { headerVariantCss, type VariantOptions } from './header-variant-css';

const CLASSES = {
  bar: topAppBar.bar!,
  submenu: mainMenu.submenu!,
  mobileBar: mobileBar.bar!,
  shortcutBar: bottomBar.bar!,
  shortcut: bottomBar.shortcut!,
};

/**
 * The rules of the header variants the site turned on, in the page's HTML (header-variant-css.ts):
 * nothing for a site on the defaults.
 */
export function HeaderVariantStyles({ options }: { options: VariantOptions }) {
  const css = headerVariantCss(options, CLASSES);
  if (css === '') return null;
  return <style data-header-variants="" dangerouslySetInnerHTML={{ __html: css }} />;
}
