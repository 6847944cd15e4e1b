import { Icon } from '../../ui/icon';
import { VisuallyHidden } from '../../ui/visually-hidden';
import type { CompanyPhone } from './company-contact';

/**
 * The company's numbers (tel: links when dialable; the fax as text) and e-mail, one line each:
 * footer, contact page and contact block.
 */
export function PhoneAndEmailLines({
  phones,
  email,
  lineClassName,
}: {
  phones: readonly CompanyPhone[];
  email: string | null;
  lineClassName?: string;
}) {
  return (
    <>
      {phones.map((phone) => (
        <p
          key={phone.kind}
          className={[lineClassName, phone.mobileOnly ? 'mobile-only' : undefined]
            .filter(Boolean)
            .join(' ')}
        >
          <Icon name="phone" size={18} />
          {phone.kind === 'Fax' ? (
            <span>Fax : {phone.number}</span>
          ) : (
            <>
              <VisuallyHidden>{phone.kind} : </VisuallyHidden>
              {phone.href ? <a href={phone.href}>{phone.number}</a> : <span>{phone.number}</span>}
            </>
          )}
        </p>
      ))}
      {email && (
        <p className={lineClassName}>
          <Icon name="mail" size={18} />
          <a href={`mailto:${email}`}>{email}</a>
        </p>
      )}
    </>
  );
}

/** The opening hours that are set, as a definition list (day → hours). */
export function OpeningHoursList({
  hours,
  className,
  rowClassName,
}: {
  hours: readonly { day: string; hours: string }[];
  className?: string;
  rowClassName?: string;
}) {
  return (
    <dl className={className}>
      {hours.map(({ day, hours: time }) => (
        <div key={day} className={rowClassName}>
          <dt>{day}</dt>
          <dd>{time}</dd>
        </div>
      ))}
    </dl>
  );
}
