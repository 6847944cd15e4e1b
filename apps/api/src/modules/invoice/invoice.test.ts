import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_NOT_FOUND_MESSAGE } from '@comptoir/contract/invoice';
import { formatPrice } from '@comptoir/domain/money';
import { invoices } from '../../db/schema';
import { bearer, registerCustomer, uniqueEmail } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { mailsTo, type KeptMail } from '../../test/mails';
import {
  createOrderTestApp,
  customerCart,
  expectPlaced,
  guestCart,
  homeCarrierId,
  homeDeliveryBody,
  placeOrder,
  testWine,
  type OrderTestApp,
} from '../../test/orders';
import { readPdf, spaced } from '../../test/pdf-text';

const NOW = new Date('2026-06-01T10:00:00Z');

let testApp: OrderTestApp;
beforeAll(async () => {
  testApp = await createOrderTestApp({ now: () => NOW });
});
afterAll(async () => {
  await testApp?.close();
});

async function guestOrder(email: string, siteQuantity = 2) {
  const wine = await testWine(testApp, { priceCents: 1200 });
  const visitor = await guestCart(testApp.app, [[wine, siteQuantity]]);
  const carrierId = await homeCarrierId(testApp.app, visitor);
  return expectPlaced(
    await placeOrder(
      testApp.app,
      visitor,
      homeDeliveryBody(visitor, carrierId, {
        user: {
          phone: '0601020304',
          email,
          firstname: 'Camille',
          lastname: 'Martin',
          birthdate: '1990-04-12',
        },
      }),
    ),
  );
}

async function customerOrder(token: string) {
  const wine = await testWine(testApp, { priceCents: 1200 });
  const visitor = await customerCart(testApp.app, token, wine.declinationId, 2);
  const carrierId = await homeCarrierId(testApp.app, visitor, token);
  return expectPlaced(
    await placeOrder(
      testApp.app,
      { token },
      {
        ...homeDeliveryBody(visitor, carrierId),
        user: { phone: '0601020304' },
      },
    ),
  );
}

async function markPaid(orderId: number) {
  await testApp.orders.service.transition(92, orderId, 'PAID', 'admin:1');
  await testApp.app.backgroundTasks.idle();
}

function invoiceOf(mail: KeptMail | undefined) {
  const found = mail?.attachments.find((candidate) => candidate.filename.endsWith('.pdf'));
  if (!found) throw new Error('No PDF attached');
  return { ...found, bytes: Buffer.from(found.contentBase64, 'base64') };
}

function getInvoice(orderId: number, token?: string) {
  return siteRequest(testApp.app, 92, {
    method: 'GET',
    url: `/order/${orderId}/invoice`,
    headers: token ? bearer(token) : {},
  });
}

