'use client';

import type { ReactNode } from 'react';
import { IntentLink } from '../../ui/intent-link';
import { Icon, type IconName } from '../../ui/icon';
import { isCurrent } from './menu-entries';
import styles from './bottom-bar.module.css';

interface ShortcutProps {
  href: string;
  icon: IconName | ReactNode;
  label: string;
  currentUrl: string;
  /** After the label: the cart's count. */
  extra?: ReactNode;
}

/** One shortcut of the bottom bar, marked when it is the current page. */
export function Shortcut({ href, icon, label, currentUrl, extra }: ShortcutProps) {
  const current = isCurrent({ href, external: false }, currentUrl);
  return (
    <IntentLink href={href} className={styles.shortcut} aria-current={current ? 'page' : undefined}>
      {typeof icon === 'string' ? <Icon name={icon as IconName} size={22} /> : icon}
      <span>{label}</span> {extra}
    </IntentLink>
  );
}
