import { and, eq } from 'drizzle-orm';
import type { ExternalApp, PRODUCT_FILE_GENERATOR } from '@comptoir/contract/external-app';
import type { Db } from '../../db/client';
import { externalAppConfigs } from '../../db/schema';

export function createExternalAppRepository(db: Db) {
  return {
    /** The stored configuration of a service on this site, as saved (public keys and others). */
    async findConfig(
      siteId: number,
      app: ExternalApp | typeof PRODUCT_FILE_GENERATOR,
    ): Promise<Record<string, unknown> | undefined> {
      const [row] = await db
        .select({ publicConfig: externalAppConfigs.publicConfig })
        .from(externalAppConfigs)
        .where(and(eq(externalAppConfigs.siteId, siteId), eq(externalAppConfigs.app, app)));
      return row?.publicConfig;
    },
  };
}

export type ExternalAppRepository = ReturnType<typeof createExternalAppRepository>;
