import { IntentLink } from './intent-link';
import type { ComponentProps, ReactNode } from 'react';
import { VisuallyHidden } from './visually-hidden';

interface SiteLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  href: string;
  external?: boolean;
  children: ReactNode;
}

/**
 * A link inside the site (client-side navigation) or to another site: opened in a new tab with
 * `noopener noreferrer`, which screen readers announce.
 */
export function SiteLink({ href, external = false, children, ...props }: SiteLinkProps) {
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...props}>
        {children}
        <VisuallyHidden> (nouvelle fenêtre)</VisuallyHidden>
      </a>
    );
  }
  return (
    <IntentLink href={href} {...props}>
      {children}
    </IntentLink>
  );
}
