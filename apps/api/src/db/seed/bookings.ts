import { and, eq, inArray } from 'drizzle-orm';
import { slugify } from '@comptoir/domain/slug';
import type { Db } from '../client';
import {
  bookableServiceResources,
  bookableServices,
  bookingResources,
  services,
  type StoredWeeklyRange,
} from '../schema';
import type { SiteSeed } from './types';

/*
 * The sample sites' reservations (issue 29, docs/requirements/reservations.md): site 91's salon
 * books haircuts, colours and image consulting with its two stylists; site 92's domaine books the
 * Saturday visit and tasting (12 seats) and a private tasting with a deposit. Written into a
 * sample site that has no booking resource yet (like the catalogues), so that an existing
 * database gets them once and an owner's changes are never overwritten.
 */

interface ResourceSeed {
  key: string;
  name: string;
  kind: 'person' | 'place';
  capacity: number;
  weeklyHours: StoredWeeklyRange[];
}

interface BookableSeed {
  name: string;
  description: string;
  durationMinutes: number;
  bufferAfterMinutes: number;
  priceCents: number;
  pricePerPerson: boolean;
  payment: 'none' | 'deposit' | 'full';
  depositCents: number;
  maxPartySize: number;
  cancellationDeadlineHours: number;
  minNoticeMinutes: number;
  stepMinutes: number;
  visitorChoosesPerson: boolean;
  resources: string[];
  /** The title of the service page that offers to book it (services-reviews.ts), if any. */
  servicePage: string | null;
}

const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const days = (weekdays: number[], ...ranges: [number, number][]) =>
  weekdays.flatMap((weekday) =>
    ranges.map(([startMinute, endMinute]) => ({ weekday, startMinute, endMinute })),
  );

const bookingSeeds: Record<number, { resources: ResourceSeed[]; services: BookableSeed[] }> = {
  91: {
    resources: [
      {
        key: 'clemence',
        name: 'Clémence',
        kind: 'person',
        capacity: 1,
        // The salon's hours (site-91.ts), Tuesday to Saturday.
        weeklyHours: [
          ...days([2, 4], [h(9), h(18)]),
          ...days([3], [h(9), h(12)], [h(14), h(18)]),
          ...days([5], [h(9), h(19)]),
          ...days([6], [h(8, 30), h(16)]),
        ],
      },
      {
        key: 'lea',
        name: 'Léa',
        kind: 'person',
        capacity: 1,
        weeklyHours: [...days([2, 3, 4, 5], [h(10), h(18)]), ...days([6], [h(8, 30), h(16)])],
      },
    ],
    services: [
      {
        name: 'Coupe femme',
        description:
          'Shampoing, coupe adaptée à votre visage et brushing. Dites-nous en réservant si vous souhaitez changer de longueur.',
        durationMinutes: 45,
        bufferAfterMinutes: 15,
        priceCents: 4200,
        pricePerPerson: false,
        payment: 'none',
        depositCents: 0,
        maxPartySize: 1,
        cancellationDeadlineHours: 24,
        minNoticeMinutes: 120,
        stepMinutes: 15,
        visitorChoosesPerson: true,
        resources: ['clemence', 'lea'],
        servicePage: 'Coupe et conseil visagisme',
      },
      {
        name: 'Coloration',
        description:
          'Coloration d’origine végétale, racines ou longueurs, avec un diagnostic de votre teinte avant la pose.',
        durationMinutes: 90,
        bufferAfterMinutes: 15,
        priceCents: 6500,
        pricePerPerson: false,
        payment: 'none',
        depositCents: 0,
        maxPartySize: 1,
        cancellationDeadlineHours: 24,
        minNoticeMinutes: 120,
        stepMinutes: 15,
        visitorChoosesPerson: true,
        resources: ['clemence', 'lea'],
        servicePage: null,
      },
      {
        name: 'Bilan conseil en image',
        description:
          'Deux heures avec Clémence pour faire le point sur vos couleurs, votre silhouette et votre style, avec un compte rendu écrit.',
        durationMinutes: 120,
        bufferAfterMinutes: 30,
        priceCents: 15000,
        pricePerPerson: false,
        payment: 'none',
        depositCents: 0,
        maxPartySize: 1,
        cancellationDeadlineHours: 48,
        minNoticeMinutes: 1440,
        stepMinutes: 30,
        visitorChoosesPerson: false,
        resources: ['clemence'],
        servicePage: 'Analyse de colorimétrie',
      },
    ],
  },
  92: {
    resources: [
      {
        key: 'caveau',
        name: 'Caveau de dégustation',
        kind: 'place',
        capacity: 12,
        // Saturdays: a morning and an afternoon visit.
        weeklyHours: days([6], [h(10), h(11, 30)], [h(15), h(16, 30)]),
      },
      {
        key: 'vigneron',
        name: 'Antoine, vigneron',
        kind: 'person',
        capacity: 1,
        weeklyHours: days([2, 3, 4, 5], [h(10), h(12, 30)], [h(14), h(18, 30)]),
      },
    ],
    services: [
      {
        name: 'Visite et dégustation',
        description:
          'Une heure et demie au domaine : les vignes, le chai, puis la dégustation de cinq vins au caveau. Le samedi, en groupe de 12 au plus.',
        durationMinutes: 90,
        bufferAfterMinutes: 0,
        priceCents: 1500,
        pricePerPerson: true,
        payment: 'none',
        depositCents: 0,
        maxPartySize: 12,
        cancellationDeadlineHours: 48,
        minNoticeMinutes: 1440,
        stepMinutes: 90,
        visitorChoosesPerson: false,
        resources: ['caveau'],
        servicePage: null,
      },
      {
        name: 'Dégustation privée',
        description:
          'Deux heures avec Antoine pour vous seuls (6 personnes au plus) : verticale de nos cuvées et accords mets-vins. Un acompte de 50 € confirme la réservation.',
        durationMinutes: 120,
        bufferAfterMinutes: 30,
        priceCents: 18000,
        pricePerPerson: false,
        payment: 'deposit',
        depositCents: 5000,
        maxPartySize: 6,
        cancellationDeadlineHours: 72,
        minNoticeMinutes: 2880,
        stepMinutes: 30,
        visitorChoosesPerson: false,
        resources: ['vigneron'],
        servicePage: null,
      },
    ],
  },
};

