import type { CostType, CustomizationInputType, CustomizationType } from './catalogue';
import { percentOfCents } from './money';

/** One priced option of a customization (docs/requirements/product-customization.md). */
export interface CustomizationValueRule {
  /** TEXT: the tier applies from this many characters on. */
  textNumberOfChar: number | null;
  /** SELECT: the key of the option. */
  selectKey: string | null;
  costType: CostType;
  /** EURO: cents; PERCENT: basis points of the unit price; NONE: ignored. */
  amount: number;
}

export interface CustomizationRule {
  inputType: CustomizationInputType;
  values: readonly CustomizationValueRule[];
}

/** A visitor's answer (docs/requirements/product-customization.md); only the field of the input's type is read. */
export interface CustomizationAnswer {
  textValue?: string | null;
  checkboxValue?: boolean | null;
  selectValue?: { key: string; value?: string | null } | null;
  filename?: string | null;
}

const graphemes = new Intl.Segmenter('fr', { granularity: 'grapheme' });

/**
 * The length of an engraving as the visitor sees it: characters as displayed (an accented letter
 * or an emoji counts once), leading and trailing spaces not counted.
 */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text.trim())) count += 1;
  return count;
}

/**
 * TEXT: the tier with the highest character count not above the typed length (docs/requirements/product-customization.md). An empty
 * text has no tier: nothing is engraved, nothing is charged.
 */
export function textTier<V extends CustomizationValueRule>(
  values: readonly V[],
  length: number,
): V | null {
  if (length <= 0) return null;
  let best: V | null = null;
  for (const value of values) {
    if (value.textNumberOfChar === null || value.textNumberOfChar > length) continue;
    if (best === null || value.textNumberOfChar > (best.textNumberOfChar ?? 0)) best = value;
  }
  return best;
}

/** SELECT: the option with the chosen key, null for a key the customization does not offer. */
export function selectOption<V extends CustomizationValueRule>(
  values: readonly V[],
  key: string,
): V | null {
  return values.find((value) => value.selectKey === key) ?? null;
}

/**
 * The option an answer is priced with, or null when it costs nothing: an empty text, an unchecked
 * checkbox, no file, no or an unknown select key. A CHECKBOX or FILE customization has one option,
 * its first value.
 */
export function pricedOption<V extends CustomizationValueRule>(
  rule: { inputType: CustomizationInputType; values: readonly V[] },
  answer: CustomizationAnswer,
): V | null {
  switch (rule.inputType) {
    case 'TEXT':
      return textTier(rule.values, countCharacters(answer.textValue ?? ''));
    case 'SELECT':
      return answer.selectValue ? selectOption(rule.values, answer.selectValue.key) : null;
    case 'CHECKBOX':
      return answer.checkboxValue === true ? (rule.values[0] ?? null) : null;
    case 'FILE':
      return answer.filename ? (rule.values[0] ?? null) : null;
  }
}

/**
 * Whether an answer gives the part its input type asks and prices: a text with a character, a
 * select key, a ticked box, a file. A DYNAMIC_FORM's form is not that part.
 */
export function inputPartGiven(
  inputType: CustomizationInputType,
  answer: CustomizationAnswer | null,
): boolean {
  if (!answer) return false;
  switch (inputType) {
    case 'TEXT':
      return countCharacters(answer.textValue ?? '') > 0;
    case 'SELECT':
      return Boolean(answer.selectValue?.key);
    case 'CHECKBOX':
      return answer.checkboxValue === true;
    case 'FILE':
      return Boolean(answer.filename);
  }
}

/** A customization as its answers are checked: its kind, and whether it must be answered. */
export interface AskedCustomization {
  type: CustomizationType;
  inputType: CustomizationInputType;
  isRequired: boolean;
}

/** An answer with its DYNAMIC_FORM fields (by field key; an empty object says nothing). */
export interface CustomizationAnswerWithForm extends CustomizationAnswer {
  formAnswer?: Readonly<Record<string, unknown>> | null;
}

/**
 * Why an answer (null: none sent) cannot be taken as it is, or null when it can (decision 0081):
 * - REQUIRED: the customization is required and the part its input type asks is missing. Its
 *   form alone does not answer it: the fee is the input part's, so a form without its file (or
 *   text, choice, ticked box) would be taken at no cost.
 * - FORM_WITHOUT_INPUT: an optional DYNAMIC_FORM answer that fills its form but leaves out its
 *   input part, which is half an answer for the same reason.
 * The form's own rules (its required fields) are the form's check, not this one.
 */
export function answerGap(
  customization: AskedCustomization,
  answer: CustomizationAnswerWithForm | null,
): 'REQUIRED' | 'FORM_WITHOUT_INPUT' | null {
  if (inputPartGiven(customization.inputType, answer)) return null;
  if (customization.isRequired) return 'REQUIRED';
  const formGiven =
    customization.type === 'DYNAMIC_FORM' &&
    answer?.formAnswer != null &&
    Object.keys(answer.formAnswer).length > 0;
  return formGiven ? 'FORM_WITHOUT_INPUT' : null;
}

/** What is missing when a form comes without its input part, as the messages say it. */
const MISSING_INPUT_PART: Record<CustomizationInputType, string> = {
  TEXT: 'le texte manque',
  SELECT: 'le choix manque',
  CHECKBOX: 'la case n’est pas cochée',
  FILE: 'le fichier manque',
};

/** The French message of a gap, as the API sends it and the product page shows it. */
export function answerGapMessage(
  gap: 'REQUIRED' | 'FORM_WITHOUT_INPUT',
  customization: { label: string; inputType: CustomizationInputType },
): string {
  return gap === 'REQUIRED'
    ? `« ${customization.label} » est obligatoire.`
    : `Pour « ${customization.label} », ${MISSING_INPUT_PART[customization.inputType]} : le formulaire seul ne suffit pas.`;
}

/** What one option adds to one unit, in cents: a percentage is of the unit price, rounded. */
export function optionCostCents(value: CustomizationValueRule, unitPriceCents: number): number {
  switch (value.costType) {
    case 'NONE':
      return 0;
    case 'EURO':
      return value.amount;
    case 'PERCENT':
      return percentOfCents(unitPriceCents, value.amount);
  }
}

/** What an answer adds to the unit price, in cents (0 when it costs nothing). */
export function customizationCostCents(
  rule: CustomizationRule,
  answer: CustomizationAnswer,
  unitPriceCents: number,
): number {
  const option = pricedOption(rule, answer);
  return option === null ? 0 : optionCostCents(option, unitPriceCents);
}
