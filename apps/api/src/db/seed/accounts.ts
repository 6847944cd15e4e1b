import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { newsletterLists, users } from '../schema';

interface NewsletterListSeed {
  name: string;
  description: string;
}

/** Two lists per demo site, in the voice of each business. */
export const newsletterListSeeds: Readonly<Record<number, readonly NewsletterListSeed[]>> = {
  91: [
    {
      name: 'Actualités du salon',
      description:
        'Nouvelles prestations, horaires des fêtes et ateliers conseil en image : les nouvelles du salon, une fois par mois.',
    },
    {
      name: 'Conseils beauté',
      description:
        'Soins du cheveu au fil des saisons, couleurs qui vous mettent en valeur et idées de coiffures, par Clémence.',
    },
  ],
  92: [
    {
      name: 'Nouvelles du domaine',
      description:
        'Vendanges, mises en bouteille, portes ouvertes et dégustations au domaine : la vie des trois coteaux.',
    },
    {
      name: 'Offres et nouveaux millésimes',
      description:
        'Les nouveaux millésimes dès leur sortie et les offres réservées aux abonnés, quelques fois par an.',
    },
  ],
};

/** The demo administrators, created only when DEMO_ADMIN_PASSWORD is set. */
export const demoAdmins: Readonly<
  Record<number, { email: string; firstname: string; lastname: string }>
> = {
  91: { email: 'admin@atelier-clemence.fr', firstname: 'Clémence', lastname: 'Garnier' },
  92: { email: 'admin@domaine-trois-coteaux.fr', firstname: 'Antoine', lastname: 'Mercier' },
};

/**
 * The demo platform administrator (SUPER_ADMIN, on site 91, whose back office shows the
 * « Plateforme » screen), created with the demo administrators when no SUPER_ADMIN exists yet.
 */
export const demoSuperAdmin = {
  siteId: 91,
  email: 'plateforme@atelier-clemence.fr',
  firstname: 'Paul',
  lastname: 'Plateforme',
} as const;

/**
 * Newsletter lists go to a sample site that has none, so that databases created before lists
 * existed get them too; a site whose administrator keeps at least one list is left alone.
 * Demo administrators are added when their address has no account; an existing account, and
 * its password, are never touched.
 */
export async function seedAccounts(
  db: Db,
  siteIds: readonly number[],
  demoAdminPasswordHash: string | null,
): Promise<number> {
  let inserted = 0;
  const sitesWithLists = new Set(
    (
      await db
        .selectDistinct({ siteId: newsletterLists.siteId })
        .from(newsletterLists)
        .where(inArray(newsletterLists.siteId, [...siteIds]))
    ).map((row) => row.siteId),
  );
  const listRows = siteIds
    .filter((siteId) => !sitesWithLists.has(siteId))
    .flatMap((siteId) => (newsletterListSeeds[siteId] ?? []).map((list) => ({ siteId, ...list })));
  if (listRows.length > 0) {
    inserted += (
      await db
        .insert(newsletterLists)
        .values(listRows)
        .onConflictDoNothing({ target: [newsletterLists.siteId, newsletterLists.name] })
        .returning({ id: newsletterLists.id })
    ).length;
  }

  if (demoAdminPasswordHash) {
    const adminRows: (typeof users.$inferInsert)[] = siteIds.flatMap((siteId) => {
      const admin = demoAdmins[siteId];
      return admin
        ? [{ siteId, ...admin, passwordHash: demoAdminPasswordHash, role: 'ADMIN' as const }]
        : [];
    });
    const [superAdmin] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'SUPER_ADMIN'))
      .limit(1);
    if (!superAdmin && siteIds.includes(demoSuperAdmin.siteId)) {
      adminRows.push({
        ...demoSuperAdmin,
        passwordHash: demoAdminPasswordHash,
        role: 'SUPER_ADMIN',
      });
    }
    if (adminRows.length > 0) {
      // The unique index on (site_id, lower(email)) is an expression: no target, any conflict.
      inserted += (
        await db.insert(users).values(adminRows).onConflictDoNothing().returning({ id: users.id })
      ).length;
    }
  }
  return inserted;
}
