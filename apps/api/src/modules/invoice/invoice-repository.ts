import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoiceCounters, invoices } from '../../db/schema';

export type InvoiceRecord = typeof invoices.$inferSelect;

export function createInvoiceRepository(db: Db) {
  return {
    async findByOrder(siteId: number, orderId: number): Promise<InvoiceRecord | null> {
      const [invoice] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.siteId, siteId), eq(invoices.orderId, orderId)));
      return invoice ?? null;
    },

    /**
     * Issues the order's invoice under the site's next number, in one transaction: the counter row
     * stays locked until the invoice is written, and a failed insert rolls the counter back with
     * it, so numbers have no gaps and are never given twice. An order that already has its
     * invoice keeps it (`created` false); two concurrent issues of one order meet on the unique
     * key and the loser's transaction (its number too) is undone.
     */
    async issue(
      siteId: number,
      orderId: number,
      build: (number: number) => { issuedAt: Date; content: unknown },
    ): Promise<{ invoice: InvoiceRecord; created: boolean }> {
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.siteId, siteId), eq(invoices.orderId, orderId)));
        if (existing) return { invoice: existing, created: false };
        const [counter] = await tx
          .insert(invoiceCounters)
          .values({ siteId, lastNumber: 1 })
          .onConflictDoUpdate({
            target: invoiceCounters.siteId,
            set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
          })
          .returning({ lastNumber: invoiceCounters.lastNumber });
        if (!counter) throw new Error('No invoice number was given');
        const { issuedAt, content } = build(counter.lastNumber);
        const [invoice] = await tx
          .insert(invoices)
          .values({ siteId, orderId, number: counter.lastNumber, issuedAt, content })
          .returning();
        if (!invoice) throw new Error('The invoice was not written');
        return { invoice, created: true };
      });
    },
  };
}

export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;
