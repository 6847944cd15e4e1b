/** How many quantities the picker offers, and how far it looks for them (docs/requirements/cart.md). */
export const QUANTITY_CHOICE_COUNT = 20;
export const QUANTITY_SCAN_LIMIT = 1000;

/** A product's sales multiple: a positive integer; anything else (missing, 0, 2.5) means 1. */
export function normalizeMultiple(sellByMultipleOf: number | null | undefined): number {
  return typeof sellByMultipleOf === 'number' &&
    Number.isInteger(sellByMultipleOf) &&
    sellByMultipleOf >= 1
    ? sellByMultipleOf
    : 1;
}

/**
 * The quantities the picker offers: the first 20 multiples of sellByMultipleOf among 1…1000
 * (a product sold by 6 offers 6, 12 … 120; one sold by 100 offers only the ten up to 1000).
 */
export function quantityChoices(sellByMultipleOf: number | null | undefined): number[] {
  const multiple = normalizeMultiple(sellByMultipleOf);
  const choices: number[] = [];
  for (
    let quantity = multiple;
    quantity <= QUANTITY_SCAN_LIMIT && choices.length < QUANTITY_CHOICE_COUNT;
    quantity += multiple
  ) {
    choices.push(quantity);
  }
  return choices;
}

/**
 * Reads what the visitor typed or picked. A value that is not a number (empty, 'abc', NaN) falls
 * back to the multiple; a number is truncated to an integer and otherwise kept as is, so that the
 * add-to-cart check can name what is wrong with it (zero, not a multiple, above stock).
 */
export function parseQuantity(input: unknown, sellByMultipleOf: number | null | undefined): number {
  const multiple = normalizeMultiple(sellByMultipleOf);
  const value =
    typeof input === 'number'
      ? input
      : typeof input === 'string' && input.trim() !== ''
        ? Number(input.trim().replace(',', '.'))
        : Number.NaN;
  return Number.isFinite(value) ? Math.trunc(value) : multiple;
}

/** The "+" button: one multiple more. */
export function increaseQuantity(quantity: number, sellByMultipleOf: number | null | undefined) {
  return quantity + normalizeMultiple(sellByMultipleOf);
}

/** The "−" button: one multiple less, never below the multiple itself. */
export function decreaseQuantity(quantity: number, sellByMultipleOf: number | null | undefined) {
  const multiple = normalizeMultiple(sellByMultipleOf);
  return Math.max(multiple, quantity - multiple);
}
