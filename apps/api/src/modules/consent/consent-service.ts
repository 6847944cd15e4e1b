import { createHmac } from 'node:crypto';
import type { ConsentChoice } from '@comptoir/contract/consent';
import { csvDateTime, csvDocument } from '../../lib/csv-export';
import type { ConsentRepository } from './consent-repository';

/*
 * The cookie consent log (decision 0110). The visitor's address is the proof that ties a choice
 * to a connection, but it is personal data the log does not need in clear: it is kept as an
 * HMAC-SHA-256 under a platform secret, which matches the same address again (an inquiry can
 * hash the address it holds and find its rows) and cannot be reversed without the secret.
 */

export function consentAddressHash(secret: string, address: string): string {
  return createHmac('sha256', secret).update(address).digest('hex');
}

const CHOICE_WORDS = { true: 'accepté', false: 'refusé' } as const;

export function createConsentService(deps: {
  repository: ConsentRepository;
  now: () => Date;
  /** CONSENT_LOG_SECRET, or the platform's kept key. */
  secret: () => Promise<string>;
}) {
  const { repository, now } = deps;
  let secret: Promise<string> | null = null;
  const hashKey = () => {
    secret ??= deps.secret().catch((error: unknown) => {
      secret = null;
      throw error;
    });
    return secret;
  };

  return {
    async record(siteId: number, choice: ConsentChoice, address: string) {
      const addressHash = consentAddressHash(await hashKey(), address);
      await repository.record(
        siteId,
        { choices: choice.choices, bannerVersion: choice.bannerVersion, addressHash },
        now(),
      );
      return { recorded: true as const };
    },

    /** The site's log, oldest first: one line per choice, each service's answer in words. */
    async csv(siteId: number) {
      const rows = await repository.list(siteId);
      const lines = [
        ['Date', 'Choix', 'Version du bandeau', 'Empreinte de l’adresse'],
        ...rows.map((row) => [
          csvDateTime.format(row.createdAt),
          Object.entries(row.choices)
            .map(
              ([service, allowed]) =>
                `${service} : ${CHOICE_WORDS[String(allowed) as 'true' | 'false']}`,
            )
            .join(', '),
          row.bannerVersion,
          row.addressHash,
        ]),
      ];
      const day = now().toISOString().slice(0, 10);
      return { body: csvDocument(lines), filename: `consentements-cookies-${day}.csv` };
    },
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
