import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declinations, mailOutbox } from '../../db/schema';
import { formatPercent, formatPrice } from '@comptoir/domain/money';
import { DEFAULT_ALCOHOL_MESSAGE } from '@comptoir/domain/product-display';
import { uniqueEmail } from '../../test/accounts';
import { mailsTo, type KeptMail } from '../../test/mails';
import {
  clickAndCollectBody,
  createOrderTestApp,
  expectPlaced,
  guestCart,
  homeCarrierId,
  homeDeliveryBody,
  placeOrder,
  testWine,
  type OrderTestApp,
} from '../../test/orders';
import { VISITOR_TEXT_LIMITS } from '../mail';
import { orderConfirmationMail } from './order-mail-content';

/** Monday 1 June 2026, 12h00 in Paris: June's pick-up slots are ahead. */
const NOW = new Date('2026-06-01T10:00:00Z');
const SITE_INBOX = 'contact@domaine-trois-coteaux.fr';
const PER_RECIPIENT = 3;

let testApp: OrderTestApp;
beforeAll(async () => {
  testApp = await createOrderTestApp({
    now: () => NOW,
    authLimits: {
      newCartsPerIp: { max: 10_000, timeWindowMs: 60_000 },
      mailsPerRecipient: { max: PER_RECIPIENT, timeWindowMs: 3_600_000 },
    },
  });
});
afterAll(async () => {
  await testApp?.close();
});

function attachment(mail: KeptMail | undefined, suffix: string) {
  const found = mail?.attachments.find((candidate) => candidate.filename.endsWith(suffix));
  if (!found) throw new Error(`No ${suffix} attachment`);
  return { ...found, text: Buffer.from(found.contentBase64, 'base64').toString('utf8') };
}

async function noticeFor(reference: string) {
  return (await mailsTo(testApp, SITE_INBOX)).filter((mail) => mail.subject.includes(reference));
}

