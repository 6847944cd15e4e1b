'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  extendGiftVoucher,
  giftVoucherExpiryBodySchema,
  resendGiftVoucher,
  setGiftVoucherDisabled,
  type AdminGiftVoucher,
} from '@comptoir/contract/admin-gift-vouchers';
import { ApiError } from '@comptoir/contract/request';
import { orderReference } from '@comptoir/domain/order-reference';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import { IntentLink } from '../../../ui/intent-link';
import controls from '../admin-controls.module.css';
import { contractResolver } from './contract-resolver';
import { formatPrice, frenchDateTime, frenchDay } from './shop-format';
import styles from './shop-settings.module.css';
import { TextField } from './text-field';

function ExtendForm({
  voucher,
  onSave,
}: {
  voucher: AdminGiftVoucher;
  onSave: (expiresOn: string) => Promise<void>;
}) {
  const form = useForm<{ expiresOn: string }, unknown, { expiresOn: string }>({
    resolver: contractResolver(giftVoucherExpiryBodySchema, (values) => values),
    defaultValues: { expiresOn: voucher.expiresOn },
  });

  async function submit({ expiresOn }: { expiresOn: string }) {
    try {
      await onSave(expiresOn);
    } catch (error) {
      const message =
        error instanceof ApiError && error.errors[0]
          ? error.errors[0].error
          : failureMessage(error);
      form.setError('expiresOn', { message });
    }
  }

  return (
    <form
      className={styles.form}
      onSubmit={form.handleSubmit(submit)}
      noValidate
      aria-label={`Prolonger le bon ${voucher.code}`}
    >
      <TextField
        label="Nouvelle date d’expiration"
        type="date"
        registration={form.register('expiresOn')}
        error={form.formState.errors.expiresOn?.message}
      />
      <div className={controls.buttons}>
        <button type="submit" className={controls.button} disabled={form.formState.isSubmitting}>
          Prolonger
        </button>
      </div>
    </form>
  );
}

