import type { ReactNode } from 'react';
import {
  ACCOUNT_NEWSLETTERS_PATH,
  ACCOUNT_ORDERS_PATH,
  ACCOUNT_PASSWORD_PATH,
  ACCOUNT_PATH,
  ACCOUNT_UNSUBSCRIBE_PATH,
} from '../../../modules/account/account-paths';
import { AccountNav, type AccountNavEntry } from '../../../modules/account/account-nav';
import { ACCOUNT_BOOKINGS_PATH } from '../../../modules/booking/booking-paths';
import { getBookableServices } from '../../../lib/data/booking.server';
import styles from '../../../modules/account/account.module.css';
import { RequireMember } from '../../../modules/account/require-member';
import { loadAccountPageSite } from '../../../modules/account/site-page.server';
import { PageHero } from '../../../modules/pages/page-hero';

interface AccountLayoutProps {
  children: ReactNode;
  params: Promise<{ site: string }>;
}

/**
 * The account area: its menu and pages, shown once the browser knows the visitor is a member.
 * Its server output is the same for everyone (cacheable); the member's data is fetched in the
 * browser, with the session cookie.
 */
export default async function AccountLayout({ children, params }: AccountLayoutProps) {
  const { siteId, newsletterEnabled, sellsOnline } = await loadAccountPageSite(params);
  const takesBookings = (await getBookableServices(siteId)).length > 0;
  const entries: AccountNavEntry[] = [
    { href: ACCOUNT_PATH, label: 'Mes informations' },
    ...(sellsOnline ? [{ href: ACCOUNT_ORDERS_PATH, label: 'Mes commandes' }] : []),
    ...(takesBookings ? [{ href: ACCOUNT_BOOKINGS_PATH, label: 'Mes réservations' }] : []),
    { href: ACCOUNT_PASSWORD_PATH, label: 'Mot de passe' },
    ...(newsletterEnabled
      ? [{ href: ACCOUNT_NEWSLETTERS_PATH, label: "Lettres d'information" }]
      : []),
    { href: ACCOUNT_UNSUBSCRIBE_PATH, label: 'Désinscription' },
  ];
  return (
    <>
      <PageHero title="Mon espace personnel" intro={null} />
      <div className="container">
        <RequireMember siteId={siteId}>
          <div className={styles.accountGrid}>
            <AccountNav siteId={siteId} entries={entries} />
            <div className={styles.accountContent}>{children}</div>
          </div>
        </RequireMember>
      </div>
    </>
  );
}
