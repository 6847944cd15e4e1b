import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { KNOWN_COMPONENT_CONF_SLUGS, KNOWN_COMPONENT_CONFS, listAdminComponentConfs, updateReviewsConf, updateServicesPageConf, type AdminComponentConfs, type KnownComponentConfSlug } from '@comptoir/contract/admin-component-confs';
import type { Db } from '../../db/client';
import { componentConfs } from '../../db/schema';
import { registerEndpoint } from '../../http/register-endpoint';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import { registerAdminScope } from '../user';
import { adminActor, type AuditActor } from '../audit';
import { recordAudit } from '../audit';

/*
 * The back office's component configurations (decision 0069): each known component's options,
 * read as the storefront reads them (its lenient schema fills in defaults) and replaced whole by
 * the strictly validated form. A write refreshes the storefront's `component-confs` tag, under
 * which it reads every configuration; configurations are not in the API's per-site cache.
 */

export function createComponentConfAdmin(db: Db, storefront: StorefrontRevalidation) {
  return {
    async list(siteId: number): Promise<AdminComponentConfs> {
      const rows = await db
        .select({ slug: componentConfs.slug, config: componentConfs.config })
        .from(componentConfs)
        .where(
          and(
            eq(componentConfs.siteId, siteId),
            inArray(componentConfs.slug, KNOWN_COMPONENT_CONF_SLUGS),
          ),
        );
      const stored = new Map(rows.map((row) => [row.slug, row.config]));
      return {
        'services-page': KNOWN_COMPONENT_CONFS['services-page'].read.parse(
          stored.get('services-page') ?? {},
        ),
        reviews: KNOWN_COMPONENT_CONFS.reviews.read.parse(stored.get('reviews') ?? {}),
      };
    },

    /** Stores the configuration (already checked by the endpoint's strict schema) and audits it. */
    async replace<T extends Record<string, unknown>>(
      siteId: number,
      slug: KnownComponentConfSlug,
      config: T,
      actor: AuditActor,
    ): Promise<T> {
      // Options left blank are left out of the stored JSON, as the storefront expects.
      const cleaned = Object.fromEntries(
        Object.entries(config).filter(([, value]) => value !== undefined),
      ) as T;
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ config: componentConfs.config })
          .from(componentConfs)
          .where(and(eq(componentConfs.siteId, siteId), eq(componentConfs.slug, slug)))
          .for('update');
        await tx
          .insert(componentConfs)
          .values({ siteId, slug, config: cleaned })
          .onConflictDoUpdate({
            target: [componentConfs.siteId, componentConfs.slug],
            set: { config: cleaned },
          });
        await recordAudit(tx, {
          siteId,
          actor,
          action: before ? 'update' : 'create',
          entityType: 'component-conf',
          entityId: slug,
          summary: `Réglages « ${KNOWN_COMPONENT_CONFS[slug].label} » modifiés`,
          before: before ? { slug, config: before.config } : null,
          after: { slug, config: cleaned },
        });
      });
      storefront.revalidate(siteId, ['component-confs']);
      return cleaned;
    },
  };
}

export function registerComponentConfAdminRoutes(
  app: FastifyInstance,
  admin: ComponentConfAdmin,
): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, listAdminComponentConfs, ({ request }) => admin.list(request.site.id));
    registerEndpoint(scope, updateServicesPageConf, async ({ request, body }) =>
      admin.replace(request.site.id, 'services-page', body, await adminActor(request)),
    );
    registerEndpoint(scope, updateReviewsConf, async ({ request, body }) =>
      admin.replace(request.site.id, 'reviews', body, await adminActor(request)),
    );
  });
}

export type ComponentConfAdmin = ReturnType<typeof createComponentConfAdmin>;
