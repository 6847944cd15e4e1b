import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createAdminNewsletterList, deleteAdminNewsletterList, listAdminNewsletterLists, listAdminNewsletterSubscribers, NEWSLETTER_LIST_NAME_TAKEN_MESSAGE, NEWSLETTER_LIST_NOT_FOUND_MESSAGE, NEWSLETTER_SUBSCRIBER_NOT_FOUND_MESSAGE, NEWSLETTER_SUBSCRIBERS_PAGE_SIZE, newsletterSubscribersCsvRoute, unsubscribeAdminNewsletterSubscriber, updateAdminNewsletterList, type AdminNewsletterList, type NewsletterListInput } from '@comptoir/contract/admin-newsletter';
import type { Db } from '../../db/client';
import { newsletterLists, newsletterSubscriptions } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import { csvDateTime, csvDocument, fileNameSlug, registerCsvRoute } from '../../lib/csv-export';
import { registerAdminScope } from '../user';
import { adminActor, type AuditActor } from '../audit';
import { recordAudit } from '../audit';
import { isUniqueViolation } from '../../db/unique-violation';

/*
 * The back office's mailing lists and their subscribers. The storefront reads the lists only in
 * the visitor's browser (account and subscription form), never cached: no tag to refresh. Every
 * write runs in one transaction with its journal entry; every query filters on the site id.
 */

type ListRow = typeof newsletterLists.$inferSelect;

const nameTaken = () =>
  new HttpError(409, NEWSLETTER_LIST_NAME_TAKEN_MESSAGE, [
    { key: 'name', error: NEWSLETTER_LIST_NAME_TAKEN_MESSAGE },
  ]);

