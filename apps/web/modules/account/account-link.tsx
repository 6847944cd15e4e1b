'use client';

import { IntentLink } from '../../ui/intent-link';
import { Icon } from '../../ui/icon';
import { ACCOUNT_PATH, AUTH_PATH } from './account-paths';
import { useAccount } from './use-account';
import styles from './account-link.module.css';

/** 'Mon compte' (to the account area) for a signed-in visitor, otherwise 'Se connecter'. */
export function AccountLink({ siteId, className }: { siteId: number; className?: string }) {
  const { status } = useAccount(siteId);
  const member = status === 'member';
  return (
    <IntentLink
      href={member ? ACCOUNT_PATH : AUTH_PATH}
      className={`${styles.link} ${className ?? ''}`}
      prefetch={false}
    >
      <Icon name="user" size={20} />
      <span>{member ? 'Mon compte' : 'Se connecter'}</span>
    </IntentLink>
  );
}
