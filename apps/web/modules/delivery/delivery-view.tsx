'use client';

import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { CompanyAddress } from '@comptoir/contract/contact';
import type { Country } from '@comptoir/contract/country';
import type { AccessPoint } from '@comptoir/contract/relay';
import type { ShippingQuote } from '@comptoir/contract/shipping';
import { allowedDeliveryTypes, deliveryFeeLine } from '@comptoir/domain/delivery';
import { formatPrice } from '@comptoir/domain/money';
import { numericCartId, useCartStore, type DeliveryType } from '../../lib/stores/cart-store';
import { IntentLink } from '../../ui/intent-link';
import { browserApi } from '../account/browser-api';
import { CART_PATH } from '../cart/cart-paths';
import { CHECKOUT_PATH } from '../checkout/checkout-step-path';
import { refreshCart } from '../cart/cart-refresh';
import { CityCombobox, type CityOption } from './city-combobox';
import {
  NO_CARRIER_MESSAGE,
  deliveryTotals,
  quoteKey,
  quotedProducts,
  requotedCarrier,
} from './delivery-model';
import {
  accessPointsRoute,
  citiesRoute,
  companyAddressRoute,
  countriesRoute,
  releaseSlotRoute,
  shippingFeesRoute,
} from './delivery-routes';
import styles from './delivery.module.css';

/*
 * Click-and-collect and the relay list show only after a choice: their code (the calendar and its
 * French formatters) loads then, in chunks of its own, never with the page (decision 0046).
 */
const ClickAndCollect = lazy(() =>
  import('./click-and-collect').then((module) => ({ default: module.ClickAndCollect })),
);
const RelayList = lazy(() =>
  import('./relay-list').then((module) => ({ default: module.RelayList })),
);
/* The carriers and the quote's messages show once a commune is chosen (decision 0086). */
const CarrierChoice = lazy(() =>
  import('./carrier-choice').then((module) => ({ default: module.CarrierChoice })),
);
/* Outside France, postal code and city typed and checked by the country's format (0047). */
const ForeignAddress = lazy(() =>
  import('./foreign-address').then((module) => ({ default: module.ForeignAddress })),
);

const noSubscription = () => () => {};
const FRANCE = 'FRA';

function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message && !error.message.startsWith('Unexpected response')
    ? error.message
    : fallback;

interface QuoteAnswer {
  key: string;
  quote: ShippingQuote | null;
  error: string | null;
}

interface RelayAnswer {
  key: string;
  points: AccessPoint[];
  error: string | null;
}

const UNREACHABLE_MESSAGE = 'Le service de livraison ne répond pas : réessayez dans un instant.';

/**
 * The delivery step's island (decision 0046): delivery or click-and-collect; for delivery the
 * country, the commune (cities call), the carriers and their fees (shipping-fees call), and a
 * relay point for a relay carrier; for click-and-collect the shop's address and its calendar.
 * Every choice goes to the persisted cart state; the total follows the fee.
 */