describe('order confirmation', () => {
  it('mails the guest the lines, totals, VAT, delivery and payment, and notifies the site', async () => {
    const wine = await testWine(testApp, { priceCents: 1250 });
    const visitor = await guestCart(testApp.app, [[wine, 3]]);
    const email = uniqueEmail('commande');
    const carrierId = await homeCarrierId(testApp.app, visitor);
    const order = expectPlaced(
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
          message: 'Merci de sonner deux fois.',
        }),
      ),
    );
    const [mail, ...others] = await mailsTo(testApp, email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(
      `Confirmation de votre commande ${order.reference} – Domaine des Trois Coteaux`,
    );
    const text = mail!.text;
    const line = order.lines[0]!;
    expect(text).toContain('Bonjour Camille,');
    expect(text).toContain(
      `- 3 × ${line.name} 2022 : ${formatPrice(3750)} (${formatPrice(1250)} l’unité)`,
    );
    expect(text).toContain(`Produits : ${formatPrice(3750)}`);
    expect(text).toContain(`Frais de livraison : ${formatPrice(order.totals.shippingCents)}`);
    expect(text).toContain(`Total TTC : ${formatPrice(order.totals.totalCents)}`);
    expect(text).toContain(
      `dont TVA ${formatPercent(2000)} : ${formatPrice(order.totals.vatCents)}`,
    );
    expect(text).toContain('Livraison à domicile');
    expect(text).toContain('12 rue des Vignes');
    expect(text).toContain('Mode de paiement : Virement bancaire');
    expect(text).toContain('Merci de sonner deux fois.');
    expect(mail!.html).toContain(escapeForHtml(`Total TTC`));
    expect(mail!.attachments).toEqual([]);
    // Site 92 sells alcohol: the customer's mail ends with the health message (decision 0109),
    // and the ethylotest reminder under it.
    expect(text).toContain(DEFAULT_ALCOHOL_MESSAGE);
    expect(text).toContain('Avant de prendre le volant, pensez à l’éthylotest');
    expect(mail!.html).toContain('est dangereux pour la santé, à consommer avec modération.');

    const [notice, ...more] = await noticeFor(order.reference);
    expect(more).toEqual([]);
    expect(notice?.subject).toBe(
      `Nouvelle commande ${order.reference} de Camille Martin – ${formatPrice(order.totals.totalCents)}`,
    );
    expect(notice?.text).toContain(`Adresse e-mail : ${email}`);
    expect(notice?.text).toContain('Téléphone : 0601020304');
    expect(notice?.text).toContain(`Total TTC : ${formatPrice(order.totals.totalCents)}`);
  });

  it('sends nothing again for an idempotent replay', async () => {
    const wine = await testWine(testApp);
    const visitor = await guestCart(testApp.app, [[wine, 1]]);
    const email = uniqueEmail('rejeu');
    const carrierId = await homeCarrierId(testApp.app, visitor);
    const body = homeDeliveryBody(visitor, carrierId, {
      user: {
        phone: '0601020304',
        email,
        firstname: 'Camille',
        lastname: 'Martin',
        birthdate: '1990-04-12',
      },
    });
    const first = expectPlaced(await placeOrder(testApp.app, visitor, body, 'mails-replay-0001'));
    const again = expectPlaced(await placeOrder(testApp.app, visitor, body, 'mails-replay-0001'));
    expect(again.id).toBe(first.id);
    expect(await mailsTo(testApp, email)).toHaveLength(1);
    expect(await noticeFor(first.reference)).toHaveLength(1);
  });

  it('joins the pick-up slot as an .ics event in Paris time, at the shop’s address', async () => {
    const wine = await testWine(testApp);
    const visitor = await guestCart(testApp.app, [[wine, 2]]);
    const email = uniqueEmail('retrait');
    const { shop, day, slot, body } = await clickAndCollectBody(testApp.app, visitor, {
      email,
      firstname: 'Louise',
      lastname: 'Marchand',
    });
    const order = expectPlaced(await placeOrder(testApp.app, visitor, body));
    const [mail] = await mailsTo(testApp, email);
    expect(mail?.text).toContain('Retrait sur place');
    expect(mail?.text).toContain(
      `Vous réglerez ${formatPrice(order.totals.totalCents)} lors du retrait.`,
    );
    expect(mail?.text).toContain(shop.label);
    const ics = attachment(mail, '.ics');
    expect(ics.filename).toBe(`retrait-${order.reference}.ics`);
    expect(ics.contentType).toMatch(/^text\/calendar/);
    const wall = `${day.date.replaceAll('-', '')}T${slot.start.replace(':', '')}00`;
    const end = `${day.date.replaceAll('-', '')}T${slot.end.replace(':', '')}00`;
    expect(ics.text).toContain(`DTSTART;TZID=Europe/Paris:${wall}`);
    expect(ics.text).toContain(`DTEND;TZID=Europe/Paris:${end}`);
    expect(ics.text).toContain('TZID:Europe/Paris');
    // The location is folded at 75 octets: read it unfolded.
    const unfolded = ics.text.replace(/\r?\n[ \t]/g, '');
    expect(unfolded).toContain(`LOCATION:${shop.label}\\, ${shop.addressLine1}`);
    expect(unfolded).toContain(`SUMMARY:Retrait de votre commande ${order.reference}`);
  });

  it('escapes and caps what the customer typed', async () => {
    const attack = '<img src=x onerror="alert(1)">';
    const wine = await testWine(testApp);
    const visitor = await guestCart(testApp.app, [[wine, 1]]);
    const email = uniqueEmail('piege');
    const carrierId = await homeCarrierId(testApp.app, visitor);
    const order = expectPlaced(
      await placeOrder(
        testApp.app,
        visitor,
        homeDeliveryBody(visitor, carrierId, {
          user: {
            phone: '0601020304',
            email,
            firstname: attack,
            lastname: 'Martin',
            birthdate: '1990-04-12',
          },
          message: `${attack}${'é'.repeat(1900)}`,
        }),
      ),
    );
    const [mail] = await mailsTo(testApp, email);
    expect(mail?.html).not.toContain('<img');
    expect(mail?.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    const [notice] = await noticeFor(order.reference);
    expect(notice?.html).not.toContain('<img');
    // The contract caps the message at 2000 characters; the mail caps whatever reaches it.
    const long = orderConfirmationMail({
      siteName: 'Domaine',
      order,
      customer: { firstname: 'L'.repeat(500), lastname: 'M', email, phone: '06' },
      deliveryAddress: null,
      billingAddress: {
        firstname: 'A',
        lastname: 'B',
        firstPart: 'C',
        postalCode: '49000',
        city: 'D',
        country: 'France',
      },
      message: 'x'.repeat(20_000),
      pickup: null,
    });
    expect(long.text).not.toContain('x'.repeat(VISITOR_TEXT_LIMITS.message));
    expect(long.text).not.toContain('L'.repeat(VISITOR_TEXT_LIMITS.name));
  });

  it('leaves out the confirmation past the per-address limit, and keeps the order', async () => {
    const email = uniqueEmail('inondee');
    const placed: number[] = [];
    for (let attempt = 0; attempt <= PER_RECIPIENT; attempt += 1) {
      const wine = await testWine(testApp);
      const visitor = await guestCart(testApp.app, [[wine, 1]]);
      const carrierId = await homeCarrierId(testApp.app, visitor);
      placed.push(
        expectPlaced(
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
        ).id,
      );
    }
    expect(new Set(placed).size).toBe(PER_RECIPIENT + 1);
    expect(await mailsTo(testApp, email)).toHaveLength(PER_RECIPIENT);
  });
});

