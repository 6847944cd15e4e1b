import { bookingManagePath, type Booking } from '@comptoir/contract/booking';
import { localDateOf } from '@comptoir/domain/booking-availability';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { MailAttachment, Mailer } from '../../plugins/mail';
import {
  calendarEvent,
  siteBaseUrl,
  siteMailSender,
  type MailContent,
  type MailLimiter,
  type MailTransaction,
} from '../mail';
import {
  bookingCancelledMail,
  bookingConfirmationMail,
  bookingMovedMail,
  bookingReminderMail,
  bookingSiteNotice,
  type BookingMailInput,
} from './booking-mails';

/** What a site's booking mails need, read before the transaction that queues them (PGlite has one connection). */
export interface BookingMailContext {
  siteId: number;
  siteName: string;
  baseUrl: string | null;
  sender: ReturnType<typeof siteMailSender>;
  address: string | null;
  phone: string | null;
  companyEmail: string | null;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * The reservations' mails through the mail module's outbox (decision 0072): each is queued in
 * the transaction of the change it tells about, and the mail-delivery job sends it.
 */
export function createBookingMails(deps: {
  mailer: Mailer;
  mailLimiter: MailLimiter;
  readParameters: SiteParameterReader;
  sites: {
    findById(
      siteId: number,
    ): Promise<{ name: string; prodUrl: string | null; devUrl: string | null } | null>;
  };
  production: boolean;
  now: () => Date;
}) {
  const { mailer, production, now } = deps;

  function inputOf(
    context: BookingMailContext,
    booking: Booking,
    token: string | null,
  ): BookingMailInput {
    return {
      siteName: context.siteName,
      booking,
      manageUrl:
        token && context.baseUrl
          ? `${context.baseUrl}${bookingManagePath(booking.id, token)}`
          : null,
      address: context.address,
      phone: context.phone,
    };
  }

  /** The booking as an .ics (the mail module's one writer), its uid stable per booking. */
  function eventOf(context: BookingMailContext, booking: Booking): MailAttachment {
    const host = context.baseUrl ? new URL(context.baseUrl).hostname : 'comptoir.local';
    const start = new Date(booking.start);
    const end = new Date(booking.end);
    const sameDay = localDateOf(end) === booking.localDate;
    return calendarEvent({
      uid: `reservation-${context.siteId}-${booking.id}@${host}`,
      productId: 'comptoir/reservation',
      title: `${booking.service.name} – ${context.siteName}`,
      date: booking.localDate,
      startMinutes: minutesOf(booking.localStart),
      endMinutes: sameDay ? minutesOf(booking.localEnd) : 24 * 60,
      start,
      end,
      location: context.address ?? context.siteName,
      description: [
        `Réservation ${booking.reference}`,
        booking.person ? `Avec ${booking.person.name}` : null,
        booking.partySize > 1 ? `${booking.partySize} personnes` : null,
      ]
        .filter(Boolean)
        .join('\n'),
      now: now(),
      filename: `reservation-${booking.reference}.ics`,
    });
  }

  async function send(
    tx: MailTransaction | null,
    context: BookingMailContext,
    to: string,
    content: MailContent,
    attachments: MailAttachment[] = [],
  ): Promise<void> {
    if (!to) return;
    await mailer.send(
      {
        siteId: context.siteId,
        ...context.sender,
        to,
        ...content,
        ...(attachments.length > 0 ? { attachments } : {}),
      },
      tx ? { tx } : {},
    );
  }

  async function notice(
    tx: MailTransaction | null,
    context: BookingMailContext,
    booking: Booking,
    what: 'booked' | 'moved' | 'cancelled',
  ) {
    if (context.companyEmail) {
      await send(
        tx,
        context,
        context.companyEmail,
        bookingSiteNotice(inputOf(context, booking, null), what),
      );
    }
  }

  return {
    async contextOf(siteId: number): Promise<BookingMailContext> {
      const parameters = await deps.readParameters(siteId);
      const site = await deps.sites.findById(siteId);
      const baseUrl = site ? siteBaseUrl(site, production) : null;
      return {
        siteId,
        siteName: site?.name ?? '',
        baseUrl,
        sender: siteMailSender(
          site ?? { name: '', prodUrl: null, devUrl: null },
          parameters,
          baseUrl,
        ),
        address: parameters.text('COMPANY_ADDRESS'),
        phone: parameters.text('COMPANY_PHONE') ?? parameters.text('COMPANY_MOBILE'),
        companyEmail: parameters.text('COMPANY_EMAIL'),
      };
    },

    /** The hardening rule of visitor mails (decision 0016): an address typed on the form. */
    async admit(siteId: number, email: string): Promise<void> {
      await deps.mailLimiter.admit({
        siteId,
        kind: 'booking',
        recipients: [email],
        siteInbox: true,
      });
    },

    async confirmed(
      tx: MailTransaction | null,
      context: BookingMailContext,
      booking: Booking,
      token: string,
      options: { notifySite: boolean },
    ) {
      await send(
        tx,
        context,
        booking.customer.email,
        bookingConfirmationMail(inputOf(context, booking, token)),
        [eventOf(context, booking)],
      );
      if (options.notifySite) await notice(tx, context, booking, 'booked');
    },

    async moved(
      tx: MailTransaction | null,
      context: BookingMailContext,
      booking: Booking,
      token: string,
      options: { notifySite: boolean },
    ) {
      await send(
        tx,
        context,
        booking.customer.email,
        bookingMovedMail(inputOf(context, booking, token)),
        [eventOf(context, booking)],
      );
      if (options.notifySite) await notice(tx, context, booking, 'moved');
    },

    async cancelled(
      tx: MailTransaction | null,
      context: BookingMailContext,
      booking: Booking,
      options: {
        bySite: boolean;
        reason: string | null;
        refundedCents: number;
        notifySite: boolean;
      },
    ) {
      await send(
        tx,
        context,
        booking.customer.email,
        bookingCancelledMail(inputOf(context, booking, null), options),
      );
      if (options.notifySite) await notice(tx, context, booking, 'cancelled');
    },

    async reminder(tx: MailTransaction, context: BookingMailContext, booking: Booking) {
      await send(
        tx,
        context,
        booking.customer.email,
        bookingReminderMail(inputOf(context, booking, null)),
      );
    },
  };
}

export type BookingMails = ReturnType<typeof createBookingMails>;
