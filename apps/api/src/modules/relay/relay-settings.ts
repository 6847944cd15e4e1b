import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  getRelaySettings,
  maskSecret,
  MONDIAL_RELAY_CREDENTIALS_MISSING_MESSAGE,
  saveRelaySettings,
  type RelayProviderName,
  type RelaySettings,
} from '@comptoir/contract/admin-integrations';
import type { Db } from '../../db/client';
import { siteRelaySettings } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import type { SecretBox } from '../../lib/secret-box';
import { siteSealedColumnsStore } from '../../lib/secret-rotation';
import { adminActor, recordAudit, type AuditActor } from '../audit';
import type { CountryLookup } from '../country';
import { registerAdminScope } from '../user';
import {
  MONDIAL_RELAY_API_URL,
  MondialRelayError,
  normalizedBrand,
  searchMondialRelayPoints,
  type MondialRelayCredentials,
} from './mondial-relay';
import type { RelayProvider } from './relay-provider';

/*
 * Where each site's relay points come from (decision 0108): the built-in demo points, or
 * Mondial Relay with the site's own account. The private key is sealed with the platform's
 * secret box and opened only to sign a search; answers show it masked, the journal says only
 * that it changed.
 */

type SettingsRow = typeof siteRelaySettings.$inferSelect;

export function createRelaySettingsRepository(db: Db) {
  return {
    async find(siteId: number): Promise<SettingsRow | null> {
      const [row] = await db
        .select()
        .from(siteRelaySettings)
        .where(eq(siteRelaySettings.siteId, siteId));
      return row ?? null;
    },

    /** Writes the site's settings and their journal entry in one transaction. */
    async save(
      siteId: number,
      values: Omit<SettingsRow, 'siteId' | 'updatedAt'>,
      journal: { actor: AuditActor; before: unknown; after: unknown; summary: string },
    ): Promise<SettingsRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(siteRelaySettings)
          .values({ siteId, ...values })
          .onConflictDoUpdate({
            target: siteRelaySettings.siteId,
            set: { ...values, updatedAt: sql`now()` },
          })
          .returning();
        await recordAudit(tx, {
          siteId,
          actor: journal.actor,
          action: 'update',
          entityType: 'relay-settings',
          entityId: null,
          summary: journal.summary,
          before: journal.before,
          after: journal.after,
        });
        return row!;
      });
    },
  };
}
export type RelaySettingsRepository = ReturnType<typeof createRelaySettingsRepository>;

export interface RelaySettingsDeps {
  repository: RelaySettingsRepository;
  secrets: SecretBox;
  countries: CountryLookup;
  /** MONDIAL_RELAY_API_URL: Mondial Relay's service, or the fake one in tests. */
  mondialRelayUrl?: string | undefined;
  log: FastifyBaseLogger;
}

/** The site's Mondial Relay account, opened; null when the site does not use Mondial Relay. */
function credentialsOf(
  row: SettingsRow | null,
  secrets: SecretBox,
): MondialRelayCredentials | null {
  if (row?.provider !== 'MONDIAL_RELAY') return null;
  if (!row.mondialRelayBrand || !row.mondialRelayPrivateKeySealed) return null;
  return {
    brand: row.mondialRelayBrand,
    privateKey: secrets.open(row.mondialRelayPrivateKeySealed),
  };
}

/**
 * The provider every relay search of every site goes through: the site's Mondial Relay account
 * when it chose one, the demo points otherwise. Mondial Relay's refusal or silence becomes an
 * empty list for the customer (the site's journal of warnings says why, never the key): a
 * customer cannot mend the site's account, and the delivery step then offers the other carriers.
 */
export function createSiteRelayProvider(
  deps: RelaySettingsDeps & { demo: RelayProvider },
): RelayProvider {
  const url = deps.mondialRelayUrl ?? MONDIAL_RELAY_API_URL;
  return {
    async findAccessPoints(search) {
      const row = await deps.repository.find(search.siteId);
      if (row?.provider !== 'MONDIAL_RELAY') return deps.demo.findAccessPoints(search);
      try {
        const credentials = credentialsOf(row, deps.secrets);
        const country = await deps.countries.byAlphaThree(search.country);
        if (!credentials || !country) return [];
        return await searchMondialRelayPoints(
          { url, credentials },
          {
            countryAlphaTwo: country.alphaTwo,
            countryAlphaThree: country.alphaThree,
            postalCode: search.postalCode,
            position: search.position,
            limit: search.limit,
          },
        );
      } catch (error) {
        deps.log.warn(
          {
            siteId: search.siteId,
            reason: error instanceof Error ? error.message : 'unknown',
            stat: error instanceof MondialRelayError ? error.stat : undefined,
          },
          'Mondial Relay search failed; the customer was offered no point',
        );
        return [];
      }
    },
  };
}

