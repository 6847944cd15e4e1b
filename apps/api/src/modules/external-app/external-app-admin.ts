import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  getAnalyticsSettings,
  saveAnalyticsSettings,
  type AnalyticsSettings,
} from '@comptoir/contract/admin-integrations';
import {
  ANALYTICS_APPS,
  externalAppPublicConfigSchemas,
  type ExternalApp,
} from '@comptoir/contract/external-app';
import type { Db } from '../../db/client';
import { externalAppConfigs } from '../../db/schema';
import { registerEndpoint } from '../../http/register-endpoint';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import { adminActor, recordAudit, type AuditActor } from '../audit';
import { registerAdminScope } from '../user';

/*
 * The analytics identifiers of the « Intégrations » screen (decision 0108): they are the rows the
 * consent banner already reads (external_app_configs, GET /external-app/{app}/config/public), so
 * a saved identifier is loaded after the visitor's consent on the next page, and an emptied one
 * disconnects its service. Identifiers are public; they are journaled as they are.
 */

type Configs = Partial<Record<ExternalApp, Record<string, string>>>;

/** The screen's flat fields → each service's public configuration (null: not connected). */
function configsOf(
  settings: AnalyticsSettings,
): Record<ExternalApp, Record<string, string> | null> {
  return {
    MATOMO:
      settings.matomoUrl && settings.matomoSiteId
        ? { url: settings.matomoUrl, siteId: settings.matomoSiteId }
        : null,
    GOOGLE_ANALYTICS: settings.googleAnalyticsMeasurementId
      ? { measurementId: settings.googleAnalyticsMeasurementId }
      : null,
    GOOGLE_ADS: settings.googleAdsConversionId
      ? { conversionId: settings.googleAdsConversionId }
      : null,
    PLAUSIBLE: settings.plausibleDomain
      ? {
          domain: settings.plausibleDomain,
          ...(settings.plausibleScriptHost ? { scriptHost: settings.plausibleScriptHost } : {}),
        }
      : null,
    GOOGLE_TAG_MANAGER: settings.googleTagManagerContainerId
      ? { containerId: settings.googleTagManagerContainerId }
      : null,
    FACEBOOK_PIXEL: settings.facebookPixelId ? { pixelId: settings.facebookPixelId } : null,
  };
}

/** Each stored configuration read with its service's public schema; a malformed one is blank. */
function settingsOf(stored: Configs): AnalyticsSettings {
  const read = <A extends ExternalApp>(app: A) => {
    const parsed = externalAppPublicConfigSchemas[app].safeParse(stored[app]);
    return parsed.success ? (parsed.data as Record<string, string | undefined>) : null;
  };
  const matomo = read('MATOMO');
  const plausible = read('PLAUSIBLE');
  return {
    matomoUrl: matomo?.url ?? null,
    matomoSiteId: matomo?.siteId ?? null,
    googleAnalyticsMeasurementId: read('GOOGLE_ANALYTICS')?.measurementId ?? null,
    googleAdsConversionId: read('GOOGLE_ADS')?.conversionId ?? null,
    plausibleDomain: plausible?.domain ?? null,
    plausibleScriptHost: plausible?.scriptHost ?? null,
    googleTagManagerContainerId: read('GOOGLE_TAG_MANAGER')?.containerId ?? null,
    facebookPixelId: read('FACEBOOK_PIXEL')?.pixelId ?? null,
  };
}

export function createAnalyticsSettingsAdmin(db: Db, storefront: StorefrontRevalidation) {
  async function stored(siteId: number, tx: Db = db): Promise<Configs> {
    const rows = await tx
      .select({ app: externalAppConfigs.app, config: externalAppConfigs.publicConfig })
      .from(externalAppConfigs)
      .where(
        and(
          eq(externalAppConfigs.siteId, siteId),
          inArray(externalAppConfigs.app, [...ANALYTICS_APPS]),
        ),
      );
    return Object.fromEntries(rows.map((row) => [row.app, row.config])) as Configs;
  }

  return {
    async get(siteId: number): Promise<AnalyticsSettings> {
      return settingsOf(await stored(siteId));
    },

    async save(
      siteId: number,
      settings: AnalyticsSettings,
      actor: AuditActor,
    ): Promise<AnalyticsSettings> {
      const wanted = configsOf(settings);
      const saved = await db.transaction(async (tx) => {
        const before = settingsOf(await stored(siteId, tx));
        for (const app of ANALYTICS_APPS) {
          const config = wanted[app];
          const where = and(eq(externalAppConfigs.siteId, siteId), eq(externalAppConfigs.app, app));
          if (config === null) {
            await tx.delete(externalAppConfigs).where(where);
          } else {
            await tx
              .insert(externalAppConfigs)
              .values({ siteId, app, publicConfig: config })
              .onConflictDoUpdate({
                target: [externalAppConfigs.siteId, externalAppConfigs.app],
                set: { publicConfig: config },
              });
          }
        }
        const after = settingsOf(await stored(siteId, tx));
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'analytics-settings',
          entityId: null,
          summary: 'Services de mesure d’audience modifiés',
          before,
          after,
        });
        return after;
      });
      // The banner's services and the pages' Content-Security-Policy read these.
      storefront.revalidate(siteId, ['external-apps']);
      return saved;
    },
  };
}
export type AnalyticsSettingsAdmin = ReturnType<typeof createAnalyticsSettingsAdmin>;

export function registerAnalyticsSettingsRoutes(
  app: FastifyInstance,
  admin: AnalyticsSettingsAdmin,
): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, getAnalyticsSettings, ({ request }) => admin.get(request.site.id));
    registerEndpoint(scope, saveAnalyticsSettings, async ({ request, body }) =>
      admin.save(request.site.id, body, await adminActor(request)),
    );
  });
}
