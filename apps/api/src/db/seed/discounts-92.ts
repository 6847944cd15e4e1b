import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { discountCodes } from '../schema';
import type { SiteSeed } from './types';

type DiscountCodeSeed = Omit<typeof discountCodes.$inferInsert, 'id' | 'siteId' | 'createdAt'>;

/**
 * The wine shop's sample codes (README "Discount codes"), one per rule a customer meets most:
 * a welcome percentage for a first order, a euro amount from a minimum, free shipping from a
 * minimum, and one that has expired.
 */
export const site92DiscountCodes: readonly DiscountCodeSeed[] = [
  {
    code: 'BIENVENUE10',
    type: 'percent',
    amount: 10,
    firstOrderOnly: true,
    maxUsesPerCustomer: 1,
  },
  { code: 'COTEAUX5', type: 'EURO', amount: 500, minimumCents: 5000 },
  {
    code: 'LIVRAISONOFFERTE',
    type: 'EURO',
    amount: 0,
    detailType: 'SHIPPING_FEES',
    minimumCents: 6000,
  },
  {
    code: 'VENDANGES2025',
    type: 'percent',
    amount: 15,
    startsOn: '2025-09-01',
    endsOn: '2025-10-31',
  },
];

const codesBySite: Readonly<Record<number, readonly DiscountCodeSeed[]>> = {
  92: site92DiscountCodes,
};

/** Written into a site that has no code yet, never over the codes an administrator made. */
export async function insertDiscountCodes(db: Db, seeds: readonly SiteSeed[]): Promise<number> {
  let inserted = 0;
  for (const seed of seeds) {
    const codes = codesBySite[seed.site.id];
    if (!codes) continue;
    const [existing] = await db
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(eq(discountCodes.siteId, seed.site.id))
      .limit(1);
    if (existing) continue;
    inserted += (
      await db
        .insert(discountCodes)
        .values(codes.map((code) => ({ ...code, siteId: seed.site.id })))
        .returning({ id: discountCodes.id })
    ).length;
  }
  return inserted;
}
