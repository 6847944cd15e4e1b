import type { CustomizationAnswer } from './customization-cost';
import { normalizeMultiple } from './quantity-picker';

/**
 * Cart arithmetic in integer cents (docs/architecture.md#the-shop-and-the-back-office), shared by the API (which decides) and the
 * storefront (which shows): a line costs its unit price plus its customizations' cost per unit,
 * times its quantity; the cart is the sum of its lines.
 */

export interface PricedLine {
  quantity: number;
  /** One unit after the declination's and the quantity discounts. */
  unitPriceCents: number;
  /** What the customization answers add to one unit. */
  customizationCostCents: number;
}

export function lineTotalCents(line: PricedLine): number {
  return (line.unitPriceCents + line.customizationCostCents) * line.quantity;
}

export interface CartTotals {
  /** The products' total, in cents (the spec's totalProduct). */
  totalProductCents: number;
  /** Units in the cart, all lines together (the header's badge). */
  totalQuantity: number;
}

export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  let totalProductCents = 0;
  let totalQuantity = 0;
  for (const line of lines) {
    totalProductCents += lineTotalCents(line);
    totalQuantity += line.quantity;
  }
  return { totalProductCents, totalQuantity };
}

/** An answer as it is kept on a cart line, with the customization it answers. */
export interface LineAnswer extends CustomizationAnswer {
  customizationId: number;
  formAnswer?: unknown;
}

/** Keys sorted at every level, so that two equal values always write the same text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The identity of a line's answers: two add-to-carts of the same declination with the same
 * answers land on one line (quantities added), with different answers on two. The order the
 * answers come in, the order of their keys and the answers that say nothing (an empty text, an
 * unchecked box) do not matter; a file is its name, since each upload is a new file.
 */
export function answersKey(answers: readonly LineAnswer[]): string {
  const meaningful = answers
    .map((answer) => ({
      id: answer.customizationId,
      text: answer.textValue?.trim() ? answer.textValue.trim() : null,
      checkbox: answer.checkboxValue === true ? true : null,
      select: answer.selectValue?.key ?? null,
      file: answer.filename ? answer.filename : null,
      form: answer.formAnswer ?? null,
    }))
    .filter(
      (answer) =>
        answer.text !== null ||
        answer.checkbox !== null ||
        answer.select !== null ||
        answer.file !== null ||
        answer.form !== null,
    )
    .sort((a, b) => a.id - b.id);
  return JSON.stringify(canonical(meaningful));
}

/**
 * The quantity a merged line keeps (login merge, docs/requirements/cart.md): the two quantities added, then brought
 * down to the largest multiple of sellByMultipleOf the stock still covers, `otherLinesQuantity`
 * being what the cart's other lines of the same declination already hold. 0 means the line
 * cannot be kept. A stock of null is not managed: nothing caps the sum.
 */
export function mergedQuantity(options: {
  quantities: readonly number[];
  sellByMultipleOf: number | null | undefined;
  stock: number | null;
  otherLinesQuantity?: number;
}): number {
  const multiple = normalizeMultiple(options.sellByMultipleOf);
  const wanted = options.quantities.reduce((sum, quantity) => sum + Math.max(0, quantity), 0);
  const room =
    options.stock === null
      ? wanted
      : Math.max(0, options.stock - (options.otherLinesQuantity ?? 0));
  const capped = Math.min(wanted, room);
  return capped - (capped % multiple);
}