describe('invoice once paid', () => {
  it('numbers the invoices of a site 1, 2, 3 in the order they are paid, never twice', async () => {
    const first = await guestOrder(uniqueEmail('facture'));
    const second = await guestOrder(uniqueEmail('facture'));
    const third = await guestOrder(uniqueEmail('facture'));
    // None before payment.
    await testApp.app.backgroundTasks.idle();
    expect(
      await testApp.database.db.select().from(invoices).where(eq(invoices.siteId, 92)),
    ).toEqual([]);
    for (const order of [second, first, third]) await markPaid(order.id);
    // Paid again (refused) or shipped: no second invoice.
    await expect(
      testApp.orders.service.transition(92, first.id, 'PAID', 'admin:1'),
    ).rejects.toThrow();
    await testApp.orders.service.transition(92, first.id, 'PREPARING', 'admin:1');
    await testApp.app.backgroundTasks.idle();
    const rows = await testApp.database.db
      .select({ number: invoices.number, orderId: invoices.orderId })
      .from(invoices)
      .where(eq(invoices.siteId, 92))
      .orderBy(invoices.number);
    expect(rows).toEqual([
      { number: 1, orderId: second.id },
      { number: 2, orderId: first.id },
      { number: 3, orderId: third.id },
    ]);
  });

  it('mails the customer a PDF with the legal mentions of a French invoice', async () => {
    const email = uniqueEmail('mentions');
    const order = await guestOrder(email, 3);
    await markPaid(order.id);
    const mail = (await mailsTo(testApp, email)).find((candidate) =>
      candidate.subject.startsWith('Votre facture'),
    );
    const [invoice] = await testApp.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.siteId, 92), eq(invoices.orderId, order.id)));
    const reference = `F${String(invoice!.number).padStart(6, '0')}`;
    expect(mail?.subject).toBe(`Votre facture ${reference} – Domaine des Trois Coteaux`);
    const pdf = invoiceOf(mail);
    expect(pdf.filename).toBe(`facture-${reference}.pdf`);
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, title } = await readPdf(pdf.bytes);
    expect(title).toBe(`Facture ${reference}`);
    const line = order.lines[0]!;
    for (const expected of [
      `Facture ${reference}`,
      'Date de facture : 1 juin 2026',
      `Commande ${order.reference}`,
      // Seller's identity from the site's parameters.
      'SCEA Domaine des Trois Coteaux',
      '4 chemin des Coteaux, 49380 Bellevigne-en-Layon',
      'SCEA au capital de 45 000 €',
      'RCS Angers 812 345 676',
      'SIRET 812 345 676 00009',
      'TVA intracommunautaire FR19812345676',
      // Buyer.
      'Facturé à Camille Martin 12 rue des Vignes 49000 Angers France',
      // The line: quantity, unit price excl. and incl. VAT, rate, total.
      `${line.name} 2022 3 ${formatPrice(1000)} ${formatPrice(1200)} 20 % ${formatPrice(3600)}`,
      `Total HT ${formatPrice(order.totals.totalCents - order.totals.vatCents)}`,
      `TVA 20 % sur ${formatPrice(order.totals.vat[0]!.baseCents)} ${formatPrice(order.totals.vatCents)}`,
      `Total TTC ${formatPrice(order.totals.totalCents)}`,
      'Facture acquittée le 1 juin 2026 – paiement : Virement bancaire.',
    ]) {
      expect(text).toContain(spaced(expected));
    }
    if (order.totals.shippingCents > 0) {
      expect(text).toContain(spaced(formatPrice(order.totals.shippingCents)));
    }
  });
});

describe('GET /order/:id/invoice', () => {
  it('answers the PDF to the order’s customer only, and only once paid', async () => {
    const customer = await registerCustomer(testApp.app, 92);
    const order = await customerOrder(customer.token);

    const unpaid = await getInvoice(order.id, customer.token);
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json()).toEqual({
      success: false,
      data: null,
      message: INVOICE_NOT_FOUND_MESSAGE,
    });

    await markPaid(order.id);
    const response = await getInvoice(order.id, customer.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const disposition = response.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment; filename="facture-F\d{6}\.pdf"$/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const reference = /facture-(F\d{6})\.pdf/.exec(disposition)![1]!;
    expect((await readPdf(response.rawPayload)).text).toContain(`Facture ${reference}`);
    // The same invoice every time.
    const again = await getInvoice(order.id, customer.token);
    expect(again.headers['content-disposition']).toBe(disposition);

    const other = await registerCustomer(testApp.app, 92);
    const refused = await getInvoice(order.id, other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(INVOICE_NOT_FOUND_MESSAGE);
    expect((await getInvoice(order.id)).statusCode).toBe(401);
    expect((await getInvoice(999_999, customer.token)).statusCode).toBe(404);
    // Another site's session is a visitor here.
    const elsewhere = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: `/order/${order.id}/invoice`,
      headers: bearer(customer.token),
    });
    expect(elsewhere.statusCode).not.toBe(200);
  });

  it('issues a missing invoice of a paid order on first read', async () => {
    const customer = await registerCustomer(testApp.app, 92);
    const order = await customerOrder(customer.token);
    await markPaid(order.id);
    // As if the process had stopped between the payment and the invoice.
    await testApp.database.db
      .delete(invoices)
      .where(and(eq(invoices.siteId, 92), eq(invoices.orderId, order.id)));
    const response = await getInvoice(order.id, customer.token);
    expect(response.statusCode).toBe(200);
    const rows = await testApp.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.siteId, 92), eq(invoices.orderId, order.id)));
    expect(rows).toHaveLength(1);
  });
});
