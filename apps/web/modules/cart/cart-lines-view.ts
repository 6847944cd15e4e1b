import type { CartProduct } from '@comptoir/contract/cart';
import { formatPrice } from '@comptoir/domain/money';
import { capacityLabel } from '../catalogue/shop-display';

/*
 * How a cart line reads on the cart page and in the mini-cart: plain data in, French text out.
 * Prices are the API's, in cents, shown with two decimals in euros (docs/requirements/cart.md).
 */

type CartCustomization = CartProduct['customizations'][number];

/** « 3 articles », « 1 article ». */
export function unitsLabel(count: number): string {
  return `${count} article${count > 1 ? 's' : ''}`;
}

/**
 * « 2023 · Magnum 1,5 L », « Carton de 6 bouteilles », or the part there is; null for a product
 * with neither.
 */
export function lineDetails(
  line: Pick<CartProduct, 'type' | 'year' | 'capacity' | 'capacityUnit'>,
) {
  return (
    [line.year?.toString(), capacityLabel(line, line.type)].filter(Boolean).join(' · ') || null
  );
}

function formAnswerText(answer: Record<string, unknown>): string {
  return Object.values(answer)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value) => value !== null && value !== undefined && value !== '' && value !== false)
    .map((value) => (value === true ? 'oui' : String(value)))
    .join(', ');
}

/** What the visitor answered, as they would say it; null for an answer that says nothing. */
export function customizationValue(answer: CartCustomization): string | null {
  if (answer.textValue) return `« ${answer.textValue} »`;
  if (answer.selectValue) return answer.selectValue.value ?? answer.selectValue.key;
  if (answer.checkboxValue === true) return 'oui';
  if (answer.filename) return `fichier ${answer.filename}`;
  if (answer.formAnswer) return formAnswerText(answer.formAnswer) || null;
  return null;
}

/** « Gravure : « Joyeux anniversaire » », and what it adds to each unit when it costs. */
export function customizationLines(line: Pick<CartProduct, 'customizations'>) {
  return line.customizations.flatMap((answer) => {
    const value = customizationValue(answer);
    if (value === null) return [];
    return [
      {
        id: answer.customizationId,
        text: `${answer.label} : ${value}`,
        cost: answer.costCents > 0 ? `+ ${formatPrice(answer.costCents)} par unité` : null,
      },
    ];
  });
}

/** The price of one unit with what its customizations add. */
export function unitTotalCents(
  line: Pick<CartProduct, 'unitPriceCents' | 'customizationCostCents'>,
) {
  return line.unitPriceCents + line.customizationCostCents;
}
