import type { HeaderIcon } from '@comptoir/domain/site-header';
import type { ParameterKey } from '@comptoir/domain/site-parameters';

/**
 * The header's icons and the social networks' marks, drawn as line icons on the 24 × 24 grid of
 * ui/icon.tsx. Server-rendered only: the paths stay out of the browser's script, and the client
 * components receive the drawn icon as a node. CART_ICON and MY_ACCOUNT_ICON name Font Awesome
 * icons, which the project does not ship: domain/site-header.ts maps each name to one of these
 * (decision 0097).
 */
const HEADER_PATHS: Record<HeaderIcon, string> = {
  cart: 'M3 4h2.5l2.2 10.5h10.6L20.5 7H6.6M10 20a1.2 1.2 0 1 0-2.4 0 1.2 1.2 0 0 0 2.4 0zM18 20a1.2 1.2 0 1 0-2.4 0 1.2 1.2 0 0 0 2.4 0z',
  basket: 'M3.5 10h17l-1.8 9.5H5.3zM8 10l3-6M16 10l-3-6M9 13.5v3M15 13.5v3M12 13.5v3',
  bag: 'M5 8h14l-1.2 12.5H6.2zM8.5 8V6.5a3.5 3.5 0 0 1 7 0V8',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5c1-3.6 4-5.5 7.5-5.5s6.5 1.9 7.5 5.5',
  'user-circle':
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 12.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6.5 18.2c1.2-2.2 3.2-3.2 5.5-3.2s4.3 1 5.5 3.2',
  heart: 'M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.6 4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z',
  'wine-bottle':
    'M10 2.5h4M10.5 2.5v5c0 1-2.5 2.2-2.5 4.5v8.5a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V12c0-2.3-2.5-3.5-2.5-4.5v-5M8 13.5h8',
  store:
    'M4 9.5 5.5 4h13L20 9.5M4 9.5h16M4 9.5a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0M5.5 12v8.5h13V12M10 20.5v-5h4v5',
};

/** One mark per social parameter of company-contact.ts. */
export const SOCIAL_PATHS: Partial<Record<ParameterKey, string>> = {
  FACEBOOK_URL:
    'M14.5 8.5H16V5.2h-2.2c-2.5 0-3.6 1.6-3.6 3.8v2H8v3.2h2.2v7.3h3.3v-7.3h2.3l.4-3.2h-2.7V9.3c0-.5.4-.8 1-.8z',
  INSTAGRAM_URL:
    'M7.5 3.5h9a4 4 0 0 1 4 4v9a4 4 0 0 1-4 4h-9a4 4 0 0 1-4-4v-9a4 4 0 0 1 4-4zM12 15.8a3.8 3.8 0 1 0 0-7.6 3.8 3.8 0 0 0 0 7.6zM17.2 6.8h.01',
  TWITTER_URL: 'M4 4h4.5L20 20h-4.5zM19.5 4l-6.3 6.9M10.8 13.1 4.5 20',
  LINKEDIN_URL:
    'M4.5 4.5h15v15h-15zM8 10.5V16M8 7.8h.01M11.5 16v-5.5M11.5 13c0-1.6 1-2.5 2.3-2.5s2.2.9 2.2 2.5v3',
  TIKTOK_URL: 'M13.5 3.5v11.3a3.3 3.3 0 1 1-3.3-3.3M13.5 3.5c.4 2.4 2.2 4.2 4.5 4.5',
  YOUTUBE_URL:
    'M3.5 8.2c.1-1.6 1.3-2.8 2.9-2.9 3.7-.3 7.5-.3 11.2 0 1.6.1 2.8 1.3 2.9 2.9.2 2.5.2 5.1 0 7.6-.1 1.6-1.3 2.8-2.9 2.9-3.7.3-7.5.3-11.2 0-1.6-.1-2.8-1.3-2.9-2.9-.2-2.5-.2-5.1 0-7.6zM10.3 9.3v5.4l4.6-2.7z',
  TRIPADVISOR_URL:
    'M7 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM17 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3.5 9.5 2 8h4.5a11 11 0 0 1 11 0H22l-1.5 1.5M12 13l-1.5 2h3z',
  REVIEW_PAGE_URL: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  PINTEREST_HANDLE:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM10.8 20.6l1.7-7.1M11 13.8c.5 1 1.5 1.4 2.6 1.2 2-.4 3.1-2.4 2.8-4.7-.3-2.2-2.2-3.5-4.5-3.3-2.6.2-4.3 2.3-3.9 4.6',
  TELEGRAM_HANDLE: 'M20.5 4 3.5 10.7l5.5 2.1M20.5 4l-3 16-6.3-5M20.5 4 9 12.8v5.7l2.2-3.5',
  DISCORD_HANDLE:
    'M8 7.5a14 14 0 0 1 8 0M7.5 17c3 1.3 6 1.3 9 0M6.5 6.8c-1.8 2.6-2.7 5.6-2.5 9.4 1.3 1.2 2.7 2 4.1 2.4l1-1.8M17.5 6.8c1.8 2.6 2.7 5.6 2.5 9.4-1.3 1.2-2.7 2-4.1 2.4l-1-1.8M9.5 13.5h.01M14.5 13.5h.01',
  GITHUB_HANDLE:
    'M9.5 19.5c-4 1.3-4-2-5.5-2.5M15 21v-3.3a2.9 2.9 0 0 0-.8-2.2c2.7-.3 5.3-1.3 5.3-5.8a4.5 4.5 0 0 0-1.2-3.1 4.2 4.2 0 0 0-.1-3.1s-1-.3-3.3 1.2a11.3 11.3 0 0 0-6 0C6.6 3.2 5.6 3.5 5.6 3.5a4.2 4.2 0 0 0-.1 3.1 4.5 4.5 0 0 0-1.2 3.1c0 4.5 2.6 5.5 5.3 5.8a2.9 2.9 0 0 0-.8 2.2V21',
};

interface LineIconProps {
  path: string;
  /** BASE_FONTAWESOME_ICON as a stroke width (domain/site-header.ts). */
  stroke: number;
  size?: number;
  /** Icons inside the menu take MENU_ICON_SIZE (--menu-icon-size) rather than a fixed size. */
  menuSized?: boolean;
  name: string;
}

function LineIcon({ path, stroke, size = 20, menuSized = false, name }: LineIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
      style={
        menuSized ? { width: 'var(--menu-icon-size)', height: 'var(--menu-icon-size)' } : undefined
      }
    >
      <path d={path} />
    </svg>
  );
}

/** A header entry's icon (cart, account), decorative: the link carries the name. */
export function HeaderIconSvg({
  icon,
  stroke,
  size,
  menuSized,
}: {
  icon: HeaderIcon;
  stroke: number;
  size?: number;
  menuSized?: boolean;
}) {
  return (
    <LineIcon
      path={HEADER_PATHS[icon]}
      stroke={stroke}
      size={size}
      menuSized={menuSized}
      name={icon}
    />
  );
}

/** A social network's mark, decorative: the link carries the network's name. */
export function SocialIconSvg({ network, stroke }: { network: ParameterKey; stroke: number }) {
  const path = SOCIAL_PATHS[network];
  if (!path) return null;
  return <LineIcon path={path} stroke={stroke} menuSized name={network.toLowerCase()} />;
}
