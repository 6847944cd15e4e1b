import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelopeSchema } from '@comptoir/contract/envelope';
import {
  REVIEW_REQUEST_LINK_UNKNOWN_MESSAGE,
  REVIEW_REQUEST_UNSUBSCRIBED_MESSAGE,
  reviewRequestUnsubscribeRoute,
} from '@comptoir/contract/review';
import { orderReference, type OrderStatus } from '@comptoir/domain/order';
import type { Db } from '../../db/client';
import { orderLines, orders, reviewRequestOptOuts } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { siteTurn } from '../../lib/fair-batch';
import { createIntervalJobRunner, type JobRunner } from '../../lib/jobs';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { MailTransaction } from '../mail';
import { escapeHtml, mailHtml, siteBaseUrl, siteMailSender, type MailContent } from '../mail';
import type { OrderEvents } from '../order';
import type { SiteRepository } from '../site';

/*
 * The review request mail (docs/requirements/order.md#review-request, decision 0104):
 * ORDER_REVIEW_DELAY days after an
 * order is delivered or picked up, one mail asks the customer for a review on the site's review
 * page, with a link to receive no more such requests. The order's status change sets when the
 * request is due; a job queues the due requests in the mail outbox (the mail-delivery job sends
 * them), each in the transaction that marks the order as asked, so that it is queued once.
 */

/** The states after which a customer has the wine in hand. */
const REVIEWABLE_STATUSES: readonly OrderStatus[] = ['DELIVERED', 'PICKED_UP'];

const DAY_MS = 86_400_000;
/** Requests are due by the day: a run every quarter of an hour is soon enough. */
export const REVIEW_REQUEST_INTERVAL_MS = 15 * 60_000;
/** Orders one run looks at, at most, so that a run ends. */
const BATCH_SIZE = 50;

const GOOGLE_WRITE_REVIEW_URL = 'https://search.google.com/local/writereview?placeid=';

/** The whole days of ORDER_REVIEW_DELAY, or null when unset, zero or negative (no request). */
export function reviewDelayDays(value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const days = Math.floor(value);
  return days > 0 ? days : null;
}

/**
 * Where the customer writes the review: REVIEW_PAGE_URL (« Lien de la page des avis ») when it is
 * a web address, else Google's « write a review » page of the site's place when one is configured
 * (GOOGLE_PLACES_PLACE_IDS), else nowhere, and then no request is sent.
 */
export function reviewPageUrl(reviewPageParameter: string | null, placeId: string | null) {
  const page = reviewPageParameter?.trim();
  if (page && /^https?:\/\/\S+$/i.test(page)) return page;
  return placeId ? `${GOOGLE_WRITE_REVIEW_URL}${encodeURIComponent(placeId)}` : null;
}

export function reviewRequestUnsubscribeUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/api/review-requests/unsubscribe/${encodeURIComponent(token)}`;
}

export interface ReviewRequestInput {
  siteName: string;
  firstname: string;
  reference: string;
  lines: readonly { quantity: number; name: string; year: number | null }[];
  reviewUrl: string;
  unsubscribeUrl: string;
}

/** The mail: the order's lines, a button to the review page, the unsubscribe link. */
export function reviewRequestMail(input: ReviewRequestInput): MailContent {
  const { siteName, reference, reviewUrl, unsubscribeUrl } = input;
  const subject = `Votre avis sur votre commande ${reference} – ${siteName}`;
  const greeting = input.firstname ? `Bonjour ${input.firstname},` : 'Bonjour,';
  const lines = input.lines.map(
    (line) => `${line.quantity} × ${line.name}${line.year ? ` ${line.year}` : ''}`,
  );
  const ask = `Vous avez reçu votre commande ${reference} chez ${siteName}. Qu’en avez-vous pensé ? Votre avis aide d’autres clients à choisir, et nous aide à mieux faire.`;
  return {
    subject,
    text: [
      greeting,
      '',
      ask,
      '',
      'Votre commande :',
      ...lines.map((line) => `- ${line}`),
      '',
      `Donner mon avis : ${reviewUrl}`,
      '',
      'Merci de votre confiance,',
      siteName,
      '',
      `Ne plus recevoir de demande d’avis : ${unsubscribeUrl}`,
    ].join('\n'),
    html: mailHtml(
      subject,
      `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(ask)}</p>
