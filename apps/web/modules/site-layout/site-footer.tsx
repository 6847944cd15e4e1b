import { IntentLink } from '../../ui/intent-link';
import { cacheLife } from 'next/cache';
import { alcoholMessages } from '@comptoir/domain/product-display';
import type { SiteShell } from '../../lib/data/site-shell.server';
import { Icon } from '../../ui/icon';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { legalPages } from '../pages/page-tree';
import {
  addressHref,
  companyPhones,
  createdByCredit,
  openingHours,
  socialLinks,
} from './company-contact';
import { OpeningHoursList, PhoneAndEmailLines } from './contact-details';
import { FooterLabels, FooterLinks } from './footer-element-lists';
import { findLogo, SiteLogo } from './site-logo';
import styles from './site-footer.module.css';

/** The calendar year, cached like the pages it appears on (it changes once a year). */
async function currentYear(): Promise<number> {
  'use cache';
  cacheLife('hours');
  return new Date().getFullYear();
}

/** Logo, contact details, opening hours, legal pages and social links: only what the site set. */
export async function SiteFooter({ shell }: { shell: SiteShell }) {
  const { info, parameters, pages } = shell;
  const companyName = parameters.text('COMPANY_NAME') ?? info.name;
  const address = parameters.text('HEAD_OFFICE');
  const mapHref = addressHref(parameters);
  const phones = companyPhones(parameters);
  const email = parameters.text('COMPANY_EMAIL');
  const hours = openingHours(parameters);
  const legal = legalPages(pages);
  const social = socialLinks(parameters);
  const footerLogo = findLogo(info, 'LOGO_FOOTER');
  const credit = createdByCredit(parameters);
  const year = await currentYear();
  const hasContact = address !== null || phones.length > 0 || email !== null;
  // Every page of a site that sells alcohol carries the health message (decision 0109).
  const alcohol = alcoholMessages(parameters.flag('SELLS_ALCOHOL'), parameters.text);

  return (
    <footer className={styles.footer} data-surface="dark">
      <div className={`container ${styles.grid}`}>
        <div className={styles.brand}>
          <SiteLogo
            logo={footerLogo}
            siteName={companyName}
            alt={footerLogo?.alt ?? companyName}
            variant="footer"
          />
          <FooterLabels siteId={shell.siteId} />
        </div>

        {hasContact && (
          <section className={styles.column} aria-labelledby="footer-contact">
            <h2 id="footer-contact" className={styles.heading}>
              Nous trouver
            </h2>
            <address className={styles.contact}>
              <p className={styles.companyName}>{companyName}</p>
              {address && (
                <p className={styles.line}>
                  <Icon name="map-pin" size={18} />
                  {mapHref ? (
                    <a href={mapHref} target="_blank" rel="noopener noreferrer">
                      {address}
                      <VisuallyHidden> (plan, nouvelle fenêtre)</VisuallyHidden>
                    </a>
                  ) : (
                    <span>{address}</span>
                  )}
                </p>
              )}
              <PhoneAndEmailLines phones={phones} email={email} lineClassName={styles.line} />
            </address>
          </section>
        )}

        {hours.length > 0 && (
          <section className={styles.column} aria-labelledby="footer-hours">
            <h2 id="footer-hours" className={styles.heading}>
              Horaires d&apos;ouverture
            </h2>
            <OpeningHoursList
              hours={hours}
              className={styles.hours}
              rowClassName={styles.hoursRow}
            />
          </section>
        )}

        {(legal.length > 0 || social.length > 0) && (
          <div className={styles.column}>
            <FooterLinks siteId={shell.siteId} />
            {legal.length > 0 && (
              <nav aria-labelledby="footer-legal">
                <h2 id="footer-legal" className={styles.heading}>
                  Informations légales
                </h2>
                <ul role="list" className={styles.links}>
                  {legal.map((page) => (
                    <li key={page.id}>
                      <IntentLink href={page.url}>{page.title}</IntentLink>
                    </li>
                  ))}
                  <li>
                    {/* tarteaucitron opens its panel on this fragment (cookie consent). */}
                    <a href="#tarteaucitron">Gestion des cookies</a>
                  </li>
                </ul>
              </nav>
            )}
            {social.length > 0 && (
              <section aria-labelledby="footer-social" className={styles.social}>
                <h2 id="footer-social" className={styles.heading}>
                  Suivez-nous
                </h2>
                <ul role="list" className={styles.links}>
                  {social.map((link) => (
                    <li key={link.href}>
                      <a href={link.href} target="_blank" rel="noopener noreferrer">
                        {link.label}
                        <VisuallyHidden> (nouvelle fenêtre)</VisuallyHidden>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        )}
      </div>
      {alcohol && (
        <div className={styles.prevention} data-testid="alcohol-prevention">
          <div className="container">
            <p>{alcohol.health}</p>
            {alcohol.ethylotest && <p>{alcohol.ethylotest}</p>}
          </div>
        </div>
      )}
      <div className={styles.bottom}>
        <div className="container">
          <p>
            © {year} {companyName}
          </p>
          {credit && (
            <p>
              {credit.href ? (
                <a href={credit.href} target="_blank" rel="noopener">
                  {credit.message}
                  <VisuallyHidden> (nouvelle fenêtre)</VisuallyHidden>
                </a>
              ) : (
                credit.message
              )}
            </p>
          )}
        </div>
      </div>
    </footer>
  );
}
