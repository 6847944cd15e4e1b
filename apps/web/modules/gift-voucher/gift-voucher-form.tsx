'use client';

import { useRouter } from 'next/navigation';
import { useRef } from 'react';
import { ApiError } from '@comptoir/contract/request';
import type { GiftVoucherRules } from '@comptoir/domain/gift-voucher';
import { formatPrice } from '@comptoir/domain/money';
import { numericCartId, useCartStore } from '../../lib/stores/cart-store';
import { ApiForm } from '../../ui/api-form';
import { TextField } from '../../ui/text-field';
import { TextareaField } from '../../ui/textarea-field';
import { useApiForm } from '../../ui/use-api-form';
import formStyles from '../../ui/forms.module.css';
import { browserApi } from '../account/browser-api';
import { CART_NOT_FOUND_TEXT } from '../cart/add-to-cart';
import { CART_PATH } from '../cart/cart-paths';
import type { GiftVoucherFormOutput, GiftVoucherFormValues } from './gift-voucher-contract';
import styles from './gift-voucher.module.css';

interface GiftVoucherFormProps {
  siteId: number;
  rules: GiftVoucherRules;
  /** Today in Paris (YYYY-MM-DD): the earliest send date. */
  today: string;
}

/**
 * The voucher form: an amount (a preset or any whole amount within the site's limits), who it is
 * for, a message, the day it is mailed, and the buyer's name. It puts a voucher line in the
 * visitor's cart and goes to the cart, from where it is ordered like anything else.
 */
export function GiftVoucherForm({ siteId, rules, today }: GiftVoucherFormProps) {
  const router = useRouter();
  const amountInput = useRef<HTMLInputElement | null>(null);
  const form = useApiForm({
    contract: () =>
      import('./gift-voucher-contract').then((module) => module.giftVoucherContract(rules, today)),
    defaultValues: {
      amountEuros: (rules.presetsCents[1] ?? rules.presetsCents[0] ?? rules.minimumCents) / 100,
      recipientName: '',
      recipientEmail: '',
      message: '',
      sendOn: today,
      buyerName: '',
    } as GiftVoucherFormValues,
    serverFields: ['recipientName', 'recipientEmail', 'message', 'sendOn', 'buyerName'],
    submit: async (values: GiftVoucherFormOutput, contract) => {
      const body = {
        amountCents: values.amountEuros * 100,
        recipientName: values.recipientName,
        recipientEmail: values.recipientEmail === '' ? null : values.recipientEmail,
        message: values.message === '' ? null : values.message,
        sendOn: values.sendOn,
        buyerName: values.buyerName,
      };
      const api = browserApi(siteId);
      const storedId = numericCartId(useCartStore.getState().cartId);
      const send = (cartId: number | 'new') =>
        api.call(contract.endpoint, { params: { cartId }, body });
      let cart;
      try {
        cart = await send(storedId ?? 'new');
      } catch (error) {
        // The stored cart is no longer this browser's (its cookie is gone): a new one.
        const lost =
          storedId !== null &&
          error instanceof ApiError &&
          error.status === 404 &&
          error.message === CART_NOT_FOUND_TEXT;
        if (!lost) throw error;
        useCartStore.getState().clearCart();
        cart = await send('new');
      }
      useCartStore.getState().setCart(cart);
      router.push(CART_PATH);
    },
  });

  const amount = form.bind('amountEuros', { valueAsNumber: true });
  const choosePreset = (cents: number) => {
    const input = amountInput.current;
    if (!input) return;
    input.value = String(cents / 100);
    amount.registration.onChange({ target: input });
    input.focus();
  };

  return (
    <ApiForm form={form} label="Offrir un bon cadeau" submitLabel="Ajouter au panier">
      <fieldset className={styles.amounts}>
        <legend className={styles.legend}>Montant</legend>
        <div className={styles.presets}>
          {rules.presetsCents.map((cents) => (
            <button
              key={cents}
              type="button"
              className={styles.preset}
              onClick={() => choosePreset(cents)}
            >
              {formatPrice(cents)}
            </button>
          ))}
        </div>
        <TextField
          label="Montant du bon (en euros)"
          hint={`Un montant en euros entiers, de ${formatPrice(rules.minimumCents)} à ${formatPrice(rules.maximumCents)}.`}
          type="number"
          inputMode="numeric"
          min={rules.minimumCents / 100}
          max={rules.maximumCents / 100}
          step={1}
          error={amount.error}
          registration={{
            ...amount.registration,
            ref: (element) => {
              amountInput.current = element as HTMLInputElement | null;
              amount.registration.ref(element);
            },
          }}
        />
      </fieldset>
      <div className={formStyles.row}>
        <TextField
          label="Nom de la personne à qui vous l’offrez"
          autoComplete="off"
          {...form.bind('recipientName')}
        />
        <TextField
          label="Son adresse e-mail"
          type="email"
          autoComplete="off"
          optional
          hint="Le bon lui est envoyé à cette adresse ; sans adresse, il vous est envoyé pour que vous le remettiez."
          {...form.bind('recipientEmail')}
        />
      </div>
      <TextareaField
        label="Votre message"
        optional
        rows={4}
        maxLength={500}
        {...form.bind('message')}
      />
      <div className={formStyles.row}>
        <TextField
          label="Date d’envoi du bon"
          type="date"
          min={today}
          hint="Aujourd’hui ou un jour à venir : le bon part ce jour-là, une fois la commande payée."
          {...form.bind('sendOn')}
        />
        <TextField label="Votre nom" autoComplete="name" {...form.bind('buyerName')} />
      </div>
      <p className={styles.validity}>
        Le bon est valable {rules.validityMonths} mois, utilisable en une ou plusieurs fois pour une
        commande sur ce site.
      </p>
    </ApiForm>
  );
}