/** `%`, `_` and `\` typed in the search box are looked for as such, not as patterns. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function createNewsletterAdmin(db: Db) {
  const listOfSite = (siteId: number, id: number) =>
    and(eq(newsletterLists.siteId, siteId), eq(newsletterLists.id, id));
  const subscriptionsOf = (siteId: number, listId: number) =>
    and(eq(newsletterSubscriptions.siteId, siteId), eq(newsletterSubscriptions.listId, listId));

  async function withCount(queries: Db, row: ListRow): Promise<AdminNewsletterList> {
    const subscriberCount = await queries.$count(
      newsletterSubscriptions,
      subscriptionsOf(row.siteId, row.id),
    );
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      subscriberCount,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function requireList(queries: Db, siteId: number, id: number, lock = false) {
    const query = queries.select().from(newsletterLists).where(listOfSite(siteId, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new HttpError(404, NEWSLETTER_LIST_NOT_FOUND_MESSAGE);
    return row;
  }

  /** A name another list of the site has answers 409, even when two writes race. */
  async function writeList<T>(run: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction((tx) => run(tx));
    } catch (error) {
      if (isUniqueViolation(error, 'newsletter_lists_site_name_key')) throw nameTaken();
      throw error;
    }
  }

  return {
    async lists(siteId: number): Promise<AdminNewsletterList[]> {
      const rows = await db
        .select({
          id: newsletterLists.id,
          name: newsletterLists.name,
          description: newsletterLists.description,
          createdAt: newsletterLists.createdAt,
          subscriberCount: count(newsletterSubscriptions.id),
        })
        .from(newsletterLists)
        .leftJoin(
          newsletterSubscriptions,
          and(
            eq(newsletterSubscriptions.siteId, newsletterLists.siteId),
            eq(newsletterSubscriptions.listId, newsletterLists.id),
          ),
        )
        .where(eq(newsletterLists.siteId, siteId))
        .groupBy(newsletterLists.id)
        .orderBy(asc(newsletterLists.id));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    create(siteId: number, input: NewsletterListInput, actor: AuditActor) {
      return writeList(async (tx) => {
        const [created] = await tx
          .insert(newsletterLists)
          .values({ siteId, name: input.name, description: input.description })
          .returning();
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'create',
          entityType: 'newsletter-list',
          entityId: created!.id,
          summary: `Liste de diffusion « ${created!.name} » créée`,
          before: null,
          after: { name: created!.name, description: created!.description },
        });
        return withCount(tx, created!);
      });
    },

    update(siteId: number, id: number, input: NewsletterListInput, actor: AuditActor) {
      return writeList(async (tx) => {
        const before = await requireList(tx, siteId, id, true);
        const [after] = await tx
          .update(newsletterLists)
          .set({ name: input.name, description: input.description })
          .where(listOfSite(siteId, id))
          .returning();
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'newsletter-list',
          entityId: id,
          summary: `Liste de diffusion « ${after!.name} » modifiée`,
          before: { name: before.name, description: before.description },
          after: { name: after!.name, description: after!.description },
        });
        return withCount(tx, after!);
      });
    },

    /** The list's subscriptions go with it (the foreign key cascades). */
    remove(siteId: number, id: number, actor: AuditActor) {
      return writeList(async (tx) => {
        const before = await withCount(tx, await requireList(tx, siteId, id, true));
        await tx.delete(newsletterLists).where(listOfSite(siteId, id));
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'delete',
          entityType: 'newsletter-list',
          entityId: id,
          summary: `Liste de diffusion « ${before.name} » supprimée (${before.subscriberCount} inscrit${before.subscriberCount > 1 ? 's' : ''})`,
          before: {
            name: before.name,
            description: before.description,
            subscriberCount: before.subscriberCount,
          },
          after: null,
        });
        return { id };
      });
    },

    async subscribers(
      siteId: number,
      listId: number,
      query: { page?: number; nbItem?: number; search?: string },
    ) {
      const newsletterList = await withCount(db, await requireList(db, siteId, listId));
      const search = query.search?.trim();
      const where = and(
        subscriptionsOf(siteId, listId),
        search ? ilike(newsletterSubscriptions.email, containsPattern(search)) : undefined,
      );
      const limit = query.nbItem ?? NEWSLETTER_SUBSCRIBERS_PAGE_SIZE;
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(newsletterSubscriptions)
          .where(where)
          .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
          .limit(limit)
          .offset(((query.page ?? 1) - 1) * limit),
        db.$count(newsletterSubscriptions, where),
      ]);
      return {
        newsletterList,
        total,
        list: rows.map((row) => ({
          id: row.id,
          email: row.email,
          hasAccount: row.userId !== null,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    unsubscribe(siteId: number, listId: number, subscriptionId: number, actor: AuditActor) {
      return db.transaction(async (tx) => {
        const list = await requireList(tx, siteId, listId);
        const [removed] = await tx
          .delete(newsletterSubscriptions)
          .where(
            and(subscriptionsOf(siteId, listId), eq(newsletterSubscriptions.id, subscriptionId)),
          )
          .returning();
        if (!removed) throw new HttpError(404, NEWSLETTER_SUBSCRIBER_NOT_FOUND_MESSAGE);
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'unsubscribe',
          entityType: 'newsletter-list',
          entityId: listId,
          summary: `${removed.email} désinscrit de la liste « ${list.name} »`,
          before: { email: removed.email, subscribedAt: removed.createdAt },
          after: null,
        });
        return { id: subscriptionId };
      });
    },

    /** Every subscriber of the list, oldest first: address, whether it has an account, date. */
    async csv(siteId: number, listId: number) {
      const list = await requireList(db, siteId, listId);
      const rows = await db
        .select()
        .from(newsletterSubscriptions)
        .where(subscriptionsOf(siteId, listId))
        .orderBy(asc(newsletterSubscriptions.createdAt), asc(newsletterSubscriptions.id));
      return {
        body: csvDocument([
          ['Adresse e-mail', 'Compte client', "Date d'inscription"],
          ...rows.map((row) => [
            row.email,
            row.userId === null ? 'non' : 'oui',
            csvDateTime.format(row.createdAt),
          ]),
        ]),
        filename: `inscrits-${fileNameSlug(list.name, 'liste')}.csv`,
      };
    },
  };
}

export function registerNewsletterAdminRoutes(app: FastifyInstance, admin: NewsletterAdmin): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, listAdminNewsletterLists, ({ request }) =>
      admin.lists(request.site.id),
    );
    registerEndpoint(scope, createAdminNewsletterList, async ({ request, body }) =>
      admin.create(request.site.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, updateAdminNewsletterList, async ({ request, params, body }) =>
      admin.update(request.site.id, params.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, deleteAdminNewsletterList, async ({ request, params }) =>
      admin.remove(request.site.id, params.id, await adminActor(request)),
    );
    registerEndpoint(scope, listAdminNewsletterSubscribers, ({ request, params, query }) =>
      admin.subscribers(request.site.id, params.id, query),
    );
    registerEndpoint(scope, unsubscribeAdminNewsletterSubscriber, async ({ request, params }) =>
      admin.unsubscribe(request.site.id, params.id, params.subscriberId, await adminActor(request)),
    );
    registerCsvRoute(scope, newsletterSubscribersCsvRoute, (request, { id }) =>
      admin.csv(request.site.id, id),
    );
  });
}

export type NewsletterAdmin = ReturnType<typeof createNewsletterAdmin>;
