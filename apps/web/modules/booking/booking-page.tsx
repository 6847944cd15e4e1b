import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { getBookableServices } from '../../lib/data/booking.server';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';
import { SiteLink } from '../../ui/site-link';
import { CrumbTrail } from '../pages/breadcrumb';
import { PageHero } from '../pages/page-hero';
import { visibleContactPage } from '../pages/page-tree';
import { BookingIsland } from './booking-island';
import { BOOKING_PATH } from './booking-paths';
import styles from './booking.module.css';

const TITLE = 'Réserver';

export const bookingMetadata: Metadata = {
  title: TITLE,
  description:
    'Choisissez une prestation et un horaire libre, puis confirmez : la réservation est faite en quelques instants.',
};

/**
 * /reserver (decision 0125): the site's bookable services and their free times. The server output
 * is the same for every visitor (the services, cached per site); the choice of a time, the hold
 * and the details run in the browser, since the free times change by the minute. A site with no
 * service that books online has no such page (404), rather than an empty one.
 */
export async function BookingPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const [shell, services] = await Promise.all([loadSiteShell(siteId), getBookableServices(siteId)]);
  if (services.length === 0) notFound();
  const contact = visibleContactPage(shell.pages, shell.parameters.flag('HIDE_CONTACT_PAGE'));
  return (
    <>
      <PageHero
        title={TITLE}
        intro="Choisissez une prestation puis un horaire libre : il vous est gardé 15 minutes, le temps de confirmer."
        before={<CrumbTrail trail={[{ label: TITLE, href: BOOKING_PATH }]} />}
      />
      <div className={`container ${styles.area}`}>
        {/* Above the island, not below it: the island grows when the services and times replace
            its fallback, and a line under it would jump on a phone's first screen (layout shift). */}
        {contact ? (
          <p className={styles.elsewhere}>
            Une question avant de réserver ? <SiteLink href={contact.url}>Contactez-nous</SiteLink>.
          </p>
        ) : null}
        <Suspense
          fallback={
            <p className={styles.loading} role="status">
              Chargement des horaires…
            </p>
          }
        >
          <BookingIsland siteId={siteId} services={services} />
        </Suspense>
      </div>
    </>
  );
}
