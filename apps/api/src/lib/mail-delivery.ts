import type { FastifyBaseLogger } from 'fastify';
import type { mailOutbox } from '../db/schema';

/** A row of mail_outbox, as the delivery job claims it. */
export type OutboxMailRecord = typeof mailOutbox.$inferSelect;

/** What the delivery job does with the outbox (the mail module's repository implements it). */
export interface MailOutboxQueue {
  /** The due mails of one run, in turns across the sites (decision 0123). */
  dueInTurns(limit: number): Promise<number[]>;
  /** Claims one of them for an attempt; null when another run took it or it is no longer due. */
  claim(id: number, leaseSeconds: number): Promise<OutboxMailRecord | null>;
  markSent(id: number): Promise<void>;
  markRetry(id: number, error: string, delayMs: number): Promise<void>;
  markFailed(id: number, error: string): Promise<void>;
}

/** How the job hands a queued mail over: to SMTP, or to the local outbox (.eml). */
export type DeliverMail = (mail: OutboxMailRecord) => Promise<void>;

export interface MailDeliverySettings {
  /** Attempts before a mail stays `failed` (decision 0072). */
  maxAttempts: number;
  /** The wait after the `attempts`-th refused attempt. */
  retryDelayMs: (attempts: number) => number;
  /**
   * How long a claimed mail belongs to the run that claimed it. Longer than one SMTP exchange
   * can last (the transport's timeouts): a run that dies leaves the mail to be taken again then.
   */
  leaseSeconds: number;
  /** Mails one run sends at most, so that a run ends and a stopping process is not held. */
  batchSize: number;
}

export const DEFAULT_MAIL_DELIVERY: MailDeliverySettings = {
  maxAttempts: 8,
  // 30 s, 1 min, 2 min… up to an hour: the eighth attempt comes about an hour after the first.
  retryDelayMs: (attempts) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000),
  leaseSeconds: 300,
  batchSize: 50,
};

const ADDRESS_PATTERN = /<?[^\s<>"'(),;:]+@[^\s<>"'(),;:]+>?/g;
const MAX_ERROR_LENGTH = 300;

/**
 * What is kept and logged of a refusal: nodemailer's code, the SMTP reply code and the server's
 * text. Servers often quote the recipient ("550 <bob@…>: no such user"): addresses are masked.
 */
export function describeDeliveryError(error: unknown): string {
  const details = error as { code?: unknown; responseCode?: unknown; response?: unknown };
  const parts = [
    typeof details.code === 'string' ? details.code : null,
    typeof details.responseCode === 'number' ? String(details.responseCode) : null,
  ].filter((part): part is string => part !== null);
  const text =
    typeof details.response === 'string'
      ? details.response
      : error instanceof Error
        ? error.message
        : String(error);
  const described = `${parts.length ? `${parts.join(' ')}: ` : ''}${text}`
    .replace(ADDRESS_PATTERN, '<adresse>')
    .replace(/\s+/g, ' ')
    .trim();
  return described.length > MAX_ERROR_LENGTH
    ? `${described.slice(0, MAX_ERROR_LENGTH - 1)}…`
    : described;
}

/**
 * The mail-delivery job's work (decision 0072): takes the due pending mails one at a time,
 * hands each to `deliver`, marks it sent, or schedules the next attempt; after `maxAttempts`
 * the mail stays `failed` with its last error, and one line is logged (no address, no content).
 */
export function createMailDelivery(options: {
  outbox: MailOutboxQueue;
  deliver: DeliverMail;
  log: FastifyBaseLogger;
  settings: MailDeliverySettings;
}) {
  const { outbox, deliver, log, settings } = options;
  let stopping = false;

  return {
    /** Sends what is due; resolves with the number of mails tried. */
    async deliverDue(): Promise<number> {
      let tried = 0;
      // In turns across the sites: a site's backlog delays no other site's mail past this run.
      for (const id of await outbox.dueInTurns(settings.batchSize)) {
        // A stopping process claims nothing more: what is still pending waits for another run.
        if (stopping) break;
        const mail = await outbox.claim(id, settings.leaseSeconds);
        if (!mail) continue;
        tried += 1;
        try {
          await deliver(mail);
        } catch (error) {
          const described = describeDeliveryError(error);
          if (mail.attempts >= settings.maxAttempts) {
            await outbox.markFailed(mail.id, described);
            log.error(
              { mailId: mail.id, siteId: mail.siteId, attempts: mail.attempts, error: described },
              'Mail not delivered: given up',
            );
          } else {
            await outbox.markRetry(mail.id, described, settings.retryDelayMs(mail.attempts));
            log.warn(
              { mailId: mail.id, siteId: mail.siteId, attempts: mail.attempts, error: described },
              'Mail delivery refused: will try again',
            );
          }
          continue;
        }
        await outbox.markSent(mail.id);
      }
      return tried;
    },

    /** Called before the jobs stop: the run under way ends after its current mail. */
    stop(): void {
      stopping = true;
    },
  };
}

export type MailDelivery = ReturnType<typeof createMailDelivery>;
