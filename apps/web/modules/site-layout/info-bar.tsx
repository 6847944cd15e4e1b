import { summariseOpeningHours } from '@comptoir/domain/site-header';
import { Icon } from '../../ui/icon';
import type { ParameterReader } from '../../lib/parameters';
import { addressHref, openingHours, telHref } from './company-contact';

/**
 * TOP_MENU_INFO_BAR: a thin bar above the header with the company's phone, e-mail and opening
 * hours, and its address when DISPLAY_ADDRESS_IN_TOPBAR is on, in the info bar's own colours
 * (docs/requirements/site-parameters.md, decision 0097). Server HTML only; nothing shows when the
 * site filled in none of them. Its rules are in header-variant-css.ts, sent only with the bar.
 */
export function InfoBar({
  parameters,
  showAddress,
}: {
  parameters: ParameterReader;
  showAddress: boolean;
}) {
  const phone = parameters.text('COMPANY_PHONE') ?? parameters.text('COMPANY_MOBILE');
  const phoneHref = phone ? telHref(phone) : null;
  const email = parameters.text('COMPANY_EMAIL');
  const hours = summariseOpeningHours(openingHours(parameters));
  const address = showAddress ? parameters.text('HEAD_OFFICE') : null;
  const mapHref = address ? addressHref(parameters) : null;
  if (!phone && !email && hours.length === 0 && !address) return null;

  return (
    <aside aria-label="Informations pratiques" data-info-bar="">
      <ul role="list" className="container">
        {phone && (
          <li data-info="phone">
            <Icon name="phone" size={16} />
            {phoneHref ? <a href={phoneHref}>{phone}</a> : <span>{phone}</span>}
          </li>
        )}
        {email && (
          <li data-info="email">
            <Icon name="mail" size={16} />
            <a href={`mailto:${email}`}>{email}</a>
          </li>
        )}
        {hours.length > 0 && (
          <li data-info="hours">
            <Icon name="clock" size={16} />
            <span>
              <span className="visually-hidden">Horaires : </span>
              {hours.join(' · ')}
            </span>
          </li>
        )}
        {address && (
          <li data-info="address">
            <Icon name="map-pin" size={16} />
            {mapHref ? (
              <a href={mapHref} target="_blank" rel="noopener noreferrer">
                {address}
                <span className="visually-hidden"> (carte, nouvelle fenêtre)</span>
              </a>
            ) : (
              <span>{address}</span>
            )}
          </li>
        )}
      </ul>
    </aside>
  );
}
