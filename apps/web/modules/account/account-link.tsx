'use client';

import type { ReactNode } from 'react';
import { IntentLink } from '../../ui/intent-link';
import { Icon } from '../../ui/icon';
import { ACCOUNT_PATH, AUTH_PATH } from './account-paths';
import { useAccount } from './use-account';
import styles from './account-link.module.css';

/**
 * 'Mon compte' (to the account area) for a signed-in visitor, otherwise 'Se connecter'. `icon`
 * replaces the user icon (MY_ACCOUNT_ICON); null shows none (MENU_ICON off).
 */
export function AccountLink({
  siteId,
  className,
  icon,
}: {
  siteId: number;
  className?: string;
  icon?: ReactNode;
}) {
  const { status } = useAccount(siteId);
  const member = status === 'member';
  return (
    <IntentLink
      href={member ? ACCOUNT_PATH : AUTH_PATH}
      className={`${styles.link} ${className ?? ''}`}
      prefetch={false}
    >
      {icon === undefined ? <Icon name="user" size={20} /> : icon}
      <span>{member ? 'Mon compte' : 'Se connecter'}</span>
    </IntentLink>
  );
}
