'use client';

import {
  extendGiftVoucher,
  giftVoucherExpiryBodySchema,
  resendGiftVoucher,
  setGiftVoucherDisabled,
  type AdminGiftVoucher,
} from '@comptoir/contract/admin-gift-vouchers';
import { orderReference } from '@comptoir/domain/order';
import { browserApi } from '../../account/browser-api';
import { IntentLink } from '../../../ui/intent-link';
import controls from '../admin-controls.module.css';
import { AdminItemForm, useAdminList } from '../frame/admin-list';
import { contractResolver } from './contract-resolver';
import { formatPrice, frenchDateTime, frenchDay } from './shop-format';
import styles from './shop-settings.module.css';
import { TextField } from './text-field';

interface ExtendValues {
  expiresOn: string;
}

const EXTEND_FIELDS = ['expiresOn'] as const;

function ExtendForm({
  voucher,
  onSave,
}: {
  voucher: AdminGiftVoucher;
  onSave: (values: ExtendValues) => Promise<void>;
}) {
  return (
    <AdminItemForm<ExtendValues, ExtendValues>
      resolver={contractResolver(giftVoucherExpiryBodySchema, (values) => values)}
      defaultValues={{ expiresOn: voucher.expiresOn }}
      serverFields={EXTEND_FIELDS}
      submitLabel="Prolonger"
      label={`Prolonger le bon ${voucher.code}`}
      className={styles.form}
      onSubmit={onSave}
    >
      {(form) => (
        <TextField label="Nouvelle date d’expiration" type="date" {...form.bind('expiresOn')} />
      )}
    </AdminItemForm>
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
  const api = browserApi(siteId);
  // No voucher is made nor deleted here: a row's form pushes its expiry back.
  const list = useAdminList<AdminGiftVoucher, ExtendValues>({
    initial,
    nameOf: (voucher) => voucher.code,
    save: (voucher, body) => api.call(extendGiftVoucher, { params: { id: voucher!.id }, body }),
    savedMessage: (saved) => `Bon ${saved.code} valable jusqu’au ${frenchDay(saved.expiresOn)}.`,
  });
  const { busy, editing, rowTarget, headingTarget } = list;

  const resend = (voucher: AdminGiftVoucher) =>
    list.run(async () => {
      const saved = await api.call(resendGiftVoucher, { params: { id: voucher.id } });
      list.replace(saved);
      return `Bon ${saved.code} renvoyé à ${saved.recipientEmail ?? saved.buyerEmail}.`;
    });

  const toggle = (voucher: AdminGiftVoucher) =>
    list.run(async () => {
      const saved = await api.call(setGiftVoucherDisabled, {
        params: { id: voucher.id },
        body: { isDisabled: voucher.disabledAt === null },
      });
      list.replace(saved);
      return `Bon ${saved.code} ${saved.disabledAt ? 'désactivé' : 'réactivé'}.`;
    });

  return (
    <section className={controls.section} aria-labelledby="bons-vendus">
      <h2 id="bons-vendus" ref={headingTarget} tabIndex={-1} className={controls.sectionTitle}>
        Bons vendus
      </h2>
      <p role="status" className={controls.status}>
        {list.status}
      </p>
      {list.items.length === 0 ? (
        <p className={controls.hint}>Aucun bon cadeau vendu pour l’instant.</p>
      ) : (
        <ul className={styles.cards} aria-busy={busy || undefined}>
          {list.items.map((voucher) => (
            <li
              key={voucher.id}
              ref={rowTarget(voucher.id)}
              tabIndex={-1}
              className={styles.card}
              aria-label={`Bon ${voucher.code}`}
            >
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
                  aria-label={`Renvoyer l’e-mail du bon ${voucher.code}`}
                  onClick={() => resend(voucher)}
                >
                  Renvoyer l’e-mail
                </button>
                <button
                  type="button"
                  className={`${controls.button} ${controls.secondary} ${controls.small}`}
                  aria-expanded={editing === voucher.id}
                  aria-label={`Prolonger le bon ${voucher.code}`}
                  onClick={() => list.toggleEdit(voucher.id)}
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
              {editing === voucher.id && (
                <ExtendForm voucher={voucher} onSave={list.formSlot(voucher).onSubmit} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
