import { notFound } from 'next/navigation';
import {
  ADDRESS_TYPE_LABELS,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
} from '@comptoir/contract/contact';
import { getSiteCompanyAddresses } from '../../lib/data/company-addresses.server';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { sanitizeRichHtml } from '@comptoir/domain/rich-text';
import { parseSiteId } from '../../lib/site-id';
import { Icon } from '../../ui/icon';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { Breadcrumb } from '../pages/breadcrumb';
import { PageHero } from '../pages/page-hero';
import { pageTrail, visibleContactPage } from '../pages/page-tree';
import {
  addressHref,
  companyPhones,
  openingHours,
  shownAddresses,
} from '../site-layout/company-contact';
import { OpeningHoursList, PhoneAndEmailLines } from '../site-layout/contact-details';
import { ContactForm } from './contact-form';
import styles from './contact.module.css';

const DEFAULT_TITLE = 'Nous contacter';

/** The site and its contact page; a site that hides it (HIDE_CONTACT_PAGE) answers 404. */
async function loadContactPage(params: Promise<{ site: string }>) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const shell = await loadSiteShell(siteId);
  if (shell.parameters.flag('HIDE_CONTACT_PAGE')) notFound();
  const page = visibleContactPage(shell.pages, false);
  return { siteId, shell, page };
}

/** The contact page: how to reach the company, when it is open, and the message form. */
export async function ContactPage({ params }: { params: Promise<{ site: string }> }) {
  const { siteId, shell, page } = await loadContactPage(params);
  const { parameters } = shell;
  const addresses = shownAddresses(await getSiteCompanyAddresses(siteId), parameters);
  const companyName = parameters.text('COMPANY_NAME') ?? shell.info.name;
  const phones = companyPhones(parameters);
  const email = parameters.text('COMPANY_EMAIL');
  const mapHref = addressHref(parameters);
  const hours = openingHours(parameters);
  const infos = sanitizeRichHtml(parameters.text('CONTACT_ADDITIONAL_INFOS'));
  const headOffice = parameters.text('HEAD_OFFICE');

  return (
    <>
      <PageHero
        title={page?.title ?? DEFAULT_TITLE}
        intro={
          page?.metaDescription ??
          'Une question, une demande de rendez-vous ? Écrivez-nous, nous vous répondrons rapidement.'
        }
        before={page ? <Breadcrumb trail={pageTrail(shell.pages, page)} /> : undefined}
      />
      <div className={`container ${styles.layout}`}>
        <div className={styles.details}>
          <section aria-labelledby="contact-details">
            <h2 id="contact-details" className={styles.heading}>
              Coordonnées
            </h2>
            {addresses.length > 0 ? (
              addresses.map((address) => (
                <address key={address.id} className={`${styles.address} ${styles.line}`}>
                  <Icon name="home" size={18} />
                  <span>
                    <span className={styles.addressLabel}>{address.label}</span>
                    <br />
                    {address.addressLine1}
                    <br />
                    {address.addressLine2 && (
                      <>
                        {address.addressLine2}
                        <br />
                      </>
                    )}
                    {address.postalCode} {address.city}
                    {address.countryName && address.countryName !== 'France' && (
                      <>
                        <br />
                        {address.countryName}
                      </>
                    )}
                    {address.types.length > 0 && (
                      <>
                        <br />
                        <span className={styles.addressTypes}>
                          {address.types.map((type) => ADDRESS_TYPE_LABELS[type]).join(' · ')}
                        </span>
                      </>
                    )}
                  </span>
                </address>
              ))
            ) : headOffice ? (
              <address className={`${styles.address} ${styles.line}`}>
                <Icon name="home" size={18} />
                <span>
                  <span className={styles.addressLabel}>{companyName}</span>
                  <br />
                  {headOffice}
                </span>
              </address>
            ) : null}
            {mapHref && (
              <p className={styles.line}>
                <Icon name="external" size={18} />
                <a href={mapHref} target="_blank" rel="noopener noreferrer">
                  Voir le plan d’accès
                  <VisuallyHidden> (nouvelle fenêtre)</VisuallyHidden>
                </a>
              </p>
            )}
            <PhoneAndEmailLines phones={phones} email={email} lineClassName={styles.line} />
          </section>

          {hours.length > 0 && (
            <section aria-labelledby="contact-hours">
              <h2 id="contact-hours" className={styles.heading}>
                Horaires d&apos;ouverture
              </h2>
              <OpeningHoursList
                hours={hours}
                className={styles.hours}
                rowClassName={styles.hoursRow}
              />
            </section>
          )}

          {infos && (
            <section aria-labelledby="contact-infos">
              <h2 id="contact-infos" className={styles.heading}>
                Bon à savoir
              </h2>
              <div className={styles.infos} dangerouslySetInnerHTML={{ __html: infos }} />
            </section>
          )}
        </div>

        <section aria-labelledby="contact-form" className={styles.formPanel}>
          <h2 id="contact-form" className={styles.heading}>
            Nous écrire
          </h2>
          <ContactForm
            siteId={siteId}
            messageLength={{ min: MESSAGE_MIN_LENGTH, max: MESSAGE_MAX_LENGTH }}
          />
        </section>
      </div>
    </>
  );
}