describe('status mails', () => {
  it('tells the customer each later step, and nothing for the payment (the invoice says it)', async () => {
    const wine = await testWine(testApp);
    const visitor = await guestCart(testApp.app, [[wine, 1]]);
    const email = uniqueEmail('suivi');
    const carrierId = await homeCarrierId(testApp.app, visitor);
    const order = expectPlaced(
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
    const { service } = testApp.orders;
    for (const status of ['PAID', 'PREPARING', 'SHIPPED', 'DELIVERED'] as const) {
      await service.transition(92, order.id, status, 'admin:1');
      // The status mails commit with their step; the invoice mail (PAID) is still written in the
      // background after the commit: waited for, so that the mails stay in order.
      await testApp.app.backgroundTasks.idle();
    }
    const subjects = (await mailsTo(testApp, email)).map((mail) => mail.subject).reverse();
    expect(subjects).toEqual([
      `Confirmation de votre commande ${order.reference} – Domaine des Trois Coteaux`,
      expect.stringMatching(/^Votre facture F\d{6} – /),
      `Votre commande ${order.reference} est en préparation – Domaine des Trois Coteaux`,
      `Votre commande ${order.reference} est expédiée – Domaine des Trois Coteaux`,
      `Votre commande ${order.reference} est livrée – Domaine des Trois Coteaux`,
    ]);
  });

  it('says why an unpaid order was cancelled by the payment deadline', async () => {
    const wine = await testWine(testApp);
    const visitor = await guestCart(testApp.app, [[wine, 1]]);
    const email = uniqueEmail('expiree');
    const carrierId = await homeCarrierId(testApp.app, visitor);
    const order = expectPlaced(
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
    await testApp.orders.service.transition(92, order.id, 'CANCELLED', 'job:payment-expiry');
    const [cancelled] = await mailsTo(testApp, email);
    expect(cancelled?.subject).toBe(
      `Votre commande ${order.reference} est annulée – Domaine des Trois Coteaux`,
    );
    expect(cancelled?.text).toContain('Le paiement n’a pas été reçu dans le délai prévu.');
  });
});

function escapeForHtml(text: string) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
}

describe('mails in the order’s transaction (decision 0072)', () => {
  it('queues the two placement mails and each step’s mail inside the change’s transaction', async () => {
    const wine = await testWine(testApp);
    const visitor = await guestCart(testApp.app, [[wine, 1]]);
    const email = uniqueEmail('transaction');
    const carrierId = await homeCarrierId(testApp.app, visitor);
    const seen: { event: string; subjects: string[] }[] = [];
    let watching = true;
    const watch =
      (event: string) =>
      async (
        _event: unknown,
        tx: Parameters<Parameters<typeof testApp.orders.events.onInTransaction>[1]>[1],
      ) => {
        if (!watching) return;
        // Read through the order's own transaction, before its commit.
        const rows = await tx
          .select({ subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(or(eq(mailOutbox.recipient, email), eq(mailOutbox.replyTo, email)));
        seen.push({ event, subjects: rows.map((row) => row.subject) });
        // A listener that fails is undone alone: the order and its mails still commit.
        throw new Error('listener failure after the mails');
      };
    testApp.orders.events.onInTransaction('placed', watch('placed'));
    testApp.orders.events.onInTransaction('statusChanged', watch('statusChanged'));
    try {
      const order = expectPlaced(
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
      expect(seen).toHaveLength(1);
      expect(seen[0]!.subjects).toHaveLength(2);
      // Committed with the order: there without waiting for any background task.
      const committed = await testApp.database.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(or(eq(mailOutbox.recipient, email), eq(mailOutbox.replyTo, email)));
      expect(committed).toHaveLength(2);

      await testApp.orders.service.transition(92, order.id, 'CANCELLED', 'admin:1');
      expect(seen).toHaveLength(2);
      expect(seen[1]!.event).toBe('statusChanged');
      expect(seen[1]!.subjects).toHaveLength(3);
      expect(await mailsTo(testApp, email)).toHaveLength(2);
    } finally {
      watching = false;
    }
  });

  it('leaves no mail for a placement refused for stock, even racing another one', async () => {
    const wine = await testWine(testApp);
    await testApp.database.db
      .update(declinations)
      .set({ stock: 1 })
      .where(eq(declinations.id, wine.declinationId));
    const visitors = [
      await guestCart(testApp.app, [[wine, 1]]),
      await guestCart(testApp.app, [[wine, 1]]),
    ];
    const carrierId = await homeCarrierId(testApp.app, visitors[0]!);
    const emails = [uniqueEmail('course'), uniqueEmail('course')];
    // Both may pass the checks before the transaction: the loser is refused inside it.
    const answers = await Promise.all(
      visitors.map((visitor, index) =>
        placeOrder(
          testApp.app,
          visitor,
          homeDeliveryBody(visitor, carrierId, {
            user: {
              phone: '0601020304',
              email: emails[index]!,
              firstname: 'Camille',
              lastname: 'Martin',
              birthdate: '1990-04-12',
            },
          }),
        ),
      ),
    );
    const placed = answers.map((answer) => answer.statusCode < 300);
    expect(placed.filter(Boolean)).toHaveLength(1);
    for (const [index, email] of emails.entries()) {
      expect(await mailsTo(testApp, email)).toHaveLength(placed[index] ? 1 : 0);
    }
  });
});
