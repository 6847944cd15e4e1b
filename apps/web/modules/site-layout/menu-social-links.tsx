import type { SocialInMenu } from '@comptoir/domain/site-header';
import type { SocialLink } from './company-contact';
import { SocialIconSvg } from './site-icon';

/**
 * DISPLAY_SOCIAL_ICON_IN_MENU: the site's social pages as icons in the menu, in the header on
 * wide screens and in the drawer on phones (decision 0097). Each link names its network. Its rules
 * are in header-variant-css.ts, sent only where the icons show.
 */
export function MenuSocialLinks({
  links,
  stroke,
  where,
}: {
  links: readonly SocialLink[];
  stroke: number;
  where: 'header' | 'drawer';
}) {
  if (links.length === 0) return null;
  return (
    <ul role="list" data-social-menu={where}>
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${link.label} (nouvelle fenêtre)`}
            title={link.label}
          >
            <SocialIconSvg network={link.network} stroke={stroke} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function showsSocialIn(where: 'header' | 'drawer', setting: SocialInMenu): boolean {
  if (setting === 'YES') return true;
  return where === 'header' ? setting === 'DESKTOP' : setting === 'MOBILE';
}
