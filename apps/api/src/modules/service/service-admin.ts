import { and, asc, count, eq, max, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createAdminService, deleteAdminService, listAdminServices, reorderAdminServices, SERVICE_MAX_COUNT, SERVICE_NOT_FOUND_MESSAGE, SERVICE_ORDER_MESSAGE, SERVICE_SLUG_TAKEN_MESSAGE, updateAdminService, type AdminService, type ServiceInput } from '@comptoir/contract/admin-services';
import { slugify } from '@comptoir/domain/slug';
import type { Db } from '../../db/client';
import { services } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import { registerAdminScope } from '../user';
import { adminActor, type AuditActor } from '../audit';
import { recordAudit } from '../audit';
import { isUniqueViolation } from '../../db/unique-violation';

/*
 * The back office's services: every write runs in one transaction with its journal entry, then
 * refreshes the storefront's `services` tag (the services blocks, each service's page and the
 * sitemap all read under it). Every query filters on the site id.
 */

const adminColumns = {
  id: services.id,
  title: services.title,
  slug: services.slug,
  summary: services.summary,
  content: services.content,
  imageUrl: services.imageUrl,
  priceCents: services.priceCents,
  durationMinutes: services.durationMinutes,
  tags: services.tags,
  position: services.position,
  isPublished: services.isPublished,
};

const slugTaken = () =>
  new HttpError(409, SERVICE_SLUG_TAKEN_MESSAGE, [
    { key: 'slug', error: SERVICE_SLUG_TAKEN_MESSAGE },
  ]);

function listAll(db: Db, siteId: number): Promise<AdminService[]> {
  return db
    .select(adminColumns)
    .from(services)
    .where(eq(services.siteId, siteId))
    .orderBy(asc(services.position), asc(services.id));
}

export function createServiceAdmin(db: Db, storefront: StorefrontRevalidation) {
  const ofSite = (siteId: number, id: number) =>
    and(eq(services.siteId, siteId), eq(services.id, id));

  async function findForUpdate(tx: Db, siteId: number, id: number) {
    const [row] = await tx
      .select(adminColumns)
      .from(services)
      .where(ofSite(siteId, id))
      .for('update');
    if (!row) throw new HttpError(404, SERVICE_NOT_FOUND_MESSAGE);
    return row;
  }

  /** The slug asked for, or the title's; refused when another service of the site has it. */
  async function freeSlug(tx: Db, siteId: number, input: ServiceInput, exceptId: number | null) {
    const slug = input.slug ?? slugify(input.title);
    if (slug === '') {
      throw new HttpError(422, INVALID_BODY_MESSAGE, [
        {
          key: 'slug',
          error: 'Donnez une adresse : le titre ne contient aucune lettre utilisable.',
        },
      ]);
    }
    const [other] = await tx
      .select({ id: services.id })
      .from(services)
      .where(
        and(
          eq(services.siteId, siteId),
          eq(services.slug, slug),
          exceptId === null ? undefined : ne(services.id, exceptId),
        ),
      );
    if (other) throw slugTaken();
    return slug;
  }

  /** Runs a write; a slug taken by a concurrent write still answers 409, never 500. */
  async function write<T>(siteId: number, run: (tx: Db) => Promise<T>): Promise<T> {
    try {
      const result = await db.transaction((tx) => run(tx));
      storefront.revalidate(siteId, ['services']);
      return result;
    } catch (error) {
      if (isUniqueViolation(error, 'services_site_slug_key')) throw slugTaken();
      throw error;
    }
  }

  return {
    list: (siteId: number) => listAll(db, siteId),

    create(siteId: number, input: ServiceInput, actor: AuditActor): Promise<AdminService> {
      return write(siteId, async (tx) => {
        const slug = await freeSlug(tx, siteId, input, null);
        const [existing] = await tx
          .select({ lastPosition: max(services.position), total: count() })
          .from(services)
          .where(eq(services.siteId, siteId));
        if ((existing?.total ?? 0) >= SERVICE_MAX_COUNT) {
          throw new HttpError(409, `Le site a déjà ${SERVICE_MAX_COUNT} prestations.`);
        }
        const [created] = await tx
          .insert(services)
          .values({ ...input, slug, siteId, position: (existing?.lastPosition ?? 0) + 1 })
          .returning(adminColumns);
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'create',
          entityType: 'service',
          entityId: created!.id,
          summary: `Prestation « ${created!.title} » ajoutée`,
          before: null,
          after: created,
        });
        return created!;
      });
    },

    update(siteId: number, id: number, input: ServiceInput, actor: AuditActor) {
      return write(siteId, async (tx) => {
        const before = await findForUpdate(tx, siteId, id);
        const slug = await freeSlug(tx, siteId, input, id);
        const [after] = await tx
          .update(services)
          .set({ ...input, slug })
          .where(ofSite(siteId, id))
          .returning(adminColumns);
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'service',
          entityId: id,
          summary: `Prestation « ${after!.title} » modifiée`,
          before,
          after,
        });
        return after!;
      });
    },

    remove(siteId: number, id: number, actor: AuditActor) {
      return write(siteId, async (tx) => {
        const before = await findForUpdate(tx, siteId, id);
        await tx.delete(services).where(ofSite(siteId, id));
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'delete',
          entityType: 'service',
          entityId: id,
          summary: `Prestation « ${before.title} » supprimée`,
          before,
          after: null,
        });
        return { id };
      });
    },

    /** Every service of the site once, in the new order: positions 1, 2, 3… */
    reorder(siteId: number, ids: number[], actor: AuditActor) {
      return write(siteId, async (tx) => {
        const before = await listAll(tx, siteId);
        const current = new Set(before.map((service) => service.id));
        if (ids.length !== current.size || ids.some((id) => !current.has(id))) {
          throw new HttpError(422, INVALID_BODY_MESSAGE, [
            { key: 'ids', error: SERVICE_ORDER_MESSAGE },
          ]);
        }
        for (const [index, id] of ids.entries()) {
          await tx
            .update(services)
            .set({ position: index + 1 })
            .where(ofSite(siteId, id));
        }
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'reorder',
          entityType: 'service',
          entityId: null,
          summary: 'Ordre des prestations modifié',
          before: { ids: before.map((service) => service.id) },
          after: { ids },
        });
        return listAll(tx, siteId);
      });
    },
  };
}

export function registerServiceAdminRoutes(app: FastifyInstance, admin: ServiceAdmin): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, listAdminServices, ({ request }) => admin.list(request.site.id));
    registerEndpoint(scope, createAdminService, async ({ request, body }) =>
      admin.create(request.site.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, reorderAdminServices, async ({ request, body }) =>
      admin.reorder(request.site.id, body.ids, await adminActor(request)),
    );
    registerEndpoint(scope, updateAdminService, async ({ request, params, body }) =>
      admin.update(request.site.id, params.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, deleteAdminService, async ({ request, params }) =>
      admin.remove(request.site.id, params.id, await adminActor(request)),
    );
  });
}

export type ServiceAdmin = ReturnType<typeof createServiceAdmin>;
