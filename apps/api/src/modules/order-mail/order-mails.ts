import type { FastifyInstance } from 'fastify';
import type { Order, OrderAddress } from '@comptoir/contract/order';
import { zonedInstant } from '@comptoir/domain/opening-calendar';
import { alcoholMessages } from '@comptoir/domain/product-display';
import type { SiteParameterReader, SiteParameterValues } from '../../lib/site-parameter-values';
import type { MailAttachment } from '../../plugins/mail';
import type { MailTransaction } from '../mail';
import type { MailLimiter } from '../mail';
import { calendarEvent, siteBaseUrl, siteMailSender } from '../mail';
import type { OrderEvents } from '../order';
import type { OrderRecord } from '../order';
import type { SiteRecord, SiteRepository } from '../site';
import {
  newOrderNoticeMail,
  orderConfirmationMail,
  orderStatusMail,
  type OrderMailInput,
  type PickupDetails,
} from './order-mail-content';
import { createOrderMailRepository } from './order-mail-repository';
import { lineText } from './order-mail-content';

/** The health message a site that sells alcohol ends its customers' order mails with (0109). */
function preventionOf(parameters: SiteParameterValues) {
  return alcoholMessages(parameters.isOn('SELLS_ALCOHOL'), parameters.text);
}

/** A slot whose calendar is gone (the place was removed) is shown with this length. */
const DEFAULT_SLOT_MINUTES = 30;

export interface PickupSlot extends PickupDetails {
  date: string;
  startMinutes: number;
  endMinutes: number;
}

/**
 * The mails an order causes (issue 10 "Payment"): the confirmation to the customer and the notice
 * to the site's inbox when it is placed, then a short mail at each later step. They listen to the
 * order module's in-transaction events (never on an idempotent replay) and queue their rows in
 * the order's transaction; the mail-delivery job sends them, so a slow mail server never delays
 * the order's answer. The invoice mail is the invoice module's.
 */
