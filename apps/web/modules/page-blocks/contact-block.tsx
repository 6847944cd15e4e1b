import type { BlockOf } from '@comptoir/contract/page-blocks';
import { getSiteCompanyAddresses } from '../../lib/data/company-addresses.server';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { Icon } from '../../ui/icon';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { addressHref, companyPhones, openingHours } from '../site-layout/company-contact';
import { OpeningHoursList, PhoneAndEmailLines } from '../site-layout/contact-details';
import { BlockSection } from './block-section';
import styles from './contact-block.module.css';
import { addressOneLine, mapSearchHref, OPEN_STREET_MAP } from './map-link';

const DEFAULT_TITLE = 'Nous rendre visite';

/**
 * Where and when to find the company: its main address with a map link, phones, e-mail and the
 * opening hours that are set (MONDAY_HOURS…SUNDAY_HOURS), all from the site's own data.
 */
export async function ContactBlock({
  block,
  siteId,
}: {
  block: BlockOf<'contact'>;
  siteId: number;
}) {
  const [{ parameters, info }, addresses] = await Promise.all([
    loadSiteShell(siteId),
    getSiteCompanyAddresses(siteId),
  ]);
  const [address] = addresses;
  const companyName = parameters.text('COMPANY_NAME') ?? info.name;
  const addressText = address ? addressOneLine(address) : parameters.text('HEAD_OFFICE');
  // A map address the site chose (COMPANY_ADDRESS) wins over a search of the address.
  const mapHref = block.showMapLink
    ? (addressHref(parameters) ?? (addressText ? mapSearchHref(addressText) : null))
    : null;
  const mapLabel = mapHref?.startsWith(OPEN_STREET_MAP) ? 'OpenStreetMap, ' : '';
  const phones = companyPhones(parameters);
  const email = parameters.text('COMPANY_EMAIL');
  const hours = block.showHours ? openingHours(parameters) : [];
  if (!addressText && phones.length === 0 && !email && hours.length === 0) return null;

  return (
    <BlockSection title={block.title ?? DEFAULT_TITLE}>
      <div className={styles.grid}>
        {addressText && (
          <div className={styles.card}>
            <h3 className={styles.cardTitle}>
              <Icon name="map-pin" size={22} />
              Adresse
            </h3>
            <address className={styles.address}>
              <strong>{address?.label ?? companyName}</strong>
              <br />
              {address ? (
                <>
                  {address.addressLine1}
                  <br />
                  {address.addressLine2 && (
                    <>
                      {address.addressLine2}
                      <br />
                    </>
                  )}
                  {address.postalCode} {address.city}
                </>
              ) : (
                addressText
              )}
            </address>
            {mapHref && (
              <a
                href={mapHref}
                target="_blank"
                rel="noopener noreferrer"
                className={styles.mapLink}
              >
                <Icon name="external" size={18} />
                Voir sur la carte
                <VisuallyHidden>{` : ${addressText} (${mapLabel}nouvelle fenêtre)`}</VisuallyHidden>
              </a>
            )}
          </div>
        )}
        {(phones.length > 0 || email) && (
          <div className={styles.card}>
            <h3 className={styles.cardTitle}>
              <Icon name="phone" size={22} />
              Téléphone et e-mail
            </h3>
            <PhoneAndEmailLines phones={phones} email={email} lineClassName={styles.line} />
          </div>
        )}
        {hours.length > 0 && (
          <div className={styles.card}>
            <h3 className={styles.cardTitle}>
              <Icon name="clock" size={22} />
              Horaires d&apos;ouverture
            </h3>
            <OpeningHoursList
              hours={hours}
              className={styles.hours}
              rowClassName={styles.hoursRow}
            />
          </div>
        )}
      </div>
    </BlockSection>
  );
}