export function DeliveryView({ siteId }: { siteId: number }) {
  const hydrated = useHydrated();
  const api = useMemo(() => browserApi(siteId), [siteId]);
  const ids = useId();
  const cart = useCartStore((state) => state.cart);
  const city = useCartStore((state) => state.city);
  const carrier = useCartStore((state) => state.carrier);
  const storedType = useCartStore((state) => state.deliveryType);
  const clickAndCollect = useCartStore((state) => state.clickAndCollect);
  const setDelivery = useCartStore((state) => state.setDelivery);

  const [countries, setCountries] = useState<Country[]>([]);
  /** The countries call, awaited by a city search typed before it answered. */
  const countriesLoading = useRef<Promise<Country[]> | null>(null);
  /** The country chosen before a commune; a chosen commune's country wins. */
  const [countryChoice, setCountryChoice] = useState(FRANCE);
  const country = city?.country ?? countryChoice;
  const [pickupAddresses, setPickupAddresses] = useState<CompanyAddress[] | null>(null);
  /** The last quote's answer, for the cart and destination it was asked for. */
  const [quoted, setQuoted] = useState<QuoteAnswer | null>(null);
  const [quoting, setQuoting] = useState(false);
  /** The relay points found, for the commune they were asked for. */
  const [relay, setRelay] = useState<RelayAnswer | null>(null);
  /** docs/requirements/delivery.md: a fee request while one runs is ignored; the latest wish is asked once it ends. */
  const running = useRef(false);
  const wanted = useRef<string | null>(null);
  const answered = useRef<string | null>(null);

  useEffect(() => {
    void refreshCart(siteId);
  }, [siteId]);

  useEffect(() => {
    let live = true;
    const loading = api
      .call(countriesRoute, { query: { nbItem: 1000 } })
      .catch((): Country[] => []);
    countriesLoading.current = loading;
    void loading.then((list) => live && setCountries(list));
    api
      .call(companyAddressRoute, { query: { isClickAndCollect: 'true' } })
      .then((list) => live && setPickupAddresses(list))
      .catch(() => live && setPickupAddresses([]));
    return () => {
      live = false;
    };
  }, [api]);

  const cartId = numericCartId(useCartStore.getState().cartId) ?? cart?.id ?? null;
  const lines = cart?.products ?? [];
  const types = allowedDeliveryTypes(lines, (pickupAddresses?.length ?? 0) > 0);
  /** Gift vouchers only: nothing to deliver, the checkout is the next step (decision 0086). */
  const dematerialized = hydrated && types[0] === 'no_delivery';
  useEffect(() => {
    // A plain replace: the router would add its code to this step's first load for a rare visit.
    if (dematerialized) window.location.replace(CHECKOUT_PATH);
  }, [dematerialized]);
  const deliveryType: DeliveryType =
    storedType && types.includes(storedType) ? storedType : types[0]!;
  const key =
    cart && city && lines.length > 0 && deliveryType === 'delivery'
      ? quoteKey(cart.id, lines, city.postalCode, city.country)
      : null;

  const requestQuote = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setQuoting(true);
    try {
      // The wish may change while a request runs (a quantity, the commune): ask again then.
      while (wanted.current !== null && wanted.current !== answered.current) {
        const asked = wanted.current;
        const { cart: current, city: destination } = useCartStore.getState();
        if (!current || !destination) break;
        answered.current = asked;
        try {
          const answer = await api.call(shippingFeesRoute, {
            body: {
              idCart: current.id,
              products: quotedProducts(current.products),
              postalCode: destination.postalCode,
              country: destination.country,
            },
          });
          setQuoted({
            key: asked,
            quote: answer,
            error: answer.carriers.length === 0 ? NO_CARRIER_MESSAGE : null,
          });
          const chosen = requotedCarrier(useCartStore.getState().carrier, answer.carriers);
          useCartStore.getState().setDelivery({ carrier: chosen });
        } catch (error) {
          setQuoted({ key: asked, quote: null, error: messageOf(error, UNREACHABLE_MESSAGE) });
          useCartStore.getState().setDelivery({ carrier: null });
          // A cart that changed under the quote (409): its refresh changes the wish, asked then.
          if (error instanceof Error && 'status' in error && error.status === 409) {
            await refreshCart(siteId);
          }
        }
      }
    } finally {
      running.current = false;
      setQuoting(false);
    }
  }, [api, siteId]);

  useEffect(() => {
    wanted.current = key;
    if (key !== null && key !== answered.current) void requestQuote();
    if (key === null) answered.current = null;
  }, [key, requestQuote]);
  const quote = quoted && quoted.key === key ? quoted.quote : null;
  const quoteError = quoted && quoted.key === key ? quoted.error : null;

  // The relay points of a relay carrier, near the chosen commune.
  const relayKey =
    deliveryType === 'delivery' && carrier?.deliveryType === 'PICKUP' && city
      ? `${city.postalCode}|${city.name}|${city.country}`
      : null;
  useEffect(() => {
    const destination = useCartStore.getState().city;
    if (relayKey === null || !destination) return;
    let live = true;
    api
      .call(accessPointsRoute, {
        body: {
          postalCode: destination.postalCode,
          city: destination.name,
          country: destination.country,
        },
      })
      .then((points) => live && setRelay({ key: relayKey, points, error: null }))
      .catch((error: unknown) => {
        if (live) {
          setRelay({ key: relayKey, points: [], error: messageOf(error, UNREACHABLE_MESSAGE) });
        }
      });
    return () => {
      live = false;
    };
  }, [api, relayKey]);
  const accessPoints = relay && relay.key === relayKey ? relay.points : null;
  const relayError = relay && relay.key === relayKey ? relay.error : null;

  const searchCities = useCallback(
    async (text: string): Promise<CityOption[]> => {
      // A visitor may type before the countries have answered: the search waits for them.
      const known = countries.length > 0 ? countries : ((await countriesLoading.current) ?? []);
      const countryId = known.find((item) => item.alphaThree === country)?.id;
      if (countryId === undefined) throw new Error('The countries are not known');
      // A failed call is told by the combobox, never shown as "no commune".
      return api.call(citiesRoute, { params: { search: text, idCountry: countryId } });
    },
    [api, countries, country],
  );

  if (!hydrated) {
    return (
      <p className={styles.loading} role="status">
        Chargement de votre livraison…
      </p>
    );
  }

  if (!cart || lines.length === 0) {
    return (
      <div className={styles.empty}>
        <h2>Votre panier est vide</h2>
        <p>Ajoutez des vins à votre panier avant de choisir leur livraison.</p>
        <IntentLink href={CART_PATH} className="button">
          Retour au panier
        </IntentLink>
      </div>
    );
  }

  // Nothing to show while the checkout replaces this step (the effect above).
  if (dematerialized) return null;

  function chooseType(type: DeliveryType) {
    if (type === deliveryType) return;
    if (type === 'clickAndCollect') {
      // docs/requirements/delivery.md: click-and-collect resets the carrier, the city, the fee and the relay point.
      setDelivery({ deliveryType: type, carrier: null, city: null });
      setQuoted(null);
      setRelay(null);
    } else {
      setDelivery({ deliveryType: type, clickAndCollect: null });
      if (clickAndCollect && cartId !== null) {
        void api.call(releaseSlotRoute, { params: { cartId } }).catch(() => undefined);
      }
    }
  }

  const { feeCents, totalCents } = deliveryTotals(cart.totalProduct, deliveryType, carrier);
  const fee = deliveryFeeLine(deliveryType, feeCents);
  /** The checkout needs a complete choice: a carrier (and its relay point), or a held slot. */
  const chosen =
    (deliveryType === 'clickAndCollect' && clickAndCollect !== null) ||
    (deliveryType === 'delivery' &&
      carrier !== null &&
      (carrier.deliveryType === 'DELIVERY' || carrier.accessPoint !== null));

  return (
    <div className={styles.layout}>
      <div className={styles.steps}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Mode de réception</legend>
          <div className={styles.choices}>
            {types.map((type) => (
              <label key={type} className={styles.choice}>
                <input
                  type="radio"
                  name={`${ids}-type`}
                  value={type}
                  checked={deliveryType === type}
                  onChange={() => chooseType(type)}
                />
                {/* A cart with nothing to ship never shows this step (decision 0086). */}
                <span>
                  {type === 'delivery' ? 'Livraison' : 'Retrait sur place (click & collect)'}
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {deliveryType === 'delivery' ? (
          <section aria-labelledby={`${ids}-delivery`} className={styles.section}>
            <h2 id={`${ids}-delivery`} className={styles.heading}>
              Adresse de livraison
            </h2>
            <div className={styles.field}>
              <label htmlFor={`${ids}-country`} className={styles.label}>
                Pays
              </label>
              <select
                id={`${ids}-country`}
                className={styles.input}
                value={country}
                onChange={(event) => {
                  setCountryChoice(event.target.value);
                  if (city && city.country !== event.target.value) {
                    setDelivery({ city: null, carrier: null });
                  }
                }}
              >
                {countries.length === 0 ? <option value={FRANCE}>France</option> : null}
                {countries.map((item) => (
                  <option key={item.id} value={item.alphaThree}>
                    {item.name}
                  </option>
                ))}
              </select>
            </div>
            {country === FRANCE ? (
              <CityCombobox
                value={city ? { code: '', name: city.name, postalCode: city.postalCode } : null}
                search={searchCities}
                onChoose={(choice) =>
                  setDelivery({
                    deliveryType: 'delivery',
                    city: { name: choice.name, postalCode: choice.postalCode, country },
                  })
                }
              />
            ) : (
              <Suspense fallback={null}>
                <ForeignAddress
                  key={country}
                  country={country}
                  value={city ? { name: city.name, postalCode: city.postalCode } : null}
                  onChoose={(choice) =>
                    setDelivery({
                      deliveryType: 'delivery',
                      city: { name: choice.name, postalCode: choice.postalCode, country },
                    })
                  }
                />
              </Suspense>
            )}
            {/* Nothing of the quote shows before a commune: its key needs one. */}
            {city ? (
              <Suspense
                fallback={quoting ? <p role="status">Calcul des frais de livraison…</p> : null}
              >
                <CarrierChoice
                  quote={quote}
                  error={quoteError}
                  quoting={quoting}
                  chosen={carrier}
                  name={`${ids}-carrier`}
                  onChoose={(chosen) => setDelivery({ deliveryType: 'delivery', carrier: chosen })}
                />
              </Suspense>
            ) : null}
            {carrier?.deliveryType === 'PICKUP' && city ? (
              <Suspense fallback={<p role="status">Recherche des points relais…</p>}>
                <RelayList
                  points={accessPoints}
                  error={relayError}
                  chosenId={carrier.accessPoint?.id ?? null}
                  onChoose={(point) =>
                    setDelivery({
                      carrier: {
                        ...carrier,
                        accessPoint: {
                          id: point.id,
                          name: point.name,
                          addLine1: point.addLine1,
                          zipCode: point.zipCode,
                          city: point.city,
                          country: point.country,
                        },
                      },
                    })
                  }
                />
              </Suspense>
            ) : null}
          </section>
        ) : null}

        {deliveryType === 'clickAndCollect' && pickupAddresses && cartId !== null ? (
          <Suspense fallback={<p role="status">Chargement du calendrier…</p>}>
            <ClickAndCollect api={api} addresses={pickupAddresses} cartId={cartId} />
          </Suspense>
        ) : null}
      </div>

      <aside aria-labelledby={`${ids}-summary`} className={styles.summary}>
        <h2 id={`${ids}-summary`} className={styles.heading}>
          Récapitulatif
        </h2>
        <dl className={styles.totals}>
          <div>
            <dt>Total des produits</dt>
            <dd>{formatPrice(cart.totalProduct)}</dd>
          </div>
          {fee ? (
            <div>
              <dt>{fee.label}</dt>
              <dd data-testid="delivery-fee">{fee.value}</dd>
            </div>
          ) : null}
          <div className={styles.grandTotal}>
            <dt>Total</dt>
            <dd data-testid="delivery-total">{formatPrice(totalCents ?? cart.totalProduct)}</dd>
          </div>
        </dl>
        {totalCents === null ? (
          <p className={styles.hint}>Le total comprendra les frais du transporteur choisi.</p>
        ) : null}
        <p className="visually-hidden" role="status" aria-live="polite">
          {totalCents === null ? '' : `Total avec la livraison : ${formatPrice(totalCents)}`}
        </p>
        {chosen ? (
          <IntentLink
            href={CHECKOUT_PATH}
            className="button"
            // The type shown by default is kept too: the checkout reads the stored choice.
            onClick={() => setDelivery({ deliveryType })}
          >
            Saisir mes coordonnées
          </IntentLink>
        ) : (
          <p className={styles.hint}>Choisissez votre mode de réception pour continuer.</p>
        )}
        <IntentLink href={CART_PATH} className="button button-secondary">
          Modifier mon panier
        </IntentLink>
      </aside>
    </div>
  );
}