<p>Votre commande :</p>
<ul>
${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}
</ul>
<p><a href="${escapeHtml(reviewUrl)}" style="display:inline-block;padding:12px 20px;background:#1d4e89;color:#ffffff;text-decoration:none;border-radius:4px">Donner mon avis</a></p>
<p>Merci de votre confiance,<br>${escapeHtml(siteName)}</p>
<p style="font-size:14px;color:#52606d"><a href="${escapeHtml(unsubscribeUrl)}">Ne plus recevoir de demande d’avis</a></p>`,
    ),
  };
}

/** The page the unsubscribe link answers: one sentence, and the way back to the site. */
export function unsubscribedPage(siteName: string, homeUrl: string | null): string {
  const back = homeUrl
    ? `\n<p><a href="${escapeHtml(homeUrl)}">Retour au site ${escapeHtml(siteName)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Demandes d’avis – ${escapeHtml(siteName)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1f2933;background:#f5f5f4;line-height:1.5">
<main style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">
<h1 style="font-size:1.5rem;margin-top:0">${escapeHtml(REVIEW_REQUEST_UNSUBSCRIBED_MESSAGE)}</h1>
<p>Votre demande est enregistrée : ${escapeHtml(siteName)} ne vous demandera plus votre avis sur vos commandes.</p>${back}
</main>
</body>
</html>`;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function registerReviewRequests(
  app: FastifyInstance,
  options: {
    db: Db;
    events: OrderEvents;
    production: boolean;
    now: () => Date;
    jobs?: JobRunner;
    readParametersIn: (tx: MailTransaction) => SiteParameterReader;
    sitesIn: (tx: MailTransaction) => Pick<SiteRepository, 'findById'>;
    /**
     * Each site's Google place, for the « write a review » page: the one its owner entered in the
     * back office, else GOOGLE_PLACES_PLACE_IDS's (decision 0108).
     */
    placeIdOf: (siteId: number) => Promise<string | null>;
  },
) {
  const { db, events, production, now } = options;

  // The delivery or pick-up sets when the request is due; any later step (a refund) leaves the
  // date, and the job sends nothing for an order no longer in a reviewable state.
  events.onInTransaction('statusChanged', async ({ siteId, order, to }, tx) => {
    if (!REVIEWABLE_STATUSES.includes(to)) return;
    const parameters = await options.readParametersIn(tx)(siteId);
    const days = reviewDelayDays(parameters.number('ORDER_REVIEW_DELAY'));
    if (days === null) return;
    await tx
      .update(orders)
      .set({ reviewRequestDueAt: new Date(now().getTime() + days * DAY_MS) })
      .where(
        and(eq(orders.siteId, siteId), eq(orders.id, order.id), isNull(orders.reviewRequestedAt)),
      );
  });

  /**
   * Takes one due order and, when every condition still holds, queues its request: the order is
   * still delivered or picked up, its customer has an address and did not opt out, the site still
   * asks (ORDER_REVIEW_DELAY set) and has a review page and an address for its links. The claim
   * (clearing the due date) is one conditional UPDATE: a second worker finds nothing to claim.
   */
  async function sendOne(siteId: number, orderId: number): Promise<boolean> {
    // Read before the transaction: PGlite's one connection cannot serve another query inside it.
    const placeId = await options.placeIdOf(siteId);
    return db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(orders)
        .set({ reviewRequestDueAt: null })
        .where(
          and(
            eq(orders.siteId, siteId),
            eq(orders.id, orderId),
            isNotNull(orders.reviewRequestDueAt),
            isNull(orders.reviewRequestedAt),
          ),
        )
        .returning();
      if (!claimed || !REVIEWABLE_STATUSES.includes(claimed.status) || !claimed.email) return false;
      const email = claimed.email.toLowerCase();
      const [optedOut] = await tx
        .select({ email: reviewRequestOptOuts.email })
        .from(reviewRequestOptOuts)
        .where(and(eq(reviewRequestOptOuts.siteId, siteId), eq(reviewRequestOptOuts.email, email)));
      if (optedOut) return false;
      const parameters = await options.readParametersIn(tx)(siteId);
      if (reviewDelayDays(parameters.number('ORDER_REVIEW_DELAY')) === null) return false;
      const reviewUrl = reviewPageUrl(parameters.text('REVIEW_PAGE_URL'), placeId);
      if (!reviewUrl) {
        app.log.info({ siteId, orderId }, 'Review request not sent: the site has no review page');
        return false;
      }
      const site = await options.sitesIn(tx).findById(siteId);
      const baseUrl = site ? siteBaseUrl(site, production) : null;
      if (!site || !baseUrl) {
        app.log.warn({ siteId, orderId }, 'Review request not sent: the site has no address');
        return false;
      }
      const token = randomBytes(32).toString('base64url');
      await tx
        .update(orders)
        .set({ reviewRequestedAt: now(), reviewRequestTokenHash: hashToken(token) })
        .where(and(eq(orders.siteId, siteId), eq(orders.id, orderId)));
      const lines = await tx
        .select({ quantity: orderLines.quantity, name: orderLines.name, year: orderLines.year })
        .from(orderLines)
        .where(and(eq(orderLines.siteId, siteId), eq(orderLines.orderId, orderId)))
        .orderBy(asc(orderLines.id));
      await app.mailer.send(
        {
          siteId,
          ...siteMailSender(site, parameters, baseUrl),
          to: claimed.email,
          headers: {
            'List-Unsubscribe': `<${reviewRequestUnsubscribeUrl(baseUrl, token)}>`,
          },
          ...reviewRequestMail({
            siteName: site.name,
            firstname: claimed.firstname,
            reference: orderReference(claimed.number),
            lines,
            reviewUrl,
            unsubscribeUrl: reviewRequestUnsubscribeUrl(baseUrl, token),
          }),
        },
        { tx },
      );
      return true;
    });
  }

  /**
   * The job: queues every request whose day has come, a batch taken in turns across the sites
   * (decision 0123); resolves with the number queued.
   */
  async function sendDue(): Promise<number> {
    const candidates = db
      .select({
        siteId: orders.siteId,
        id: orders.id,
        dueAt: orders.reviewRequestDueAt,
        turn: siteTurn(orders.siteId, asc(orders.reviewRequestDueAt), asc(orders.id)).as('turn'),
      })
      .from(orders)
      .where(and(lte(orders.reviewRequestDueAt, now()), isNull(orders.reviewRequestedAt)))
      .as('candidates');
    const due = await db
      .select({ siteId: candidates.siteId, id: candidates.id })
      .from(candidates)
      .orderBy(asc(candidates.turn), asc(candidates.dueAt), asc(candidates.id))
      .limit(BATCH_SIZE);
    let sent = 0;
    for (const order of due) {
      if (await sendOne(order.siteId, order.id)) sent += 1;
    }
    return sent;
  }

  app.route({
    method: reviewRequestUnsubscribeRoute.method,
    url: reviewRequestUnsubscribeRoute.path,
    // The token names its order, hence its site: the link works from any mail client.
    config: { withoutSite: true },
    schema: {
      summary: reviewRequestUnsubscribeRoute.summary,
      tags: [...reviewRequestUnsubscribeRoute.tags],
      params: reviewRequestUnsubscribeRoute.params,
      response: { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { token } = request.params as { token: string };
      const page = await db.transaction(async (tx) => {
        const [order] = await tx
          .select({ siteId: orders.siteId, email: orders.email })
          .from(orders)
          .where(eq(orders.reviewRequestTokenHash, hashToken(token)));
        if (!order) return null;
        if (order.email) {
          await tx
            .insert(reviewRequestOptOuts)
            .values({ siteId: order.siteId, email: order.email.toLowerCase() })
            .onConflictDoNothing();
        }
        const site = await options.sitesIn(tx).findById(order.siteId);
        return site ? unsubscribedPage(site.name, siteBaseUrl(site, production)) : null;
      });
      if (!page) throw new HttpError(404, REVIEW_REQUEST_LINK_UNKNOWN_MESSAGE);
      return reply
        .headers({
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(page);
    },
  });

  const jobs =
    options.jobs ??
    createIntervalJobRunner((name, error) =>
      app.log.error({ err: error, job: name }, 'job failed'),
    );
  jobs.every('review-requests', REVIEW_REQUEST_INTERVAL_MS, () => sendDue());
  if (!options.jobs) app.addHook('onClose', async () => jobs.stop());

  return { sendDue };
}
