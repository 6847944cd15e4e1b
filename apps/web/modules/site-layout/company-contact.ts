import type { ParameterKey } from '@comptoir/domain/site-parameters';
import type { ParameterReader } from '../../lib/parameters';

export interface SocialLink {
  /** The parameter the link comes from, which names the network's icon. */
  network: ParameterKey;
  label: string;
  href: string;
}

const SOCIAL_URLS: readonly (readonly [type: ParameterKey, label: string])[] = [
  ['FACEBOOK_URL', 'Facebook'],
  ['INSTAGRAM_URL', 'Instagram'],
  ['TWITTER_URL', 'X (Twitter)'],
  ['LINKEDIN_URL', 'LinkedIn'],
  ['TIKTOK_URL', 'TikTok'],
  ['YOUTUBE_URL', 'YouTube'],
  ['TRIPADVISOR_URL', 'Tripadvisor'],
  ['REVIEW_PAGE_URL', 'Avis clients'],
];

const SOCIAL_HANDLES: readonly (readonly [type: ParameterKey, label: string, base: string])[] = [
  ['PINTEREST_HANDLE', 'Pinterest', 'https://www.pinterest.com/'],
  ['TELEGRAM_HANDLE', 'Telegram', 'https://t.me/'],
  ['DISCORD_HANDLE', 'Discord', 'https://discord.gg/'],
  ['GITHUB_HANDLE', 'GitHub', 'https://github.com/'],
];

function httpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The social pages the site set, as safe http(s) links. */
export function socialLinks(parameters: ParameterReader): SocialLink[] {
  const links: SocialLink[] = [];
  for (const [type, label] of SOCIAL_URLS) {
    const href = httpUrl(parameters.text(type));
    if (href) links.push({ network: type, label, href });
  }
  for (const [type, label, base] of SOCIAL_HANDLES) {
    const handle = parameters.text(type)?.replace(/^@/, '');
    if (handle && /^[\w.-]{1,100}$/.test(handle))
      links.push({ network: type, label, href: `${base}${handle}` });
  }
  return links;
}

/** A phone number as a tel: link ('02 51 64 23 18' → 'tel:0251642318'), or null if unusable. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[\s.()-]/g, '');
  return /^\+?\d{4,15}$/.test(digits) ? `tel:${digits}` : null;
}

const WEEK = [
  ['MONDAY_HOURS', 'Lundi'],
  ['TUESDAY_HOURS', 'Mardi'],
  ['WEDNESDAY_HOURS', 'Mercredi'],
  ['THURSDAY_HOURS', 'Jeudi'],
  ['FRIDAY_HOURS', 'Vendredi'],
  ['SATURDAY_HOURS', 'Samedi'],
  ['SUNDAY_HOURS', 'Dimanche'],
] as const;

/** The opening hours the site filled in, day by day from Monday. */
export function openingHours(parameters: ParameterReader): { day: string; hours: string }[] {
  return WEEK.flatMap(([type, day]) => {
    const hours = parameters.text(type);
    return hours ? [{ day, hours }] : [];
  });
}

/** The company's address as a link target, when COMPANY_ADDRESS holds a web address (a map). */
export function addressHref(parameters: ParameterReader): string | null {
  return httpUrl(parameters.text('COMPANY_ADDRESS'));
}
