import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { PlatformHost } from '@comptoir/contract/admin-platform';
import type { Db } from '../../db/client';
import { platformSettings, sites } from '../../db/schema';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import { recordAudit, type AuditActor } from '../audit';

/*
 * The platform's own settings (decision 0110), one row: the host every site's legal notice names
 * (LCEN art. 6), and the key of the consent log's address hashes when CONSENT_LOG_SECRET is unset.
 */

const SETTINGS_ROW = 1;

export function createPlatformSettings(deps: { db: Db; storefront: StorefrontRevalidation }) {
  const { db, storefront } = deps;

  async function row() {
    const [found] = await db
      .select()
      .from(platformSettings)
      .where(eq(platformSettings.id, SETTINGS_ROW));
    return found ?? null;
  }

  return {
    async host(): Promise<PlatformHost> {
      const found = await row();
      return {
        name: found?.hostName ?? null,
        address: found?.hostAddress ?? null,
        phone: found?.hostPhone ?? null,
      };
    },

    /**
     * Sets the host, journaled on the administrator's site, and has every site's storefront
     * drop its legal notice (the host is read with the site's info group).
     */
    async updateHost(host: PlatformHost, actor: AuditActor, actorSiteId: number) {
      const before = await this.host();
      await db.transaction(async (tx) => {
        await tx
          .insert(platformSettings)
          .values({
            id: SETTINGS_ROW,
            hostName: host.name,
            hostAddress: host.address,
            hostPhone: host.phone,
          })
          .onConflictDoUpdate({
            target: platformSettings.id,
            set: {
              hostName: host.name,
              hostAddress: host.address,
              hostPhone: host.phone,
              updatedAt: new Date(),
            },
          });
        await recordAudit(tx, {
          siteId: actorSiteId,
          actor,
          action: 'update',
          entityType: 'platform-host',
          entityId: null,
          summary: 'Hébergeur des mentions légales modifié',
          before,
          after: host,
        });
      });
      const all = await db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id));
      for (const site of all) storefront.revalidate(site.id, ['info']);
      return this.host();
    },

    /**
     * The key of the consent log's hashes when the environment gives none: 32 random bytes made
     * at first use and kept, so that one address keeps one hash across restarts.
     */
    async consentHashKey(): Promise<string> {
      const found = await row();
      if (found?.consentHashKey) return found.consentHashKey;
      const key = randomBytes(32).toString('hex');
      await db.insert(platformSettings).values({ id: SETTINGS_ROW }).onConflictDoNothing();
      await db
        .update(platformSettings)
        .set({ consentHashKey: key })
        .where(and(eq(platformSettings.id, SETTINGS_ROW), isNull(platformSettings.consentHashKey)));
      const kept = await row();
      return kept?.consentHashKey ?? key;
    },
  };
}

export type PlatformSettings = ReturnType<typeof createPlatformSettings>;
