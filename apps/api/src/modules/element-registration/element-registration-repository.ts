import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { elementLists, elementRegistrations, elements } from '../../db/schema';

export interface RegisteredElement {
  id: number;
  title: string;
  registrationCapacity: number | null;
}

export interface NewRegistration {
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  seats: number;
  message: string | null;
}

export type RegistrationOutcome =
  | { kind: 'not-found' }
  | { kind: 'closed' }
  | { kind: 'already-registered' }
  | { kind: 'not-enough-seats'; remaining: number }
  | { kind: 'registered'; element: RegisteredElement; capacity: number; remaining: number };

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

export function createElementRegistrationRepository(db: Db) {
  /** The published element `id` of the list `route` of this site, with its capacity. */
  function publishedElement(executor: Db, siteId: number, route: string, id: number) {
    return executor
      .select({
        id: elements.id,
        title: elements.title,
        registrationCapacity: elements.registrationCapacity,
      })
      .from(elements)
      .innerJoin(
        elementLists,
        and(eq(elementLists.siteId, elements.siteId), eq(elementLists.id, elements.listId)),
      )
      .where(
        and(
          eq(elements.siteId, siteId),
          eq(elements.id, id),
          eq(elements.isPublished, true),
          eq(elementLists.route, route),
        ),
      );
  }

  function seatsTaken(executor: Db, siteId: number, elementId: number) {
    return executor
      .select({ taken: sql<number>`coalesce(sum(${elementRegistrations.seats}), 0)::int` })
      .from(elementRegistrations)
      .where(
        and(eq(elementRegistrations.siteId, siteId), eq(elementRegistrations.elementId, elementId)),
      );
  }

  return {
    async findAvailability(
      siteId: number,
      route: string,
      id: number,
    ): Promise<{ element: RegisteredElement | undefined; taken: number }> {
      const [element] = await publishedElement(db, siteId, route, id);
      if (!element) return { element, taken: 0 };
      const [counted] = await seatsTaken(db, siteId, element.id);
      return { element, taken: counted?.taken ?? 0 };
    },

    /**
     * Checks and takes the seats in one transaction that first locks the element's row
     * (SELECT … FOR UPDATE): concurrent registrations to one element run one after the other, so
     * the seats taken can never pass the capacity, and two requests for the last seat cannot
     * both win. The unique index on (site, element, email) backs the one-registration-per-address
     * rule.
     */
    async register(
      siteId: number,
      route: string,
      id: number,
      registration: NewRegistration,
    ): Promise<RegistrationOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const [element] = await publishedElement(tx, siteId, route, id).for('update', {
            of: elements,
          });
          if (!element) return { kind: 'not-found' };
          const capacity = element.registrationCapacity;
          if (capacity === null) return { kind: 'closed' };
          const [existing] = await tx
            .select({ id: elementRegistrations.id })
            .from(elementRegistrations)
            .where(
              and(
                eq(elementRegistrations.siteId, siteId),
                eq(elementRegistrations.elementId, element.id),
                eq(elementRegistrations.email, registration.email),
              ),
            );
          if (existing) return { kind: 'already-registered' };
          const [counted] = await seatsTaken(tx, siteId, element.id);
          const remaining = Math.max(0, capacity - (counted?.taken ?? 0));
          if (registration.seats > remaining) return { kind: 'not-enough-seats', remaining };
          await tx
            .insert(elementRegistrations)
            .values({ siteId, elementId: element.id, ...registration });
          return {
            kind: 'registered',
            element,
            capacity,
            remaining: remaining - registration.seats,
          };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'already-registered' };
        throw error;
      }
    },
  };
}

export type ElementRegistrationRepository = ReturnType<typeof createElementRegistrationRepository>;
