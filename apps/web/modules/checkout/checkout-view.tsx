'use client';

import dynamic from 'next/dynamic';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { User } from '@comptoir/contract/user';
import { numericCartId, useCartStore } from '../../lib/stores/cart-store';
import { IntentLink } from '../../ui/intent-link';
import { browserApi } from '../account/browser-api';
import { loginPathFor } from '../account/account-paths';
import { useAccount } from '../account/use-account';
import { CART_PATH } from '../cart/cart-paths';
import { refreshCart } from '../cart/cart-refresh';
import { cartDeliveryType } from '../cart/cart-delivery-type';
import { DELIVERY_PATH } from '../delivery/delivery-model';
import { checkoutDefaults, deliveryPartOf, type CheckoutCustomer } from './checkout-order';
import { CHECKOUT_PATH } from './checkout-paths';
import styles from './checkout.module.css';

const noSubscription = () => () => {};

/*
 * The form (its fields, validation schema and payment choice) is its own chunk: a visitor whose
 * cart is empty, or who has not chosen a delivery yet, never downloads it; the others fetch it
 * once the island knows their cart.
 */
const CheckoutForm = dynamic(
  () => import('./checkout-form').then((module) => module.CheckoutForm),
  { loading: () => <Waiting>Chargement du formulaire de commande…</Waiting> },
);

/** What the island says while it waits: the cart, the form's code, the next page. */
function Waiting({ children }: { children: string }) {
  return (
    <p className={styles.loading} role="status">
      {children}
    </p>
  );
}

function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function customerOf(user: User | null): CheckoutCustomer | null {
  if (!user) return null;
  return {
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    phone: user.phone,
    birthdate: user.birthdate,
  };
}

/**
 * The checkout step's island (decision 0055): once the browser knows the cart and who the
 * visitor is, the form opens with what is known of them; an empty cart or a delivery not
 * chosen yet sends the visitor back to the step that lacks it.
 */
export function CheckoutView({
  siteId,
  asksBirthdate,
}: {
  siteId: number;
  asksBirthdate: boolean;
}) {
  const hydrated = useHydrated();
  const api = useMemo(() => browserApi(siteId), [siteId]);
  const { status, user } = useAccount(siteId);
  const cart = useCartStore((state) => state.cart);
  const deliveryType = useCartStore((state) => state.deliveryType);
  const carrier = useCartStore((state) => state.carrier);
  const city = useCartStore((state) => state.city);
  const clickAndCollect = useCartStore((state) => state.clickAndCollect);
  /** Set once the order is placed: the page leaves, the emptied cart must not show meanwhile. */
  const [placed, setPlaced] = useState(false);

  useEffect(() => {
    void refreshCart(siteId);
  }, [siteId]);

  // A cart of gift vouchers comes here from the cart, with no delivery step: it is no_delivery,
  // whatever an earlier cart chose; a cart that has wine again chooses its delivery (0086).
  const lines = cart?.products ?? null;
  const deliveryTypeOfCart = lines ? cartDeliveryType(lines, deliveryType) : deliveryType;
  useEffect(() => {
    if (lines && deliveryTypeOfCart !== deliveryType) {
      useCartStore.getState().setDelivery({ deliveryType: deliveryTypeOfCart });
    }
  }, [lines, deliveryType, deliveryTypeOfCart]);

  if (placed) {
    return <Waiting>Votre commande est enregistrée, un instant…</Waiting>;
  }
  if (!hydrated || status === 'unknown') {
    return <Waiting>Chargement de votre commande…</Waiting>;
  }
  const cartId = numericCartId(useCartStore.getState().cartId) ?? cart?.id ?? null;
  if (!cart || cartId === null || cart.products.length === 0) {
    return (
      <div className={styles.empty}>
        <h2>Votre panier est vide</h2>
        <p>Ajoutez des vins à votre panier avant de passer commande.</p>
        <IntentLink href={CART_PATH} className="button">
          Retour au panier
        </IntentLink>
      </div>
    );
  }
  if (deliveryTypeOfCart !== deliveryType) {
    return <Waiting>Chargement de votre commande…</Waiting>;
  }
  const state = { deliveryType, carrier, city, clickAndCollect };
  if (!deliveryPartOf({ ...useCartStore.getState(), ...state })) {
    return (
      <div className={styles.empty}>
        <h2>Choisissez d’abord votre livraison</h2>
        <p>
          Indiquez comment recevoir votre commande : livraison par un transporteur ou retrait sur
          place.
        </p>
        <IntentLink href={DELIVERY_PATH} className="button">
          Choisir la livraison
        </IntentLink>
      </div>
    );
  }

  const member = status === 'member' ? user : null;
  return (
    <>
      {member ? null : (
        <p className={styles.invitation}>
          Déjà client ?{' '}
          <IntentLink href={loginPathFor(CHECKOUT_PATH)}>
            Connectez-vous pour retrouver vos informations
          </IntentLink>
          . Vous pouvez aussi commander sans compte.
        </p>
      )}
      <CheckoutForm
        // A login or logout changes whose details fill the form: it starts again with them.
        key={member ? `member-${member.id}` : 'guest'}
        siteId={siteId}
        api={api}
        cart={cart}
        cartId={cartId}
        member={member}
        birthdateRequired={asksBirthdate && !member?.birthdate}
        defaults={checkoutDefaults(useCartStore.getState(), customerOf(member))}
        onPlaced={() => setPlaced(true)}
      />
    </>
  );
}
