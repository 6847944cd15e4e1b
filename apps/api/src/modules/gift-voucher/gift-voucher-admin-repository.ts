import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AdminGiftVoucher } from '@comptoir/contract/admin-gift-vouchers';
import { formatGiftVoucherCode } from '@comptoir/domain/gift-voucher';
import type { Db } from '../../db/client';
import { giftVoucherRedemptions, giftVouchers, orders } from '../../db/schema';
import type { AuditActor } from '../audit';
import { recordAudit } from '../audit';
import type { GiftVoucherRecord } from './gift-voucher-repository';

/** What the journal keeps of a voucher: never its full code (a secret worth money), its end. */
function audited(voucher: GiftVoucherRecord) {
  return {
    code: `…${voucher.code.slice(-4)}`,
    balanceCents: voucher.balanceCents,
    expiresOn: voucher.expiresOn,
    disabledAt: voucher.disabledAt?.toISOString() ?? null,
  };
}

/** The back office's reads and writes of gift vouchers; every query filters on the site. */
export function createAdminGiftVoucherRepository(db: Db) {
  async function listOf(siteId: number, id?: number): Promise<AdminGiftVoucher[]> {
    const vouchers = await db
      .select({ voucher: giftVouchers, orderNumber: orders.number })
      .from(giftVouchers)
      .innerJoin(
        orders,
        and(eq(orders.siteId, giftVouchers.siteId), eq(orders.id, giftVouchers.orderId)),
      )
      .where(
        and(
          eq(giftVouchers.siteId, siteId),
          ...(id === undefined ? [] : [eq(giftVouchers.id, id)]),
        ),
      )
      .orderBy(desc(giftVouchers.createdAt), desc(giftVouchers.id));
    const ids = vouchers.map((row) => row.voucher.id);
    const redemptions =
      ids.length === 0
        ? []
        : await db
            .select({
              voucherId: giftVoucherRedemptions.giftVoucherId,
              orderId: giftVoucherRedemptions.orderId,
              orderNumber: orders.number,
              amountCents: giftVoucherRedemptions.amountCents,
              at: giftVoucherRedemptions.createdAt,
              givenBackAt: giftVoucherRedemptions.givenBackAt,
            })
            .from(giftVoucherRedemptions)
            .innerJoin(
              orders,
              and(
                eq(orders.siteId, giftVoucherRedemptions.siteId),
                eq(orders.id, giftVoucherRedemptions.orderId),
              ),
            )
            .where(
              and(
                eq(giftVoucherRedemptions.siteId, siteId),
                inArray(giftVoucherRedemptions.giftVoucherId, ids),
              ),
            )
            .orderBy(asc(giftVoucherRedemptions.createdAt), asc(giftVoucherRedemptions.id));
    return vouchers.map(({ voucher, orderNumber }) => ({
      id: voucher.id,
      code: formatGiftVoucherCode(voucher.code),
      initialCents: voucher.initialCents,
      balanceCents: voucher.balanceCents,
      expiresOn: voucher.expiresOn,
      recipientName: voucher.recipientName,
      recipientEmail: voucher.recipientEmail,
      buyerName: voucher.buyerName,
      buyerEmail: voucher.buyerEmail,
      sendOn: voucher.sendOn,
      sentAt: voucher.sentAt?.toISOString() ?? null,
      disabledAt: voucher.disabledAt?.toISOString() ?? null,
      orderId: voucher.orderId,
      orderNumber,
      createdAt: voucher.createdAt.toISOString(),
      redemptions: redemptions
        .filter((redemption) => redemption.voucherId === voucher.id)
        .map((redemption) => ({
          orderId: redemption.orderId,
          orderNumber: redemption.orderNumber,
          amountCents: redemption.amountCents,
          at: redemption.at.toISOString(),
          givenBackAt: redemption.givenBackAt?.toISOString() ?? null,
        })),
    }));
  }

  /**
   * Changes a voucher under its row lock (an order spending it meanwhile waits, then reads the
   * change) and journals it in the same transaction; null when the site has no such voucher.
   * `change` answers the columns to set, or throws to change nothing.
   */
  async function change(
    siteId: number,
    id: number,
    actor: AuditActor,
    what: { action: string; summary: (code: string) => string },
    change: (voucher: GiftVoucherRecord) => Partial<GiftVoucherRecord>,
  ): Promise<GiftVoucherRecord | null> {
    return db.transaction(async (tx) => {
      const where = and(eq(giftVouchers.siteId, siteId), eq(giftVouchers.id, id));
      const [before] = await tx.select().from(giftVouchers).where(where).for('update');
      if (!before) return null;
      const [after] = await tx.update(giftVouchers).set(change(before)).where(where).returning();
      await recordAudit(tx, {
        siteId,
        actor,
        action: what.action,
        entityType: 'gift-voucher',
        entityId: id,
        summary: what.summary(`…${before.code.slice(-4)}`),
        before: audited(before),
        after: audited(after!),
      });
      return after!;
    });
  }

  return {
    list: (siteId: number) => listOf(siteId),

    async findOne(siteId: number, id: number): Promise<AdminGiftVoucher | null> {
      return (await listOf(siteId, id))[0] ?? null;
    },

    async findRecord(siteId: number, id: number): Promise<GiftVoucherRecord | null> {
      const [voucher] = await db
        .select()
        .from(giftVouchers)
        .where(and(eq(giftVouchers.siteId, siteId), eq(giftVouchers.id, id)));
      return voucher ?? null;
    },

    change,

    /** Journals a mail sent again (nothing of the voucher changes). */
    async recordResend(siteId: number, voucher: GiftVoucherRecord, to: string, actor: AuditActor) {
      await recordAudit(db, {
        siteId,
        actor,
        action: 'resend',
        entityType: 'gift-voucher',
        entityId: voucher.id,
        summary: `Bon cadeau …${voucher.code.slice(-4)} renvoyé à ${to}`,
        before: null,
        after: { ...audited(voucher), sentTo: to },
      });
    },
  };
}

export type AdminGiftVoucherRepository = ReturnType<typeof createAdminGiftVoucherRepository>;
