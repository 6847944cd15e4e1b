import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  fetchGoogleReviewsNow,
  getGoogleReviewsSettings,
  GOOGLE_REVIEWS_NOT_CONFIGURED_MESSAGE,
  maskSecret,
  saveGoogleReviewsSettings,
  type GoogleReviewsSettings,
} from '@comptoir/contract/admin-integrations';
import type { Db } from '../../db/client';
import { siteReviewSettings } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import type { SecretBox } from '../../lib/secret-box';
import { siteSealedColumnsStore } from '../../lib/secret-rotation';
import { adminActor, recordAudit, type AuditActor } from '../audit';
import { registerAdminScope } from '../user';
import type { FetchOutcome, PlaceSource, ReviewRefresher } from './review-refresh';

/*
 * A site's Google Places connection, entered by its owner (decision 0108): the key sealed with
 * the platform's secret box, the place id, and how the last fetch went. The key is opened only to
 * call Google; answers show it masked and the journal says only whether one is kept.
 */

type SettingsRow = typeof siteReviewSettings.$inferSelect;

export function createReviewSettingsRepository(db: Db) {
  return {
    async find(siteId: number): Promise<SettingsRow | null> {
      const [row] = await db
        .select()
        .from(siteReviewSettings)
        .where(eq(siteReviewSettings.siteId, siteId));
      return row ?? null;
    },

    /** The sites with both a key and a place. */
    async configured(): Promise<SettingsRow[]> {
      return db
        .select()
        .from(siteReviewSettings)
        .where(
          and(
            isNotNull(siteReviewSettings.googlePlacesKeySealed),
            isNotNull(siteReviewSettings.googlePlaceId),
          ),
        );
    },

    async save(
      siteId: number,
      values: Pick<SettingsRow, 'googlePlacesKeySealed' | 'googlePlaceId'>,
      journal: { actor: AuditActor; before: unknown; after: unknown },
    ): Promise<SettingsRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(siteReviewSettings)
          .values({ siteId, ...values })
          .onConflictDoUpdate({
            target: siteReviewSettings.siteId,
            set: { ...values, updatedAt: sql`now()` },
          })
          .returning();
        await recordAudit(tx, {
          siteId,
          actor: journal.actor,
          action: 'update',
          entityType: 'google-reviews-settings',
          entityId: null,
          summary: 'Connexion Google des avis modifiée',
          before: journal.before,
          after: journal.after,
        });
        return row!;
      });
    },

    async recordFetch(siteId: number, outcome: FetchOutcome): Promise<void> {
      const values = {
        lastFetchAt: outcome.at,
        lastFetchStatus: outcome.status,
        lastFetchMessage: outcome.message,
      };
      await db
        .insert(siteReviewSettings)
        .values({ siteId, ...values })
        .onConflictDoUpdate({ target: siteReviewSettings.siteId, set: values });
    },
  };
}
export type ReviewSettingsRepository = ReturnType<typeof createReviewSettingsRepository>;

/** The back office's places, as the refresh job reads them; a key that cannot be opened is skipped. */
export function placeSourcesOf(
  repository: ReviewSettingsRepository,
  secrets: SecretBox,
  log: FastifyBaseLogger,
) {
  return {
    async list(): Promise<PlaceSource[]> {
      const sources: PlaceSource[] = [];
      for (const row of await repository.configured()) {
        try {
          sources.push({
            siteId: row.siteId,
            apiKey: secrets.open(row.googlePlacesKeySealed!),
            placeId: row.googlePlaceId!,
          });
        } catch {
          log.warn(
            { siteId: row.siteId },
            'A Google key sealed under another SECRETS_KEY: skipped',
          );
        }
      }
      return sources;
    },
    recordFetch: (siteId: number, outcome: FetchOutcome) => repository.recordFetch(siteId, outcome),
  };
}

function settingsView(row: SettingsRow | null, secrets: SecretBox): GoogleReviewsSettings {
  let apiKey = maskSecret(null);
  if (row?.googlePlacesKeySealed) {
    try {
      apiKey = maskSecret(secrets.open(row.googlePlacesKeySealed));
    } catch {
      apiKey = { set: true, masked: '••••' };
    }
  }
  return {
    apiKey,
    placeId: row?.googlePlaceId ?? null,
    lastFetch:
      row?.lastFetchAt && row.lastFetchStatus
        ? {
            at: row.lastFetchAt.toISOString(),
            status: row.lastFetchStatus === 'OK' ? 'OK' : 'FAILED',
            message: row.lastFetchMessage ?? '',
          }
        : null,
  };
}

const journalOf = (row: Pick<SettingsRow, 'googlePlacesKeySealed' | 'googlePlaceId'> | null) => ({
  googlePlaceId: row?.googlePlaceId ?? null,
  googlePlacesKeyKept: Boolean(row?.googlePlacesKeySealed),
});

export function createReviewSettingsAdmin(deps: {
  repository: ReviewSettingsRepository;
  secrets: SecretBox;
  refresher: () => ReviewRefresher;
}) {
  const { repository, secrets } = deps;
  return {
    async get(siteId: number): Promise<GoogleReviewsSettings> {
      return settingsView(await repository.find(siteId), secrets);
    },

    async save(
      siteId: number,
      input: { apiKey?: string | null | undefined; placeId: string | null },
      actor: AuditActor,
    ): Promise<GoogleReviewsSettings> {
      const before = await repository.find(siteId);
      const values = {
        googlePlacesKeySealed:
          input.apiKey === undefined
            ? (before?.googlePlacesKeySealed ?? null)
            : input.apiKey === null
              ? null
              : secrets.seal(input.apiKey),
        googlePlaceId: input.placeId,
      };
      const after = await repository.save(siteId, values, {
        actor,
        before: journalOf(before),
        after: journalOf(values),
      });
      return settingsView(after, secrets);
    },

    async fetchNow(siteId: number): Promise<GoogleReviewsSettings> {
      const row = await repository.find(siteId);
      if (!row?.googlePlacesKeySealed || !row.googlePlaceId) {
        throw new HttpError(409, GOOGLE_REVIEWS_NOT_CONFIGURED_MESSAGE);
      }
      await deps.refresher().refreshSite(siteId);
      return settingsView(await repository.find(siteId), secrets);
    },
  };
}
export type ReviewSettingsAdmin = ReturnType<typeof createReviewSettingsAdmin>;

export function registerReviewSettingsRoutes(
  app: FastifyInstance,
  admin: ReviewSettingsAdmin,
): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, getGoogleReviewsSettings, ({ request }) => admin.get(request.site.id));
    registerEndpoint(scope, saveGoogleReviewsSettings, async ({ request, body }) =>
      admin.save(request.site.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, fetchGoogleReviewsNow, ({ request }) =>
      admin.fetchNow(request.site.id),
    );
  });
}

/** The review settings' sealed Google Places keys, for `npm run secrets:rotate` (decision 0107). */
export const reviewSecretStore = siteSealedColumnsStore(
  'review settings (Google Places keys)',
  siteReviewSettings,
  ['googlePlacesKeySealed'],
);
