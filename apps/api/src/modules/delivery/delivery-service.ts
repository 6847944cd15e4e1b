import type { Cart } from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import {
  CART_CHANGED_MESSAGE,
  NO_PRODUCTS_MESSAGE,
  UNKNOWN_COUNTRY_MESSAGE,
  UNKNOWN_POSTAL_CODE_MESSAGE,
  type CarrierPrice,
  type ShippingQuote,
} from '@comptoir/contract/shipping';
import {
  canShipTo,
  carrierPrice,
  cartonPlaces,
  expeditionProblems,
  FRANCE_ONLY_MESSAGE,
  freeShippingMessage,
  isPostalCodeFormatOf,
  shippedBottles,
  shippingParametersOf,
  shippingZoneOf,
} from '@comptoir/domain/delivery';
import { deliveryFeeCents, goodsCents, reachesFreeShipping } from '@comptoir/domain/order';
import { HttpError } from '../../http/http-error';
import type { SiteParameterValues } from '../../lib/site-parameter-values';
import type { CityIndex } from '../city';
import type { CountryLookup } from '../country';
import type { DeliveryRepository } from './delivery-repository';

export const NOTHING_TO_SHIP_MESSAGE =
  'Votre panier ne contient que des produits dématérialisés : il n’y a rien à expédier.';

function refused(key: string, message: string): HttpError {
  const errors: FieldError[] = [{ key, error: message }];
  return new HttpError(422, message, errors);
}

/** The quantity of each product in the cart, all its lines together. */
function quantitiesByProduct(products: readonly { productId: number; quantity: number }[]) {
  const quantities = new Map<number, number>();
  for (const line of products) {
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  return quantities;
}

export interface QuoteRequest {
  products: readonly { idProduct: number; quantity: number }[];
  postalCode: string;
  country: string;
}

export function createDeliveryService(dependencies: {
  repository: DeliveryRepository;
  countries: CountryLookup;
  cities: () => Promise<CityIndex>;
  readParameters: (siteId: number) => Promise<SiteParameterValues>;
}) {
  const { repository, countries, cities, readParameters } = dependencies;

  /** The site's shipping rules (BOTTLE_MULTIPLE, FREE_SHIPPING_PRICE…), read through the cache. */
  async function shippingParameters(siteId: number) {
    const values = await readParameters(siteId);
    return shippingParametersOf({ number: values.number, flag: values.isOn, text: values.text });
  }

  async function checkDestination(postalCode: string, alphaThree: string) {
    const country = await countries.byAlphaThree(alphaThree);
    if (!country) throw refused('country', UNKNOWN_COUNTRY_MESSAGE);
    const exists =
      isPostalCodeFormatOf(country.alphaThree, postalCode) &&
      (country.alphaThree !== 'FRA' || (await cities()).hasPostalCode(postalCode));
    if (!exists) throw refused('postalCode', UNKNOWN_POSTAL_CODE_MESSAGE);
    return country;
  }

  return {
    /**
     * The carriers that deliver this cart there, priced from the cart's lines as the catalogue
     * describes them (decision 0043). The request's products must be the cart's: they are what
     * the customer sees, and a stale page is told to refresh instead of being quoted.
     */
    async quote(siteId: number, cart: Cart, request: QuoteRequest): Promise<ShippingQuote> {
      if (request.products.length === 0 || cart.products.length === 0) {
        throw refused('products', NO_PRODUCTS_MESSAGE);
      }
      const inCart = quantitiesByProduct(cart.products);
      const asked = quantitiesByProduct(
        request.products.map((product) => ({
          productId: product.idProduct,
          quantity: product.quantity,
        })),
      );
      const sameProducts =
        inCart.size === asked.size &&
        [...inCart].every(([productId, quantity]) => asked.get(productId) === quantity);
      if (!sameProducts) throw new HttpError(409, CART_CHANGED_MESSAGE);

      const country = await checkDestination(request.postalCode, request.country);
      const parameters = await shippingParameters(siteId);
      if (!canShipTo(country.alphaThree, parameters)) throw refused('country', FRANCE_ONLY_MESSAGE);

      const places = cartonPlaces(cart.products);
      if (places === 0) throw refused('products', NOTHING_TO_SHIP_MESSAGE);
      const bottleCount = shippedBottles(cart.products);
      const problems = expeditionProblems(bottleCount, parameters);
      if (problems.length > 0) {
        throw new HttpError(
          422,
          problems.join(' '),
          problems.map((error) => ({ key: 'products', error })),
        );
      }

      const zone = shippingZoneOf(country.alphaThree, request.postalCode);
      // The one rule of the fees (order-amounts): the order re-quotes them through this quote.
      const free = reachesFreeShipping(cart.products, parameters);
      const offers: CarrierPrice[] = [];
      for (const carrier of await repository.activeCarriers(siteId)) {
        const packing = carrierPrice(carrier.grid, zone, places);
        if (packing === null) continue;
        offers.push({
          id: carrier.id,
          name: carrier.name,
          serviceCode: carrier.serviceCode,
          price: packing.priceCents,
          fdp: deliveryFeeCents(cart.products, packing.priceCents, parameters),
          deliveryType: carrier.deliveryType,
          siteType: carrier.siteType === 'VIGNOBLE_EXPORT' ? 'VIGNOBLE_EXPORT' : null,
          description: carrier.description,
          cartons: packing.cartons,
        });
      }
      return {
        carriers: offers,
        zone,
        bottleCount,
        isFreeShipping: free,
        freeShippingMessage: freeShippingMessage(
          bottleCount,
          goodsCents(cart.products),
          parameters,
        ),
        shippingMessage: parameters.shippingMessage,
      };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
