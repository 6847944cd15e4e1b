import type { Logo, SiteInfo } from '@comptoir/contract/site';
import styles from './site-logo.module.css';

export function findLogo(info: SiteInfo, type: Logo['type']): Logo | undefined {
  return info.logos.find((logo) => logo.type === type && logo.onlineImage?.url);
}

interface SiteLogoProps {
  logo: Logo | undefined;
  siteName: string;
  /** The text alternative; inside a link to the home page it should say where the link goes. */
  alt: string;
  variant: 'header' | 'mobile' | 'footer';
}

/** The site's logo image, or its name set as a wordmark when the site has no logo of that kind. */
export function SiteLogo({ logo, siteName, alt, variant }: SiteLogoProps) {
  const url = logo?.onlineImage?.url;
  if (!url) {
    return (
      <span className={styles.wordmark} data-variant={variant}>
        {siteName}
      </span>
    );
  }
  // A plain <img>: logos are usually SVG and may live on another host, which next/image would
  // have to be configured for per site.
  return (
    // eslint-disable-next-line @next/next/no-img-element -- owner-chosen URL on any host (docs/decisions/0023)
    <img className={styles.image} data-variant={variant} src={url} alt={alt} decoding="async" />
  );
}
