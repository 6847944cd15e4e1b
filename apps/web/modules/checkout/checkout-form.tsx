'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import type { Cart } from '@comptoir/contract/cart';
import type { Order } from '@comptoir/contract/order';
import type { paymentMethodSchema } from '@comptoir/contract/payment';
import { ApiError } from '@comptoir/contract/request';
import type { User } from '@comptoir/contract/user';
import { deliveryFeeLine } from '@comptoir/domain/delivery';
import { formatPrice } from '@comptoir/domain/money';
import type { PaymentMethod } from '@comptoir/domain/order';
import type { z } from 'zod';
import { useCartStore } from '../../lib/stores/cart-store';
import { CheckboxField } from '../../ui/checkbox-field';
import { FieldError } from '../../ui/field';
import { IntentLink } from '../../ui/intent-link';
import { BirthdateField, EmailField, NameFields, PhoneField } from '../../ui/person-fields';
import { failureMessage } from '../../ui/server-errors';
import { inFrench } from '../api-messages/in-french';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { TextareaField } from '../../ui/textarea-field';
import { useApiForm, type ApiForm } from '../../ui/use-api-form';
import formStyles from '../../ui/forms.module.css';
import type { BrowserApi } from '../account/browser-api';
import { DELIVERY_PATH } from '../delivery/delivery-model';
import { CheckoutCodes } from './checkout-codes';
import {
  cartAddressOf,
  checkedValues,
  checkoutFieldOf,
  deliveryPartOf,
  isShipped,
  orderBodyOf,
  type CheckoutField,
  type CheckoutValues,
} from './checkout-order';
import { cartCodeCheck, checkoutAmounts, type AppliedCodes } from './checkout-amounts';
import { DeliveryChoice } from './delivery-choice';
import { confirmationPathOf, paymentPathOf, SALE_TERMS_PATH } from './checkout-paths';
import { createOrderRoute, paymentMethodsRoute, validateOrderRoute } from './checkout-routes';
import { attemptKeyOf, callWithHeaders, forgetAttempt, rememberPlacedOrder } from './order-session';
import styles from './checkout.module.css';

type PaymentOffer = z.infer<typeof paymentMethodSchema>;

const SERVER_FIELDS: readonly CheckoutField[] = [
  'email',
  'firstname',
  'lastname',
  'phone',
  'birthdate',
  'billingFirstname',
  'billingLastname',
  'billingLine1',
  'billingLine2',
  'billingPostalCode',
  'billingCity',
  'billingCountry',
  'deliveryFirstname',
  'deliveryLastname',
  'deliveryLine1',
  'deliveryLine2',
  'deliveryPostalCode',
  'deliveryCity',
  'deliveryCountry',
  'message',
  'acceptTerms',
];

const CHOOSE_PAYMENT_MESSAGE = 'Choisissez un moyen de paiement.';
const NO_PAYMENT_MESSAGE =
  'Aucun moyen de paiement n’est proposé pour cette commande : contactez-nous pour la passer.';

function SaleTermsLabel() {
  return (
    <>
      J’ai lu et j’accepte les{' '}
      <IntentLink href={SALE_TERMS_PATH} target="_blank">
        conditions générales de vente
      </IntentLink>
      .
    </>
  );
}

function AddressFields({
  form,
  prefix,
  communeFromDelivery,
}: {
  form: ApiForm<CheckoutValues>;
  prefix: 'billing' | 'delivery';
  /** The commune is the one the fee was quoted for: shown, changed at the delivery step. */
  communeFromDelivery: boolean;
}) {
  const lockedHint = communeFromDelivery ? (
    <>
      Choisie à l’étape <IntentLink href={DELIVERY_PATH}>Livraison</IntentLink>.
    </>
  ) : undefined;
  return (
    <>
      <NameFields
        firstname={form.bind(`${prefix}Firstname`)}
        lastname={form.bind(`${prefix}Lastname`)}
      />
      <TextField
        label="Numéro et rue"
        autoComplete={`${prefix === 'billing' ? 'billing' : 'shipping'} address-line1`}
        {...form.bind(`${prefix}Line1`)}
      />
      <TextField
        label="Complément d’adresse"
        optional
        autoComplete={`${prefix === 'billing' ? 'billing' : 'shipping'} address-line2`}
        {...form.bind(`${prefix}Line2`)}
      />
      <div className={formStyles.row}>
        <TextField
          label="Code postal"
          inputMode="numeric"
          autoComplete={`${prefix === 'billing' ? 'billing' : 'shipping'} postal-code`}
          readOnly={communeFromDelivery}
          hint={lockedHint}
          {...form.bind(`${prefix}PostalCode`)}
        />
        <TextField
          label="Commune"
          autoComplete={`${prefix === 'billing' ? 'billing' : 'shipping'} address-level2`}
          readOnly={communeFromDelivery}
          {...form.bind(`${prefix}City`)}
        />
      </div>
      <TextField
        label="Pays"
        autoComplete={`${prefix === 'billing' ? 'billing' : 'shipping'} country-name`}
        readOnly={communeFromDelivery}
        {...form.bind(`${prefix}Country`)}
      />
    </>
  );
}

