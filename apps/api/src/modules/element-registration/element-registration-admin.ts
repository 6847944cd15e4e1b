import { and, asc, count, eq, isNotNull, or, sql, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { elementRegistrationsCsvRoute, listElementRegistrations, listRegistrationElements, REGISTRATION_ELEMENT_NOT_FOUND_MESSAGE, type RegistrationElement } from '@comptoir/contract/admin-registrations';
import type { Db } from '../../db/client';
import { elementLists, elementRegistrations, elements } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import { csvDateTime, csvDocument, fileNameSlug, registerCsvRoute } from '../../lib/csv-export';
import { registerAdminScope } from '../user';

/*
 * The back office's reading of registrations to elements (events): reads only, so nothing to
 * journal or refresh. Every query filters on the site id; another site's element is not found.
 */

export function createElementRegistrationAdmin(db: Db) {
  /** Elements with a capacity or with registrations (a capacity removed later keeps its list). */
  async function elementsWithRegistrations(
    siteId: number,
    elementId?: number,
  ): Promise<RegistrationElement[]> {
    const rows = await db
      .select({
        id: elements.id,
        title: elements.title,
        listName: elementLists.name,
        isPublished: elements.isPublished,
        capacity: elements.registrationCapacity,
        seatsTaken: sql<number>`coalesce(${sum(elementRegistrations.seats)}, 0)::int`,
        registrationCount: count(elementRegistrations.id),
      })
      .from(elements)
      .innerJoin(
        elementLists,
        and(eq(elementLists.siteId, elements.siteId), eq(elementLists.id, elements.listId)),
      )
      .leftJoin(
        elementRegistrations,
        and(
          eq(elementRegistrations.siteId, elements.siteId),
          eq(elementRegistrations.elementId, elements.id),
        ),
      )
      .where(
        and(
          eq(elements.siteId, siteId),
          elementId === undefined ? undefined : eq(elements.id, elementId),
        ),
      )
      .groupBy(elements.id, elementLists.name)
      .having(
        or(isNotNull(elements.registrationCapacity), sql`count(${elementRegistrations.id}) > 0`),
      )
      .orderBy(asc(elementLists.name), asc(elements.position), asc(elements.id));
    return rows;
  }

  async function requireElement(siteId: number, elementId: number) {
    const [element] = await elementsWithRegistrations(siteId, elementId);
    if (!element) throw new HttpError(404, REGISTRATION_ELEMENT_NOT_FOUND_MESSAGE);
    return element;
  }

  async function registrationsOf(siteId: number, elementId: number) {
    const rows = await db
      .select()
      .from(elementRegistrations)
      .where(
        and(eq(elementRegistrations.siteId, siteId), eq(elementRegistrations.elementId, elementId)),
      )
      .orderBy(asc(elementRegistrations.createdAt), asc(elementRegistrations.id));
    return rows.map(({ siteId: _site, elementId: _element, createdAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
    }));
  }

  return {
    list: (siteId: number) => elementsWithRegistrations(siteId),

    async registrations(siteId: number, elementId: number) {
      const element = await requireElement(siteId, elementId);
      return { element, registrations: await registrationsOf(siteId, elementId) };
    },

    async csv(siteId: number, elementId: number) {
      const element = await requireElement(siteId, elementId);
      const registrations = await registrationsOf(siteId, elementId);
      return {
        body: csvDocument([
          ['Date', 'Prénom', 'Nom', 'Adresse e-mail', 'Téléphone', 'Places', 'Message'],
          ...registrations.map((registration) => [
            csvDateTime.format(new Date(registration.createdAt)),
            registration.firstname,
            registration.lastname,
            registration.email,
            registration.phone ?? '',
            String(registration.seats),
            registration.message ?? '',
          ]),
        ]),
        filename: `inscriptions-${fileNameSlug(element.title, 'evenement')}.csv`,
      };
    },
  };
}

export function registerElementRegistrationAdminRoutes(
  app: FastifyInstance,
  admin: ElementRegistrationAdmin,
): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, listRegistrationElements, ({ request }) => admin.list(request.site.id));
    registerEndpoint(scope, listElementRegistrations, ({ request, params }) =>
      admin.registrations(request.site.id, params.id),
    );
    registerCsvRoute(scope, elementRegistrationsCsvRoute, (request, { id }) =>
      admin.csv(request.site.id, id),
    );
  });
}

export type ElementRegistrationAdmin = ReturnType<typeof createElementRegistrationAdmin>;