export function registerOrderMails(
  app: FastifyInstance,
  options: {
    events: OrderEvents;
    mailLimiter: MailLimiter;
    production: boolean;
    now: () => Date;
    /**
     * The parameter and site readers within the order's transaction: every read goes through
     * it (PGlite has one connection, which the open transaction holds).
     */
    readParametersIn: (tx: MailTransaction) => SiteParameterReader;
    sitesIn: (tx: MailTransaction) => Pick<SiteRepository, 'findById'>;
  },
): void {
  const { events, mailLimiter, production, now } = options;
  const readParameters = (tx: MailTransaction, siteId: number) =>
    options.readParametersIn(tx)(siteId);

  async function pickupOf(
    tx: MailTransaction,
    siteId: number,
    record: OrderRecord,
  ): Promise<PickupSlot | null> {
    const { slotCompanyAddressId, slotDate, slotScheduleId } = record;
    if (slotCompanyAddressId === null || slotDate === null || slotScheduleId === null) return null;
    const place = await createOrderMailRepository(tx).pickupPlace(siteId, slotCompanyAddressId);
    if (!place) return null;
    const endMinutes = slotScheduleId + (place.slotMinutes ?? DEFAULT_SLOT_MINUTES);
    const start = zonedInstant(slotDate, slotScheduleId);
    const end = zonedInstant(slotDate, endMinutes);
    if (!start || !end) return null;
    return {
      label: place.label,
      addressLines: [
        place.addressLine1,
        ...(place.addressLine2 ? [place.addressLine2] : []),
        `${place.postalCode} ${place.city}`,
        ...(place.countryName ? [place.countryName] : []),
      ],
      start,
      end,
      date: slotDate,
      startMinutes: slotScheduleId,
      endMinutes,
    };
  }

  function mailInputOf(
    site: SiteRecord,
    order: Order,
    record: OrderRecord,
    pickup: PickupDetails | null,
    parameters: SiteParameterValues,
  ): OrderMailInput {
    return {
      siteName: site.name,
      prevention: preventionOf(parameters),
      order,
      customer: {
        firstname: record.firstname,
        lastname: record.lastname,
        email: record.email,
        phone: record.phone,
      },
      deliveryAddress: (record.deliveryAddress as OrderAddress | null) ?? null,
      billingAddress: record.billingAddress as OrderAddress,
      message: record.message,
      pickup,
    };
  }

  function slotAttachment(site: SiteRecord, order: Order, slot: PickupSlot): MailAttachment {
    const baseUrl = siteBaseUrl(site, production);
    const host = baseUrl ? new URL(baseUrl).hostname : 'comptoir.local';
    return calendarEvent({
      uid: `commande-${site.id}-${order.id}@${host}`,
      productId: 'comptoir/commande',
      title: `Retrait de votre commande ${order.reference} – ${site.name}`,
      filename: `retrait-${order.reference}.ics`,
      date: slot.date,
      startMinutes: slot.startMinutes,
      endMinutes: slot.endMinutes,
      start: slot.start,
      end: slot.end,
      location: [slot.label, ...slot.addressLines].join(', '),
      description: [
        `Commande ${order.reference}`,
        ...order.lines.map((line) => lineText(line)),
      ].join('\n'),
      now: now(),
    });
  }

  async function queuePlacedMails(
    tx: MailTransaction,
    site: SiteRecord,
    order: Order,
    record: OrderRecord,
  ): Promise<void> {
    // The order as it is answered (payment instructions included); the row has the customer.
    const slot = await pickupOf(tx, site.id, record);
    const parameters = await readParameters(tx, site.id);
    const input = mailInputOf(site, order, record, slot, parameters);
    const sender = siteMailSender(site, parameters, siteBaseUrl(site, production));

    // Hardening rules (decision 0016): a visitor chooses the address an order confirms to.
    if (
      await mailLimiter.allows({
        siteId: site.id,
        kind: 'order-confirmation',
        recipients: [record.email],
      })
    ) {
      await app.mailer.send(
        {
          siteId: site.id,
          ...sender,
          to: record.email,
          ...orderConfirmationMail(input),
          ...(slot ? { attachments: [slotAttachment(site, order, slot)] } : {}),
        },
        { tx },
      );
    } else {
      app.log.warn(
        { siteId: site.id, orderId: order.id },
        'Order confirmation not mailed: too many mails to this address',
      );
    }

    const companyEmail = parameters.text('COMPANY_EMAIL');
    if (!companyEmail) {
      app.log.warn(
        { siteId: site.id, orderId: order.id },
        'New order not notified: COMPANY_EMAIL is not set',
      );
      return;
    }
    if (!(await mailLimiter.allows({ siteId: site.id, kind: 'site-notice', siteInbox: true }))) {
      app.log.warn(
        { siteId: site.id, orderId: order.id },
        'New order not notified: the site inbox had its share',
      );
      return;
    }
    await app.mailer.send(
      {
        siteId: site.id,
        from: sender.from,
        // Answering the notice writes to the customer.
        replyTo: record.email,
        to: companyEmail,
        ...newOrderNoticeMail(input),
      },
      { tx },
    );
  }

  async function queueStatusMail(
    tx: MailTransaction,
    siteId: number,
    order: Order,
    record: OrderRecord,
    actor: string,
  ): Promise<void> {
    // An erased customer's order has no address left to write to.
    if (!record.email) return;
    const site = await options.sitesIn(tx).findById(siteId);
    if (!site) return;
    const pickup = order.status === 'READY_FOR_PICKUP' ? await pickupOf(tx, siteId, record) : null;
    const parameters = await readParameters(tx, siteId);
    const content = orderStatusMail({
      prevention: preventionOf(parameters),
      siteName: site.name,
      firstname: record.firstname,
      reference: order.reference,
      status: order.status,
      expired: actor.startsWith('job:'),
      refundedCents: order.totals.amountDueCents,
      carrierName: order.carrier?.name ?? null,
      pickup,
    });
    if (!content) return;
    await app.mailer.send(
      {
        siteId,
        ...siteMailSender(site, parameters, siteBaseUrl(site, production)),
        to: record.email,
        ...content,
      },
      { tx },
    );
  }

  // In the order's transaction (decision 0072): a mail row exists if and only if the change
  // committed. A mail that cannot be composed is logged and undone alone (its savepoint); the
  // order still commits.
  events.onInTransaction('placed', ({ site, order, record }, tx) =>
    queuePlacedMails(tx, site, order, record),
  );

  events.onInTransaction(
    'statusChanged',
    async ({ siteId, order, record, becamePaid, actor }, tx) => {
      // A payment is told by the invoice mail, which carries the invoice.
      if (becamePaid) return;
      await queueStatusMail(tx, siteId, order, record, actor);
    },
  );
}