interface CheckoutFormProps {
  siteId: number;
  api: BrowserApi;
  cart: Cart;
  cartId: number;
  member: User | null;
  birthdateRequired: boolean;
  defaults: CheckoutValues;
  onPlaced: () => void;
}

/**
 * The checkout form (decision 0055): who orders, the addresses, a message, the codes, the
 * payment method and the terms of sale, beside the recap of the cart. The order is sent with an
 * Idempotency-Key kept for the attempt: a double click, a retry or a reload makes one order.
 */
export function CheckoutForm({
  siteId,
  api,
  cart,
  cartId,
  member,
  birthdateRequired,
  defaults,
  onPlaced,
}: CheckoutFormProps) {
  const ids = useId();
  const router = useRouter();
  const cartState = useCartStore();
  const shipped = isShipped(cartState);
  const [sameAddress, setSameAddress] = useState(true);
  /** Read by the form's schema on each check: the box changes while its contract stays loaded. */
  const separateDelivery = useRef(false);
  useEffect(() => {
    separateDelivery.current = shipped && !sameAddress;
  }, [shipped, sameAddress]);
  const [offers, setOffers] = useState<PaymentOffer[] | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  // The code the cart carries, while it applies, is the order's until the customer removes it
  // (decision 0099): the order then charges what the cart showed.
  const [codes, setCodes] = useState<AppliedCodes>(() => ({
    discount: cartCodeCheck(cart),
    voucher: null,
  }));
  /** The API's problems that belong to the cart or the delivery step, by key. */
  const [problems, setProblems] = useState<readonly { key: string; error: string }[]>([]);
  const attempt = useRef<string | null>(null);
  const sending = useRef(false);

  const clickAndCollect = cartState.deliveryType === 'clickAndCollect';
  const available = (offers ?? []).filter(
    (offer) => !offer.onlyForClickAndCollect || clickAndCollect,
  );
  const chosenMethod =
    paymentMethod && available.some((offer) => offer.method === paymentMethod)
      ? paymentMethod
      : (available[0]?.method ?? null);

  useEffect(() => {
    let live = true;
    api
      .call(paymentMethodsRoute)
      .then((list) => live && setOffers(list))
      .catch(async (error: unknown) => {
        const french = await inFrench(error);
        if (!live) return;
        setOffers([]);
        setPaymentError(failureMessage(french));
      });
    return () => {
      live = false;
    };
  }, [api]);

  // The whole cart checked before the customer fills anything in: stock, delivery rules, slot.
  useEffect(() => {
    const delivery = deliveryPartOf(useCartStore.getState());
    if (!delivery) return;
    let live = true;
    api
      .call(validateOrderRoute, { body: { idCart: cartId, ...delivery } })
      .then(() => live && setProblems([]))
      .catch(async (failure: unknown) => {
        const error = await inFrench(failure);
        if (live && error instanceof ApiError && error.errors.length > 0) {
          setProblems(error.errors);
        }
      });
    return () => {
      live = false;
    };
  }, [api, cartId, cart]);

  const form = useApiForm({
    contract: () =>
      import('./checkout-contract').then((module) =>
        module.checkoutContract({
          guest: member === null,
          birthdateRequired,
          separateDelivery: () => separateDelivery.current,
        }),
      ),
    defaultValues: defaults,
    serverFields: SERVER_FIELDS,
    submit: async (output: Record<string, unknown>) => {
      if (sending.current) return;
      const method = chosenMethod;
      if (!method) {
        setPaymentError(available.length === 0 ? NO_PAYMENT_MESSAGE : CHOOSE_PAYMENT_MESSAGE);
        document.getElementById(`${ids}-payment`)?.focus();
        return;
      }
      const values = checkedValues(output);
      const state = useCartStore.getState();
      // Kept for a later visit of the form (a failed attempt, a change of delivery).
      state.setDelivery({
        phone: values.phone,
        billingAddress: cartAddressOf(values, 'billing'),
        deliveryAddress: shipped && !sameAddress ? cartAddressOf(values, 'delivery') : null,
      });
      const body = orderBodyOf({
        cartId,
        values,
        state,
        isMember: member !== null,
        sameAddress,
        paymentMethod: method,
        discountCode: codes.discount?.code ?? null,
        giftVoucherCode: codes.voucher?.code ?? null,
      });
      if (!body) return;
      attempt.current ??= attemptKeyOf(cartId);
      sending.current = true;
      try {
        const order = await callWithHeaders<Order>(
          siteId,
          createOrderRoute,
          { body },
          { 'Idempotency-Key': attempt.current },
        );
        forgetAttempt(cartId);
        rememberPlacedOrder(order);
        onPlaced();
        // The cart is closed on the server: nothing of it stays in this browser.
        useCartStore.getState().clearCart();
        router.push(
          order.paymentMethod === 'CARD' ? paymentPathOf(order.id) : confirmationPathOf(order.id),
        );
      } catch (error) {
        // The API's refusal, in French and without field keys (decision 0084).
        throw placementFailure(await inFrench(error));
      } finally {
        sending.current = false;
      }
    },
  });

  /** Sorts the API's problems: the form's fields, the payment choice, the cart and delivery. */
  function placementFailure(error: unknown): unknown {
    if (!(error instanceof ApiError)) return error;
    // Refused: nothing was made, the corrected order is a new attempt (a lost answer keeps it).
    if (error.status >= 400 && error.status < 500) {
      forgetAttempt(cartId);
      attempt.current = null;
    }
    const fieldErrors: { key: string; error: string }[] = [];
    const elsewhere: { key: string; error: string }[] = [];
    for (const problem of error.errors) {
      const field = checkoutFieldOf(problem.key, sameAddress || !shipped);
      if (field) fieldErrors.push({ key: field, error: problem.error });
      else if (problem.key === 'paymentMethod') setPaymentError(problem.error);
      else elsewhere.push(problem);
    }
    setProblems(elsewhere);
    return new ApiError(error.message, error.status, fieldErrors);
  }

  const lineProblem = (lineId: number) =>
    problems.find((problem) => problem.key === `products.${lineId}`)?.error;
  const otherProblems = problems.filter((problem) => !problem.key.startsWith('products.'));
  const feeCents = shipped ? (cartState.carrier?.feeCents ?? null) : 0;
  const amounts = checkoutAmounts(cart.products, feeCents, codes);
  const fee = cartState.deliveryType
    ? deliveryFeeLine(cartState.deliveryType, amounts.shippingCents)
    : null;
  const paymentErrorId = `${ids}-payment-error`;

  return (
    <form
      className={styles.layout}
      onSubmit={form.onSubmit}
      onFocus={form.prepare}
      onPointerEnter={form.prepare}
      noValidate
      aria-label="Passer la commande"
    >
      <div className={styles.steps}>
        <DeliveryChoice state={cartState} problems={otherProblems} />

        <section aria-labelledby={`${ids}-who`} className={styles.section}>
          <h2 id={`${ids}-who`} className={styles.heading}>
            Vos coordonnées
          </h2>
          {member ? (
            <p className={styles.identity}>
              Vous commandez en tant que{' '}
              <strong>
                {member.firstname} {member.lastname}
              </strong>{' '}
              ({member.email}).
            </p>
          ) : (
            <>
              <EmailField
                {...form.bind('email')}
                hint="Pour vous envoyer la confirmation et le suivi de votre commande."
              />
              <NameFields firstname={form.bind('firstname')} lastname={form.bind('lastname')} />
            </>
          )}
          <div className={formStyles.row}>
            <PhoneField optional={false} {...form.bind('phone')} />
            {birthdateRequired ? <BirthdateField {...form.bind('birthdate')} /> : null}
          </div>
          {birthdateRequired ? (
            <p className={styles.hint}>
              La vente d’alcool est interdite aux mineurs : votre date de naissance nous est
              demandée.
            </p>
          ) : null}
        </section>

        <section aria-labelledby={`${ids}-billing`} className={styles.section}>
          <h2 id={`${ids}-billing`} className={styles.heading}>
            Adresse de facturation
          </h2>
          <AddressFields form={form} prefix="billing" communeFromDelivery={false} />
        </section>

        {shipped ? (
          <section aria-labelledby={`${ids}-shipping`} className={styles.section}>
            <h2 id={`${ids}-shipping`} className={styles.heading}>
              Adresse de livraison
            </h2>
            <div className={formStyles.checkbox}>
              <input
                id={`${ids}-same`}
                type="checkbox"
                className={formStyles.checkboxInput}
                checked={sameAddress}
                onChange={(event) => setSameAddress(event.target.checked)}
              />
              <label htmlFor={`${ids}-same`} className={formStyles.checkboxLabel}>
                Identique à l’adresse de facturation
              </label>
            </div>
            {sameAddress ? null : (
              <AddressFields form={form} prefix="delivery" communeFromDelivery />
            )}
          </section>
        ) : null}

        <section aria-labelledby={`${ids}-message`} className={styles.section}>
          <h2 id={`${ids}-message`} className={styles.heading}>
            Un message pour nous ?
          </h2>
          <TextareaField
            label="Votre message"
            optional
            rows={3}
            maxLength={2000}
            hint={
              shipped
                ? 'Une précision sur la livraison, un mot pour un cadeau…'
                : 'Une précision sur votre commande, un mot pour un cadeau…'
            }
            {...form.bind('message')}
          />
        </section>

        <fieldset
          id={`${ids}-payment`}
          className={styles.fieldset}
          tabIndex={-1}
          aria-describedby={paymentError ? paymentErrorId : undefined}
        >
          <legend className={styles.legend}>Moyen de paiement</legend>
          {offers === null ? <p role="status">Chargement des moyens de paiement…</p> : null}
          <div className={styles.choices}>
            {available.map((offer) => (
              <label key={offer.method} className={styles.choice}>
                <input
                  type="radio"
                  name={`${ids}-payment-method`}
                  value={offer.method}
                  checked={chosenMethod === offer.method}
                  onChange={() => {
                    setPaymentMethod(offer.method);
                    setPaymentError(null);
                  }}
                />
                <span className={styles.choiceText}>
                  <span className={styles.choiceLabel}>{offer.label}</span>
                  <span className={styles.choiceDescription}>{offer.description}</span>
                </span>
              </label>
            ))}
          </div>
          {offers !== null && available.length === 0 && !paymentError ? (
            <p className={styles.problem}>{NO_PAYMENT_MESSAGE}</p>
          ) : null}
          <FieldError id={paymentErrorId}>{paymentError ?? undefined}</FieldError>
        </fieldset>
      </div>

      <aside aria-labelledby={`${ids}-summary`} className={styles.summary}>
        <h2 id={`${ids}-summary`} className={styles.heading}>
          Récapitulatif
        </h2>
        <ul className={styles.lines} role="list">
          {cart.products.map((line) => (
            <li key={line.id} className={styles.line}>
              <span className={styles.lineName}>
                {line.name}
                {line.year ? ` ${line.year}` : ''}
                <span className={styles.lineQuantity}>
                  {line.quantity} × {formatPrice(line.unitPriceCents + line.customizationCostCents)}
                </span>
              </span>
              <span className={styles.amount}>{formatPrice(line.totalCents)}</span>
              {lineProblem(line.id) ? (
                <p className={styles.lineProblem} role="alert">
                  {lineProblem(line.id)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        <CheckoutCodes siteId={siteId} cartId={cartId} codes={codes} onChange={setCodes} />
        <dl className={styles.totals}>
          <div>
            <dt>Total des produits</dt>
            <dd>{formatPrice(amounts.productsCents)}</dd>
          </div>
          {amounts.discountCents > 0 ? (
            <div>
              <dt>Réduction ({codes.discount?.code})</dt>
              <dd>− {formatPrice(amounts.discountCents)}</dd>
            </div>
          ) : null}
          {fee ? (
            <div>
              <dt>{fee.label}</dt>
              <dd data-testid="checkout-fee">{fee.value}</dd>
            </div>
          ) : null}
          <div className={styles.grandTotal}>
            <dt>Total TTC</dt>
            <dd data-testid="checkout-total">{formatPrice(amounts.totalCents)}</dd>
          </div>
          {amounts.voucherCents > 0 ? (
            <>
              <div>
                <dt>Bon cadeau</dt>
                <dd>− {formatPrice(amounts.voucherCents)}</dd>
              </div>
              <div className={styles.amountDue}>
                <dt>Reste à payer</dt>
                <dd data-testid="checkout-amount-due">{formatPrice(amounts.amountDueCents)}</dd>
              </div>
            </>
          ) : null}
        </dl>
        <CheckboxField label={<SaleTermsLabel />} {...form.bind('acceptTerms')} required />
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Envoi de la commande…">
          Commander avec obligation de paiement
        </SubmitButton>
        <p className={styles.hint}>
          Les montants sont recalculés à l’enregistrement de la commande.
        </p>
      </aside>
    </form>
  );
}