/** The site's gift vouchers: balance, redemptions, mail sent again, expiry pushed back, disabled. */
export function GiftVouchersManager({
  siteId,
  initial,
}: {
  siteId: number;
  initial: AdminGiftVoucher[];
}) {
  const [vouchers, setVouchers] = useState(initial);
  const [extending, setExtending] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const api = browserApi(siteId);

  function replace(saved: AdminGiftVoucher) {
    setVouchers((current) => current.map((voucher) => (voucher.id === saved.id ? saved : voucher)));
  }

  async function act(work: () => Promise<string>) {
    setBusy(true);
    try {
      setStatus(await work());
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const resend = (voucher: AdminGiftVoucher) =>
    act(async () => {
      const saved = await api.call(resendGiftVoucher, { params: { id: voucher.id } });
      replace(saved);
      return `Bon ${saved.code} renvoyé à ${saved.recipientEmail ?? saved.buyerEmail}.`;
    });

  const toggle = (voucher: AdminGiftVoucher) =>
    act(async () => {
      const saved = await api.call(setGiftVoucherDisabled, {
        params: { id: voucher.id },
        body: { isDisabled: voucher.disabledAt === null },
      });
      replace(saved);
      return `Bon ${saved.code} ${saved.disabledAt ? 'désactivé' : 'réactivé'}.`;
    });

  async function extend(voucher: AdminGiftVoucher, expiresOn: string) {
    const saved = await api.call(extendGiftVoucher, {
      params: { id: voucher.id },
      body: { expiresOn },
    });
    replace(saved);
    setExtending(null);
    setStatus(`Bon ${saved.code} valable jusqu’au ${frenchDay(saved.expiresOn)}.`);
  }

  return (
    <section className={controls.section} aria-labelledby="bons-vendus">
      <h2 id="bons-vendus" className={controls.sectionTitle}>
        Bons vendus
      </h2>
      <p role="status" className={controls.status}>
        {status}
      </p>
      {vouchers.length === 0 ? (
        <p className={controls.hint}>Aucun bon cadeau vendu pour l’instant.</p>
      ) : (
        <ul className={styles.cards}>
          {vouchers.map((voucher) => (
            <li key={voucher.id} className={styles.card} aria-label={`Bon ${voucher.code}`}>
              <div className={styles.cardHeader}>
                <h3 className={styles.cardTitle}>{voucher.code}</h3>
                <span className={`${styles.badge} ${voucher.disabledAt ? styles.badgeOff : ''}`}>
                  {voucher.disabledAt ? 'Désactivé' : 'Actif'}
                </span>
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>Reste à utiliser</dt>
                  <dd>
                    {formatPrice(voucher.balanceCents)} sur {formatPrice(voucher.initialCents)}
                  </dd>
                </div>
                <div>
                  <dt>Valable jusqu’au</dt>
                  <dd>{frenchDay(voucher.expiresOn)}</dd>
                </div>
                <div>
                  <dt>Pour</dt>
                  <dd>
                    {voucher.recipientName}
                    {voucher.recipientEmail && ` (${voucher.recipientEmail})`}
                  </dd>
                </div>
                <div>
                  <dt>Offert par</dt>
                  <dd>
                    {voucher.buyerName} ({voucher.buyerEmail}), commande{' '}
                    <IntentLink href={`/admin/commandes/${voucher.orderId}`}>
                      {orderReference(voucher.orderNumber)}
                    </IntentLink>
                  </dd>
                </div>
                <div>
                  <dt>Envoi</dt>
                  <dd>
                    {voucher.sentAt
                      ? `Envoyé le ${frenchDateTime(voucher.sentAt)}`
                      : `Prévu le ${frenchDay(voucher.sendOn)}`}
                  </dd>
                </div>
              </dl>
              {voucher.redemptions.length > 0 && (
                <div className={styles.tableWrap}>
                  <table className={styles.table}>
                    <caption className={controls.hint}>Utilisations du bon {voucher.code}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Commande</th>
                        <th scope="col">Date</th>
                        <th scope="col" className={styles.number}>
                          Montant
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {voucher.redemptions.map((redemption) => (
                        <tr key={redemption.orderId}>
                          <td>
                            <IntentLink href={`/admin/commandes/${redemption.orderId}`}>
                              {orderReference(redemption.orderNumber)}
                            </IntentLink>
                            {redemption.givenBackAt && ' (annulée, montant rendu)'}
                          </td>
                          <td>{frenchDateTime(redemption.at)}</td>
                          <td className={styles.number}>{formatPrice(redemption.amountCents)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <div className={controls.buttons}>
                <button
                  type="button"
                  className={`${controls.button} ${controls.secondary} ${controls.small}`}
                  disabled={busy || voucher.disabledAt !== null}
                  aria-label={`Renvoyer le bon ${voucher.code} par e-mail`}
                  onClick={() => resend(voucher)}
                >
                  Renvoyer l’e-mail
                </button>
                <button
                  type="button"
                  className={`${controls.button} ${controls.secondary} ${controls.small}`}
                  aria-expanded={extending === voucher.id}
                  aria-label={`Prolonger le bon ${voucher.code}`}
                  onClick={() => setExtending(extending === voucher.id ? null : voucher.id)}
                >
                  Prolonger
                </button>
                <button
                  type="button"
                  className={`${controls.button} ${voucher.disabledAt ? controls.secondary : controls.dangerButton} ${controls.small}`}
                  disabled={busy}
                  aria-label={`${voucher.disabledAt ? 'Réactiver' : 'Désactiver'} le bon ${voucher.code}`}
                  onClick={() => toggle(voucher)}
                >
                  {voucher.disabledAt ? 'Réactiver' : 'Désactiver'}
                </button>
              </div>
              {extending === voucher.id && (
                <ExtendForm voucher={voucher} onSave={(day) => extend(voucher, day)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