function settingsView(row: SettingsRow | null, secrets: SecretBox): RelaySettings {
  let privateKey: string | null = null;
  if (row?.mondialRelayPrivateKeySealed) {
    try {
      privateKey = secrets.open(row.mondialRelayPrivateKeySealed);
    } catch {
      // Sealed under another key: shown as kept, without its last characters.
      return {
        provider: (row.provider as RelayProviderName) ?? 'DEMO',
        mondialRelayBrand: row.mondialRelayBrand?.trim() ?? null,
        mondialRelayPrivateKey: { set: true, masked: '••••' },
      };
    }
  }
  return {
    provider: (row?.provider as RelayProviderName | undefined) ?? 'DEMO',
    mondialRelayBrand: row?.mondialRelayBrand?.trim() ?? null,
    mondialRelayPrivateKey: maskSecret(privateKey),
  };
}

/** What the journal keeps of the settings: never the key, only whether one is kept. */
const journalOf = (row: SettingsRow | null) => ({
  provider: row?.provider ?? 'DEMO',
  mondialRelayBrand: row?.mondialRelayBrand ?? null,
  mondialRelayPrivateKeyKept: Boolean(row?.mondialRelayPrivateKeySealed),
});

/** A postal code where any French account can search: trying it tells whether the key signs. */
const CHECK_POSTAL_CODE = '75001';

export function createRelaySettingsAdmin(deps: RelaySettingsDeps) {
  const url = deps.mondialRelayUrl ?? MONDIAL_RELAY_API_URL;
  return {
    async get(siteId: number): Promise<RelaySettings> {
      return settingsView(await deps.repository.find(siteId), deps.secrets);
    },

    async save(
      siteId: number,
      input: {
        provider: RelayProviderName;
        mondialRelayBrand: string | null;
        mondialRelayPrivateKey?: string | null | undefined;
      },
      actor: AuditActor,
    ): Promise<RelaySettings> {
      const before = await deps.repository.find(siteId);
      const brand = input.mondialRelayBrand ? normalizedBrand(input.mondialRelayBrand) : null;
      const sealed =
        input.mondialRelayPrivateKey === undefined
          ? (before?.mondialRelayPrivateKeySealed ?? null)
          : input.mondialRelayPrivateKey === null
            ? null
            : deps.secrets.seal(input.mondialRelayPrivateKey);
      if (input.provider === 'MONDIAL_RELAY') {
        if (!brand || !sealed) {
          throw new HttpError(422, MONDIAL_RELAY_CREDENTIALS_MISSING_MESSAGE, [
            {
              key: brand ? 'mondialRelayPrivateKey' : 'mondialRelayBrand',
              error: MONDIAL_RELAY_CREDENTIALS_MISSING_MESSAGE,
            },
          ]);
        }
        // One search tells whether Mondial Relay accepts the brand and its key; only a refusal
        // of the account stops the save (a service that is down now may be up at checkout).
        try {
          await searchMondialRelayPoints(
            { url, credentials: { brand, privateKey: deps.secrets.open(sealed) } },
            {
              countryAlphaTwo: 'FR',
              countryAlphaThree: 'FRA',
              postalCode: CHECK_POSTAL_CODE,
              position: null,
              limit: 1,
            },
          );
        } catch (error) {
          if (error instanceof MondialRelayError && error.accountProblem) {
            throw new HttpError(422, error.message, [
              { key: 'mondialRelayPrivateKey', error: error.message },
            ]);
          }
          deps.log.warn(
            { siteId, reason: error instanceof Error ? error.message : 'unknown' },
            'Mondial Relay could not be asked to check the account; saved anyway',
          );
        }
      }
      const values = {
        provider: input.provider,
        mondialRelayBrand: brand,
        mondialRelayPrivateKeySealed: sealed,
      };
      const after = await deps.repository.save(siteId, values, {
        actor,
        before: journalOf(before),
        after: journalOf({ siteId, updatedAt: new Date(), ...values }),
        summary:
          input.provider === 'MONDIAL_RELAY'
            ? 'Points relais : Mondial Relay'
            : 'Points relais : points de démonstration',
      });
      return settingsView(after, deps.secrets);
    },
  };
}
export type RelaySettingsAdmin = ReturnType<typeof createRelaySettingsAdmin>;

export function registerRelaySettingsRoutes(app: FastifyInstance, admin: RelaySettingsAdmin): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, getRelaySettings, ({ request }) => admin.get(request.site.id));
    registerEndpoint(scope, saveRelaySettings, async ({ request, body }) =>
      admin.save(request.site.id, body, await adminActor(request)),
    );
  });
}

/** The relay settings' sealed private keys, for `npm run secrets:rotate` (decision 0107). */
export const relaySecretStore = siteSealedColumnsStore(
  'relay settings (Mondial Relay private keys)',
  siteRelaySettings,
  ['mondialRelayPrivateKeySealed'],
);
