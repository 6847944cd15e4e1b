import { Icon } from '../../ui/icon';
import { telHref } from './company-contact';

/** The company's phones (as tel: links when dialable) and e-mail, one line each: footer and contact page. */
export function PhoneAndEmailLines({
  phones,
  email,
  lineClassName,
}: {
  phones: readonly string[];
  email: string | null;
  lineClassName?: string;
}) {
  return (
    <>
      {phones.map((phone) => {
        const href = telHref(phone);
        return (
          <p key={phone} className={lineClassName}>
            <Icon name="phone" size={18} />
            {href ? <a href={href}>{phone}</a> : <span>{phone}</span>}
          </p>
        );
      })}
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
