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

/** One of the company's numbers, as the footer, the contact page and the contact block show it. */
export interface CompanyPhone {
  number: string;
  /** The tel: link, for the numbers a visitor can call; a fax has none. */
  href: string | null;
  /** Read before the number by a screen reader, or shown before a fax (« Fax : »). */
  kind: 'Téléphone' | 'Portable' | 'Fax';
  /**
   * Shown under 960 px only (MOBILE_ONLY_PHONE, decision 0101): on a computer the visitor cannot
   * tap it, and the owner asked to be called from phones only.
   */
  mobileOnly: boolean;
}

/** The phone, mobile and fax numbers the site set (COMPANY_PHONE, COMPANY_MOBILE, COMPANY_FAX). */
export function companyPhones(parameters: ParameterReader): CompanyPhone[] {
  const mobileOnly = parameters.flag('MOBILE_ONLY_PHONE');
  const numbers = [
    ['COMPANY_PHONE', 'Téléphone'],
    ['COMPANY_MOBILE', 'Portable'],
    ['COMPANY_FAX', 'Fax'],
  ] as const;
  return numbers.flatMap(([type, kind]) => {
    const number = parameters.text(type);
    if (!number) return [];
    const isFax = kind === 'Fax';
    return [
      { number, kind, href: isFax ? null : telHref(number), mobileOnly: !isFax && mobileOnly },
    ];
  });
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

/**
 * The footer's « Site réalisé par … » credit (CREATED_BY_MESSAGE), linked to CREATED_BY_BACKLINK
 * when that is a web address; nothing without a message (decision 0101).
 */
export function createdByCredit(
  parameters: ParameterReader,
): { message: string; href: string | null } | null {
  const message = parameters.text('CREATED_BY_MESSAGE')?.trim();
  if (!message) return null;
  return { message, href: httpUrl(parameters.text('CREATED_BY_BACKLINK')) };
}

/**
 * The addresses the contact page lists: the head office (the API gives it first) and, when the
 * owner shows secondary addresses (SECONDARY_ADDRESSES), the others after it (decision 0101).
 */
export function shownAddresses<Address>(
  addresses: readonly Address[],
  parameters: ParameterReader,
): Address[] {
  return parameters.flag('SECONDARY_ADDRESSES') ? [...addresses] : addresses.slice(0, 1);
}

/** The company's address as a link target, when COMPANY_ADDRESS holds a web address (a map). */
export function addressHref(parameters: ParameterReader): string | null {
  return httpUrl(parameters.text('COMPANY_ADDRESS'));
}
