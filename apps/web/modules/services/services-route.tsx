import type { Metadata } from 'next';
import { IntentLink } from '../../ui/intent-link';
import { notFound, permanentRedirect } from 'next/navigation';
import { findPageByUrl, type PageNode } from '@comptoir/domain/page-tree';
import type { Service } from '@comptoir/contract/service';
import type { ServicesPageConf } from '@comptoir/contract/component-conf';
import type { BookableService } from '@comptoir/contract/booking';
import { getBookableServiceOfPage } from '../../lib/data/booking.server';
import { bookingPathFor } from '../booking/booking-paths';
import {
  getServicesPageConf,
  getSiteService,
  getSiteServices,
} from '../../lib/data/services.server';
import { loadSiteShell, type SiteShell } from '../../lib/data/site-shell.server';
import { pageMetadata } from '../../lib/page-metadata';
import { sanitizeRichHtml } from '@comptoir/domain/rich-text';
import { parseSiteId } from '../../lib/site-id';
import { Icon } from '../../ui/icon';
import { SiteLink } from '../../ui/site-link';
import { Breadcrumb } from '../pages/breadcrumb';
import { PageHero } from '../pages/page-hero';
import { isHiddenPage, pageTrail } from '../pages/page-tree';
import { ServiceCards } from './service-cards';
import { ServiceFacts } from './service-facts';
import { parseServiceRoute, SERVICES_BASE_PATH, servicePath } from './service-format';
import { servicePageStyle } from './service-page-style';
import styles from './services.module.css';

export interface ServicesRouteParams {
  site: string;
  params?: string[];
}

type Resolved =
  | { kind: 'overview'; siteId: number; shell: SiteShell; page: PageNode }
  | {
      kind: 'service';
      siteId: number;
      shell: SiteShell;
      service: Service;
      /** The URL's slug is not the service's: the page moves to its canonical address. */
      wrongSlug: boolean;
      /** The services page of the tree, when the site shows it (breadcrumb, link back). */
      overviewPage: PageNode | null;
    };

/**
 * What /prestation-conseil-en-image/{slug?}/{id} shows. The bare URL is a page of the site's tree
 * (this static folder takes its URL from the catch-all), so it answers 404 like the catch-all
 * when the site has no such page or hides it; a service answers 404 for an id this site does not
 * publish, whatever the slug, and for a malformed URL.
 */
async function resolveServicesRoute(params: Promise<ServicesRouteParams>): Promise<Resolved> {
  const { site, params: segments } = await params;
  const siteId = parseSiteId(site);
  if (siteId === null) notFound();
  const route = parseServiceRoute(segments);
  if (route.kind === 'invalid') notFound();
  const shell = await loadSiteShell(siteId);
  const treePage = findPageByUrl(shell.pages, SERVICES_BASE_PATH);
  const overviewPage =
    treePage && !isHiddenPage(treePage, shell.parameters.flag('HIDE_CONTACT_PAGE'))
      ? treePage
      : null;
  if (route.kind === 'overview') {
    if (!overviewPage) notFound();
    return { kind: 'overview', siteId, shell, page: overviewPage };
  }
  const service = await getSiteService(siteId, route.id);
  if (!service) notFound();
  return {
    kind: 'service',
    siteId,
    shell,
    service,
    wrongSlug: route.slug !== null && route.slug !== service.slug,
    overviewPage,
  };
}

export async function servicesRouteMetadata(
  params: Promise<ServicesRouteParams>,
): Promise<Metadata> {
  const resolved = await resolveServicesRoute(params);
  if (resolved.kind === 'overview') {
    return pageMetadata(resolved.shell, {
      title: resolved.page.title,
      description: resolved.page.metaDescription,
      path: SERVICES_BASE_PATH,
    });
  }
  const { service } = resolved;
  // Whichever address was used, search engines are pointed at the one with the slug.
  return pageMetadata(resolved.shell, {
    title: service.title,
    description: service.summary,
    path: servicePath(service),
    imageUrl: service.imageUrl,
  });
}

