import type { Booking } from '@comptoir/contract/booking';
import { detailsListHtml, escapeHtml, mailHtml, oneLine, type MailContent } from '../mail';

/*
 * The reservations' mails, in French (docs/requirements/reservations.md): confirmation and move
 * (with the .ics and the link to manage the booking), cancellation, the reminder the day before,
 * and the notices to the site's inbox. Every value a visitor typed is escaped in the HTML part.
 */

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** "samedi 12 décembre 2026 à 10h00". */
export function frenchMoment(iso: string): string {
  const instant = new Date(iso);
  return `${dateFormat.format(instant)} à ${timeFormat.format(instant).replace(':', 'h')}`;
}

export const formatEuros = (cents: number) => euros.format(cents / 100).replace(/\u202f/g, ' ');

export interface BookingMailInput {
  siteName: string;
  booking: Booking;
  /** The page to see, cancel or move it (with its token), when the site has an address. */
  manageUrl: string | null;
  /** The site's address and phone, for the customer to find and call it. */
  address: string | null;
  phone: string | null;
}

function details(input: BookingMailInput): [string, string][] {
  const { booking } = input;
  return [
    ['Référence', booking.reference],
    ['Prestation', booking.service.name],
    ...(booking.person ? ([['Avec', booking.person.name]] as [string, string][]) : []),
    ['Date', frenchMoment(booking.start)],
    ['Durée', `${booking.localStart} – ${booking.localEnd}`],
    ...(booking.partySize > 1
      ? ([['Nombre de personnes', String(booking.partySize)]] as [string, string][])
      : []),
    ...(booking.priceCents > 0
      ? ([['Prix', formatEuros(booking.priceCents)]] as [string, string][])
      : []),
    ...(booking.paidCents > 0
      ? ([['Réglé en ligne', formatEuros(booking.paidCents)]] as [string, string][])
      : []),
    ...(input.address ? ([['Adresse', input.address]] as [string, string][]) : []),
  ];
}

function detailsText(input: BookingMailInput): string {
  return details(input)
    .map(([label, value]) => `${label} : ${value}`)
    .join('\n');
}

function manageParagraphs(input: BookingMailInput): { text: string; html: string } {
  const deadline = frenchMoment(input.booking.changeableUntil);
  const call = input.phone ? ` Ensuite, appelez-nous au ${input.phone}.` : '';
  if (!input.manageUrl) {
    return {
      text: `Vous pouvez annuler ou déplacer ce rendez-vous jusqu’au ${deadline}.${call}`,
      html: `<p>Vous pouvez annuler ou déplacer ce rendez-vous jusqu’au ${escapeHtml(deadline)}.${escapeHtml(call)}</p>`,
    };
  }
  return {
    text: `Pour annuler ou déplacer ce rendez-vous jusqu’au ${deadline} : ${input.manageUrl}${call ? `\n${call.trim()}` : ''}`,
    html: `<p>Vous pouvez annuler ou déplacer ce rendez-vous jusqu’au ${escapeHtml(deadline)} : <a href="${escapeHtml(input.manageUrl)}">gérer ma réservation</a>.${escapeHtml(call)}</p>`,
  };
}

function customerMail(
  input: BookingMailInput,
  subject: string,
  heading: string,
  intro: string,
  options: { manage: boolean; outro?: string },
): MailContent {
  const name = input.booking.customer.firstname;
  const manage = options.manage ? manageParagraphs(input) : null;
  const text = [
    `Bonjour ${name},`,
    '',
    intro,
    '',
    detailsText(input),
    ...(manage ? ['', manage.text] : []),
    ...(options.outro ? ['', options.outro] : []),
    '',
    input.siteName,
  ].join('\n');
  const html = mailHtml(
    heading,
    `<h1 style="font-size:1.4rem;margin-top:0">${escapeHtml(heading)}</h1>
<p>Bonjour ${escapeHtml(name)},</p>
<p>${escapeHtml(intro)}</p>
${detailsListHtml(details(input))}
${manage ? manage.html : ''}${options.outro ? `\n<p>${escapeHtml(options.outro)}</p>` : ''}`,
    { footnote: input.siteName },
  );
  return { subject: oneLine(subject), text, html };
}

export function bookingConfirmationMail(input: BookingMailInput): MailContent {
  return customerMail(
    input,
    `Votre réservation ${input.booking.reference} est confirmée – ${input.siteName}`,
    'Votre réservation est confirmée',
    `Nous avons bien noté votre rendez-vous « ${input.booking.service.name} ». Le fichier joint l’ajoute à votre agenda.`,
    { manage: true },
  );
}

export function bookingMovedMail(input: BookingMailInput): MailContent {
  return customerMail(
    input,
    `Votre réservation ${input.booking.reference} est déplacée – ${input.siteName}`,
    'Votre réservation est déplacée',
    `Votre rendez-vous « ${input.booking.service.name} » a un nouvel horaire. Le fichier joint met votre agenda à jour.`,
    { manage: true },
  );
}

export function bookingCancelledMail(
  input: BookingMailInput,
  options: { bySite: boolean; reason: string | null; refundedCents: number },
): MailContent {
  const intro = options.bySite
    ? `Nous sommes désolés : nous devons annuler votre rendez-vous « ${input.booking.service.name} ».${options.reason ? ` Motif : ${options.reason}` : ''}`
    : `Votre rendez-vous « ${input.booking.service.name} » est annulé, comme vous l’avez demandé.`;
  const refund =
    options.refundedCents > 0
      ? `Les ${formatEuros(options.refundedCents)} réglés en ligne vous sont remboursés sur votre carte (comptez quelques jours).`
      : undefined;
  return customerMail(
    input,
    `Votre réservation ${input.booking.reference} est annulée – ${input.siteName}`,
    'Votre réservation est annulée',
    intro,
    { manage: false, ...(refund ? { outro: refund } : {}) },
  );
}

export function bookingReminderMail(input: BookingMailInput): MailContent {
  const call = input.phone ? ` Un empêchement ? Appelez-nous au ${input.phone}.` : '';
  return customerMail(
    input,
    `Rappel : votre rendez-vous de demain – ${input.siteName}`,
    'Votre rendez-vous, c’est demain',
    `Nous vous attendons pour « ${input.booking.service.name} ».${call}`,
    { manage: false },
  );
}

/** The notice to the site's inbox when a customer books, moves or cancels online. */
export function bookingSiteNotice(
  input: BookingMailInput,
  what: 'booked' | 'moved' | 'cancelled',
): MailContent {
  const { booking } = input;
  const verb = {
    booked: 'Nouvelle réservation',
    moved: 'Réservation déplacée',
    cancelled: 'Réservation annulée',
  }[what];
  const customer: [string, string][] = [
    ['Client', `${booking.customer.firstname} ${booking.customer.lastname}`],
    ['E-mail', booking.customer.email],
    ['Téléphone', booking.customer.phone],
    ...(booking.note ? ([['Note', booking.note]] as [string, string][]) : []),
  ];
  const all = [...details(input), ...customer];
  return {
    subject: oneLine(
      `${verb} ${booking.reference} : ${booking.service.name}, ${frenchMoment(booking.start)}`,
    ),
    text: [
      `${verb} sur ${input.siteName}.`,
      '',
      ...all.map(([label, value]) => `${label} : ${value}`),
    ].join('\n'),
    html: mailHtml(
      verb,
      `<h1 style="font-size:1.4rem;margin-top:0">${escapeHtml(verb)}</h1>\n${detailsListHtml(all)}`,
    ),
  };
}