export async function insertBookings(db: Db, seeds: readonly SiteSeed[]): Promise<number> {
  let inserted = 0;
  for (const seed of seeds) {
    const siteId = seed.site.id;
    const plan = bookingSeeds[siteId];
    if (!plan) continue;
    const existing = await db
      .select({ id: bookingResources.id })
      .from(bookingResources)
      .where(eq(bookingResources.siteId, siteId))
      .limit(1);
    if (existing.length > 0) continue;

    const resourceIds = new Map<string, number>();
    for (const resource of plan.resources) {
      const [row] = await db
        .insert(bookingResources)
        .values({
          siteId,
          name: resource.name,
          kind: resource.kind,
          capacity: resource.capacity,
          weeklyHours: resource.weeklyHours,
          exceptions: [],
          closedOnPublicHolidays: true,
        })
        .returning({ id: bookingResources.id });
      resourceIds.set(resource.key, row!.id);
      inserted += 1;
    }
    const pageSlugs = plan.services.flatMap((service) =>
      service.servicePage ? [slugify(service.servicePage)] : [],
    );
    const pages =
      pageSlugs.length === 0
        ? []
        : await db
            .select({ id: services.id, slug: services.slug })
            .from(services)
            .where(and(eq(services.siteId, siteId), inArray(services.slug, pageSlugs)));
    for (const [index, service] of plan.services.entries()) {
      const { resources, servicePage, ...values } = service;
      const [row] = await db
        .insert(bookableServices)
        .values({
          siteId,
          ...values,
          serviceId: servicePage
            ? (pages.find((page) => page.slug === slugify(servicePage))?.id ?? null)
            : null,
          position: index + 1,
        })
        .returning({ id: bookableServices.id });
      await db.insert(bookableServiceResources).values(
        resources.map((key) => ({
          siteId,
          bookableServiceId: row!.id,
          resourceId: resourceIds.get(key)!,
        })),
      );
      inserted += 1;
    }
  }
  return inserted;
}