export async function ServicesRoutePage({ params }: { params: Promise<ServicesRouteParams> }) {
  const resolved = await resolveServicesRoute(params);
  if (resolved.kind === 'overview') return <ServicesOverview {...resolved} />;
  if (resolved.wrongSlug) permanentRedirect(servicePath(resolved.service));
  const [conf, bookable] = await Promise.all([
    getServicesPageConf(resolved.siteId),
    getBookableServiceOfPage(resolved.siteId, resolved.service.id),
  ]);
  return <ServiceDetail {...resolved} conf={conf} bookable={bookable} />;
}

async function ServicesOverview({
  siteId,
  shell,
  page,
}: {
  siteId: number;
  shell: SiteShell;
  page: PageNode;
}) {
  const [services, conf] = await Promise.all([
    getSiteServices(siteId),
    getServicesPageConf(siteId),
  ]);
  return (
    <>
      <PageHero
        title={page.title}
        intro={page.metaDescription}
        before={<Breadcrumb trail={pageTrail(shell.pages, page)} />}
      />
      <div className={`container ${styles.overview}`}>
        {services.length > 0 ? (
          <ServiceCards
            services={services}
            showPrices={conf.showPrices}
            headingLevel="h2"
            layout={servicePageStyle(shell.parameters.text('SERVICE_PAGE_STYLE'))}
          />
        ) : (
          <p className={styles.empty}>Aucune prestation n’est proposée pour le moment.</p>
        )}
      </div>
    </>
  );
}

/** The service as a last breadcrumb entry, under the services page when the site shows it. */
function serviceCrumb(service: Service, parent: PageNode | null): PageNode {
  return {
    id: -service.id,
    url: servicePath(service),
    title: service.title,
    menuTitle: null,
    metaDescription: service.summary,
    order: 0,
    idParent: parent?.id ?? null,
    showInMenu: false,
    isFixedOnRight: false,
    link: null,
    cms: { isCmsPage: false, route: null },
    isEcommercePage: false,
    isCustomHeader: false,
    isCustomFooter: false,
    children: [],
  };
}

function ServiceDetail({
  shell,
  service,
  overviewPage,
  conf,
  bookable,
}: {
  shell: SiteShell;
  service: Service;
  overviewPage: PageNode | null;
  conf: ServicesPageConf;
  /** The service's online booking, when it has one (decision 0125). */
  bookable: BookableService | null;
}) {
  const trail = [
    ...(overviewPage ? pageTrail(shell.pages, overviewPage) : []),
    serviceCrumb(service, overviewPage),
  ];
  const content = sanitizeRichHtml(service.content);
  const hasCta = conf.ctaLabel !== undefined && conf.ctaHref !== undefined;
  return (
    <>
      <PageHero
        title={service.title}
        intro={service.summary}
        before={<Breadcrumb trail={trail} />}
      />
      <div className={`container ${styles.detail}`}>
        <aside className={styles.aside} aria-labelledby="service-essentials">
          <h2 id="service-essentials" className={styles.asideTitle}>
            En bref
          </h2>
          <ServiceFacts service={service} showPrice={conf.showPrices} variant="panel" />
          {/* A service that books online offers its booking first (decision 0125); the site's
              own call to action stays beside it, for those who prefer to call or write. */}
          {bookable ? (
            <IntentLink href={bookingPathFor(bookable.id)} className={`button ${styles.cta}`}>
              Réserver en ligne
              <Icon name="arrow-right" size={18} />
            </IntentLink>
          ) : null}
          {hasCta && (
            <SiteLink
              href={conf.ctaHref!}
              external={/^https?:\/\//i.test(conf.ctaHref!)}
              className={`button ${bookable ? 'button-secondary ' : ''}${styles.cta}`}
            >
              {conf.ctaLabel}
              <Icon name="arrow-right" size={18} />
            </SiteLink>
          )}
          {overviewPage && (
            <IntentLink href={overviewPage.url} className={styles.back}>
              Toutes nos prestations
            </IntentLink>
          )}
        </aside>
        <div className={styles.main}>
          {service.imageUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- owner-chosen URL on any host (docs/decisions/0023)
            <img
              src={service.imageUrl}
              alt=""
              width={800}
              height={500}
              className={styles.detailImage}
            />
          )}
          {content && (
            <div className={styles.prose} dangerouslySetInnerHTML={{ __html: content }} />
          )}
        </div>
      </div>
    </>
  );
}
