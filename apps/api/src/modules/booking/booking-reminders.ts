import type { Db } from '../../db/client';
import { createIntervalJobRunner, type JobRunner } from '../../lib/jobs';
import type { BookingMails } from './booking-mail-sender';
import type { BookingRepository } from './booking-repository';
import { bookingView } from './booking-view';

/** How often the job looks for reminders to send and holds to clear. */
export const BOOKING_JOB_INTERVAL_MS = 5 * 60_000;
const BATCH_SIZE = 100;

/**
 * The reservations' job (docs/requirements/reservations.md): the reminder mail the day before
 * (24 hours before the start, through the mail queue), then the housekeeping — expired holds'
 * claims cleared, bookings left unpaid cancelled, past bookings completed.
 */
export function createBookingJob(deps: {
  db: Db;
  repository: BookingRepository;
  mails: BookingMails;
  now: () => Date;
  personNameOf: (siteId: number, personId: number | null) => Promise<string | null>;
}) {
  const { db, repository, mails, now } = deps;

  async function sendOne(siteId: number, id: number): Promise<boolean> {
    const record = await repository.booking(siteId, id);
    if (!record || !record.email) return false;
    // Read before the transaction: PGlite's one connection cannot serve another query inside it.
    const personName = await deps.personNameOf(siteId, record.personResourceId);
    const context = await mails.contextOf(siteId);
    return db.transaction(async (tx) => {
      const claimed = await repository.claimReminder(tx, siteId, id, now());
      if (!claimed) return false;
      await mails.reminder(tx, context, bookingView(claimed, personName, now()));
      return true;
    });
  }

  /** One run: the due reminders queued, then the sweep; resolves with the reminders queued. */
  async function run(): Promise<number> {
    let sent = 0;
    for (const due of await repository.dueReminders(now(), BATCH_SIZE)) {
      if (await sendOne(due.siteId, due.id)) sent += 1;
    }
    await repository.sweep(now());
    return sent;
  }

  return {
    run,
    start(jobs: JobRunner | undefined, onError: (error: unknown) => void): () => Promise<void> {
      const runner = jobs ?? createIntervalJobRunner((_name, error) => onError(error));
      runner.every('booking-reminders', BOOKING_JOB_INTERVAL_MS, run);
      return jobs ? async () => undefined : () => runner.stop();
    },
  };
}
