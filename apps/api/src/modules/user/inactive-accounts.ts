import type { FastifyBaseLogger } from 'fastify';
import { inactiveAccountYears, yearsInWords } from '@comptoir/domain/legal-text';
import type { Db } from '../../db/client';
import { createIntervalJobRunner, type JobRunner } from '../../lib/jobs';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { Mailer } from '../../plugins/mail';
import { inactivityWarningMail, siteBaseUrl, siteMailSender } from '../mail';
import { createInactiveAccountsRepository } from './inactive-accounts-repository';
import type { UserRepository } from './user-repository';

/*
 * Inactive accounts (decision 0110): the privacy policy promises that an account unused for its
 * period (INACTIVE_ACCOUNT_YEARS, three years by default) is deleted. Thirty days before, the
 * customer gets one warning mail; logging in or ordering since voids it. Once the period is over
 * and the warning is thirty days old, the account is erased as the customer's own erasure does
 * (decision 0054): the orders stay for the accounts, without the person.
 */

export const INACTIVITY_WARNING_DAYS = 30;
/** The dates are whole days: four runs a day are soon enough. */
export const INACTIVE_ACCOUNTS_INTERVAL_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;
/** Accounts one run handles per site and step, at most, so that a run ends. */
const BATCH_SIZE = 100;

const frenchDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

function yearsBefore(date: Date, years: number): Date {
  const shifted = new Date(date);
  shifted.setUTCFullYear(shifted.getUTCFullYear() - years);
  return shifted;
}

function yearsAfter(date: Date, years: number): Date {
  return yearsBefore(date, -years);
}

export interface InactiveAccountsRun {
  warned: number;
  anonymised: number;
}

export function registerInactiveAccounts(options: {
  db: Db;
  now: () => Date;
  jobs?: JobRunner;
  log: FastifyBaseLogger;
  mailer: Mailer;
  readParameters: SiteParameterReader;
  users: UserRepository;
  production: boolean;
  onClose: (stop: () => Promise<void>) => void;
}) {
  const { db, now, mailer, log } = options;
  const repository = createInactiveAccountsRepository(db);

  async function runSite(
    site: Awaited<ReturnType<typeof repository.sitesWithCustomers>>[number],
  ): Promise<InactiveAccountsRun> {
    const at = now();
    const parameters = await options.readParameters(site.id);
    const years = inactiveAccountYears(parameters.number('INACTIVE_ACCOUNT_YEARS'));
    const inactiveSince = yearsBefore(at, years);
    const warnSince = new Date(inactiveSince.getTime() + INACTIVITY_WARNING_DAYS * DAY_MS);
    const warnedBefore = new Date(at.getTime() - INACTIVITY_WARNING_DAYS * DAY_MS);
    const baseUrl = siteBaseUrl(site, options.production);
    let warned = 0;
    let anonymised = 0;

    const dueWarning = repository.dueWarning(warnSince);
    for (const account of await repository.find(site.id, dueWarning, BATCH_SIZE)) {
      const sent = await db.transaction(async (tx) => {
        const claimed = await repository.claimWarning(tx, site.id, account.id, dueWarning, at);
        if (!claimed) return false;
        // Never before the warning is thirty days old, whatever the activity says.
        const deletion = new Date(
          Math.max(
            yearsAfter(new Date(account.lastActivity), years).getTime(),
            at.getTime() + INACTIVITY_WARNING_DAYS * DAY_MS,
          ),
        );
        await mailer.send(
          {
            siteId: site.id,
            ...siteMailSender(site, parameters, baseUrl),
            to: claimed.email,
            ...inactivityWarningMail({
              siteName: site.name,
              firstname: claimed.firstname,
              deletionDate: frenchDate.format(deletion),
              period: yearsInWords(years),
              loginUrl: baseUrl ? `${baseUrl}/auth` : null,
            }),
          },
          { tx },
        );
        return true;
      });
      if (sent) warned += 1;
    }

    const dueAnonymisation = repository.dueAnonymisation(inactiveSince, warnedBefore);
    for (const account of await repository.find(site.id, dueAnonymisation, BATCH_SIZE)) {
      const outcome = await options.users.deleteInactiveAccount(
        site.id,
        account.id,
        dueAnonymisation,
      );
      // An order still on its way keeps the account until a later run.
      if (outcome?.erased) anonymised += 1;
    }
    return { warned, anonymised };
  }

  /** One run over every site: resolves with the accounts warned and anonymised. */
  async function run(): Promise<InactiveAccountsRun> {
    const total = { warned: 0, anonymised: 0 };
    for (const site of await repository.sitesWithCustomers()) {
      const done = await runSite(site);
      total.warned += done.warned;
      total.anonymised += done.anonymised;
      if (done.warned || done.anonymised) {
        // Counts only: never who.
        log.info({ siteId: site.id, ...done }, 'Inactive accounts warned or anonymised');
      }
    }
    return total;
  }

  const jobs =
    options.jobs ??
    createIntervalJobRunner((name, error) => log.error({ err: error, job: name }, 'job failed'));
  jobs.every('inactive-accounts', INACTIVE_ACCOUNTS_INTERVAL_MS, () => run());
  if (!options.jobs) options.onClose(() => jobs.stop());

  return { run };
}
