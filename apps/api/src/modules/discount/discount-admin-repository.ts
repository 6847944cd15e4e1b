import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type {
  AdminDiscountCode,
  AdminDiscountUse,
  DiscountCodeInput,
} from '@comptoir/contract/admin-discounts';
import type { Db } from '../../db/client';
import { discountCodes, discountRedemptions, orders } from '../../db/schema';
import type { AuditActor } from '../audit';
import { recordAudit } from '../audit';

type DiscountCodeRecord = typeof discountCodes.$inferSelect;

/** The columns a code's input sets (its product scope is not part of it and stays as it is). */
function columnsOf(input: DiscountCodeInput) {
  return {
    code: input.code.toUpperCase(),
    type: input.type,
    amount: input.freeShipping ? 0 : input.amount,
    detailType: input.freeShipping ? 'SHIPPING_FEES' : null,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    minimumCents: input.minimumCents,
    maxUses: input.maxUses,
    maxUsesPerCustomer: input.maxUsesPerCustomer,
    firstOrderOnly: input.firstOrderOnly,
    categories: input.categories,
    isDisabled: input.isDisabled,
  };
}

function toAdminCode(
  row: DiscountCodeRecord,
  usage: { uses: number; discountedCents: number },
): AdminDiscountCode {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    amount: row.amount,
    freeShipping: row.detailType === 'SHIPPING_FEES',
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    minimumCents: row.minimumCents,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    firstOrderOnly: row.firstOrderOnly,
    categories: row.categories as AdminDiscountCode['categories'],
    productIds: row.productIds,
    isDisabled: row.isDisabled,
    uses: usage.uses,
    discountedCents: usage.discountedCents,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the journal keeps of a code: its settings, without the counters. */
function auditedCode(row: DiscountCodeRecord) {
  const { createdAt: _createdAt, siteId: _siteId, ...settings } = row;
  return settings;
}

/** The back office's reads and writes of discount codes; every query filters on the site. */
export function createAdminDiscountRepository(db: Db) {
  /** Uses by orders that still stand, and what they took off, per code of the site. */
  async function usageByCode(siteId: number, codeId?: number) {
    const rows = await db
      .select({
        codeId: discountRedemptions.discountCodeId,
        uses: sql<number>`count(*)::int`,
        discountedCents: sql<number>`coalesce(sum(${orders.discountCents}), 0)::int`,
      })
      .from(discountRedemptions)
      .innerJoin(
        orders,
        and(
          eq(orders.siteId, discountRedemptions.siteId),
          eq(orders.id, discountRedemptions.orderId),
        ),
      )
      .where(
        and(
          eq(discountRedemptions.siteId, siteId),
          ne(orders.status, 'CANCELLED'),
          ...(codeId === undefined ? [] : [eq(discountRedemptions.discountCodeId, codeId)]),
        ),
      )
      .groupBy(discountRedemptions.discountCodeId);
    return new Map(
      rows.map((row) => [
        row.codeId,
        { uses: Number(row.uses), discountedCents: Number(row.discountedCents) },
      ]),
    );
  }
  const NO_USE = { uses: 0, discountedCents: 0 };

  async function findOne(siteId: number, id: number): Promise<AdminDiscountCode | null> {
    const [row] = await db
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.siteId, siteId), eq(discountCodes.id, id)));
    if (!row) return null;
    return toAdminCode(row, (await usageByCode(siteId, id)).get(id) ?? NO_USE);
  }

  return {
    findOne,

    async list(siteId: number): Promise<AdminDiscountCode[]> {
      const rows = await db
        .select()
        .from(discountCodes)
        .where(eq(discountCodes.siteId, siteId))
        .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
      const usage = await usageByCode(siteId);
      return rows.map((row) => toAdminCode(row, usage.get(row.id) ?? NO_USE));
    },

    /** Creates a code and journals it; a name the site already has fails on its unique index. */
    async insert(siteId: number, input: DiscountCodeInput, actor: AuditActor): Promise<number> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(discountCodes)
          .values({ siteId, ...columnsOf(input) })
          .returning();
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'create',
          entityType: 'discount-code',
          entityId: created!.id,
          summary: `Code de réduction « ${created!.code} » créé`,
          before: null,
          after: auditedCode(created!),
        });
        return created!.id;
      });
    },

    /**
     * Changes a code under its row lock (an order redeeming it meanwhile waits, then checks the
     * new limits) and journals the change; false when the site has no such code.
     */
    async update(
      siteId: number,
      id: number,
      input: DiscountCodeInput,
      actor: AuditActor,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const where = and(eq(discountCodes.siteId, siteId), eq(discountCodes.id, id));
        const [before] = await tx.select().from(discountCodes).where(where).for('update');
        if (!before) return false;
        const [after] = await tx
          .update(discountCodes)
          .set(columnsOf(input))
          .where(where)
          .returning();
        const action =
          before.isDisabled === after!.isDisabled
            ? 'update'
            : after!.isDisabled
              ? 'disable'
              : 'enable';
        await recordAudit(tx, {
          siteId,
          actor,
          action,
          entityType: 'discount-code',
          entityId: id,
          summary:
            action === 'disable'
              ? `Code de réduction « ${after!.code} » désactivé`
              : action === 'enable'
                ? `Code de réduction « ${after!.code} » réactivé`
                : `Code de réduction « ${after!.code} » modifié`,
          before: auditedCode(before),
          after: auditedCode(after!),
        });
        return true;
      });
    },

    /** The orders that used the code, newest first, cancelled ones included (marked). */
    async uses(siteId: number, id: number): Promise<AdminDiscountUse[]> {
      const rows = await db
        .select({
          orderId: orders.id,
          orderNumber: orders.number,
          at: discountRedemptions.at,
          email: discountRedemptions.email,
          firstname: orders.firstname,
          lastname: orders.lastname,
          status: orders.status,
          discountCents: orders.discountCents,
          totalCents: orders.totalCents,
        })
        .from(discountRedemptions)
        .innerJoin(
          orders,
          and(
            eq(orders.siteId, discountRedemptions.siteId),
            eq(orders.id, discountRedemptions.orderId),
          ),
        )
        .where(
          and(eq(discountRedemptions.siteId, siteId), eq(discountRedemptions.discountCodeId, id)),
        )
        .orderBy(desc(discountRedemptions.at), desc(discountRedemptions.id));
      return rows.map((row) => ({
        orderId: row.orderId,
        orderNumber: row.orderNumber,
        at: row.at.toISOString(),
        email: row.email,
        customerName: `${row.firstname} ${row.lastname}`.trim(),
        status: row.status,
        discountCents: row.discountCents,
        totalCents: row.totalCents,
        counts: row.status !== 'CANCELLED',
      }));
    },
  };
}

export type AdminDiscountRepository = ReturnType<typeof createAdminDiscountRepository>;
