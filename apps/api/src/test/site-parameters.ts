import { and, eq } from 'drizzle-orm';
import { siteParameters } from '../db/schema';
import type { TestApp } from './test-app';

/**
 * Sets a site's parameter as the back office would leave it (the row is added when the site has
 * none), then drops the site's cached parameters so that the next request reads the new value.
 */
export async function setSiteParameter(
  testApp: TestApp,
  siteId: number,
  type: string,
  value: string | null,
  kind: 'STRING' | 'NUMBER' | 'BOOLEAN' = 'STRING',
): Promise<void> {
  const db = testApp.database.db;
  const updated = await db
    .update(siteParameters)
    .set({ value })
    .where(and(eq(siteParameters.siteId, siteId), eq(siteParameters.type, type)))
    .returning({ id: siteParameters.id });
  if (updated.length === 0)
    await db.insert(siteParameters).values({ siteId, type, kind, label: type, value });
  testApp.app.siteCache.invalidateSite(siteId);
}
