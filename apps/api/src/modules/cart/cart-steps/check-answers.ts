import type { CustomizationAnswerInput } from '@comptoir/contract/cart';
import { CUSTOMIZATION_INVALID_MESSAGE } from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import { checkFormAnswer, formFieldSchema, type FormField } from '@comptoir/contract/form';
import { addToCartErrorText } from '@comptoir/domain/add-to-cart';
import {
  answerGap,
  answerGapMessage,
  countCharacters,
  inputPartGiven,
  type CustomizationAnswer,
} from '@comptoir/domain/customization-cost';
import { HttpError } from '../../../http/http-error';
import type { CartAnswerRecord, CartRepository, NewCartAnswer } from '../cart-repository';
import { checkCustomizationFile, type CheckedFile } from '../cart-upload';

/*
 * The cart's step "check the answers": a line's customization answers against the product's
 * customizations, before anything is stored or priced.
 */

export type CustomizationRules = Awaited<ReturnType<CartRepository['listCustomizations']>>;
type CustomizationRow = CustomizationRules['customizations'][number];
type ValueRow = CustomizationRules['values'][number];
export interface RuleWithValues extends CustomizationRow {
  values: ValueRow[];
}

/** The customizations of each product, each with its select values. */
export function rulesByProduct(rules: CustomizationRules): Map<number, RuleWithValues[]> {
  const byProduct = new Map<number, RuleWithValues[]>();
  for (const customization of rules.customizations) {
    const values = rules.values.filter((value) => value.customizationId === customization.id);
    const list = byProduct.get(customization.productId) ?? [];
    list.push({ ...customization, values });
    byProduct.set(customization.productId, list);
  }
  return byProduct;
}

/** An answer as the domain's cost and gap rules read it. */
export function asDomainAnswer(answer: CartAnswerRecord | NewCartAnswer): CustomizationAnswer {
  return {
    textValue: answer.textValue ?? null,
    checkboxValue: answer.checkboxValue ?? null,
    selectValue: answer.selectKey
      ? { key: answer.selectKey, value: answer.selectValue ?? null }
      : null,
    filename: answer.filename ?? null,
  };
}

/**
 * Checks a visitor's answers against the product's customizations and keeps only what each
 * input type reads; the stored select label is the catalogue's, never the request's.
 * `files` is null when only pricing (a FILE answer then just needs a name).
 * `errors` are answers that cannot be read; `gaps` are answers that are missing or only half
 * given (decision 0081): an add refuses both, pricing a draft only the first.
 */
export async function checkAnswers(
  rules: readonly RuleWithValues[],
  answers: readonly CustomizationAnswerInput[],
  files: Map<string, Buffer> | null,
  formFields: ReadonlyMap<number, FormField[]> = new Map(),
): Promise<{
  answers: (NewCartAnswer & { file?: CheckedFile })[];
  errors: FieldError[];
  gaps: FieldError[];
}> {
  const errors: FieldError[] = [];
  const gaps: FieldError[] = [];
  const kept: (NewCartAnswer & { file?: CheckedFile })[] = [];
  const seen = new Set<number>();
  const usedFiles = new Set<string>();
  for (const answer of answers) {
    const key = `customizations.${answer.customizationId}`;
    const rule = rules.find((candidate) => candidate.id === answer.customizationId);
    if (!rule) {
      errors.push({ key, error: 'Cette personnalisation n’existe pas pour ce produit.' });
      continue;
    }
    if (seen.has(rule.id)) {
      errors.push({ key, error: 'Cette personnalisation reçoit deux réponses.' });
      continue;
    }
    seen.add(rule.id);
    const base: NewCartAnswer & { file?: CheckedFile } = { customizationId: rule.id };
    switch (rule.inputType) {
      case 'TEXT': {
        const text = answer.textValue?.trim() ?? '';
        if (rule.maxLength !== null && countCharacters(text) > rule.maxLength) {
          errors.push({ key, error: `Le texte ne peut dépasser ${rule.maxLength} caractères.` });
          continue;
        }
        if (text !== '') base.textValue = text;
        break;
      }
      case 'SELECT': {
        if (!answer.selectValue) break;
        const option = rule.values.find((value) => value.selectKey === answer.selectValue?.key);
        if (!option) {
          errors.push({ key, error: 'Ce choix n’est pas proposé.' });
          continue;
        }
        base.selectKey = option.selectKey;
        base.selectValue = option.label;
        break;
      }
      case 'CHECKBOX':
        if (answer.checkboxValue === true) base.checkboxValue = true;
        break;
      case 'FILE': {
        if (!answer.filename) break;
        if (files === null) {
          base.filename = answer.filename;
          break;
        }
        const content = files.get(answer.filename);
        if (!content) {
          errors.push({ key, error: 'Le fichier de cette personnalisation n’a pas été envoyé.' });
          continue;
        }
        usedFiles.add(answer.filename);
        const checked = await checkCustomizationFile(answer.filename, content);
        if ('error' in checked) {
          errors.push({ key, error: checked.error });
          continue;
        }
        base.filename = answer.filename.slice(0, 255);
        base.file = checked;
        break;
      }
    }
    // The fee is the input part's: an answer without it is kept only when it says nothing else.
    const gap = answerGap(rule, { ...asDomainAnswer(base), formAnswer: answer.formAnswer });
    if (gap) {
      gaps.push({ key, error: answerGapMessage(gap, rule) });
      continue;
    }
    // Adding checks the form's fields, required ones too, of an answer that gives its input
    // part; pricing a draft keeps what the form answers so far.
    const formGiven = Object.keys(answer.formAnswer ?? {}).length > 0;
    const inputGiven = inputPartGiven(rule.inputType, asDomainAnswer(base));
    if (rule.type === 'DYNAMIC_FORM' && (formGiven || (files !== null && inputGiven))) {
      const fields = formFields.get(rule.formId ?? 0) ?? [];
      const checked = checkDynamicForm(fields, answer.formAnswer ?? {});
      if (files !== null && checked.errors.length > 0) {
        errors.push(
          ...checked.errors.map((error) => ({ key: `${key}.${error.key}`, error: error.error })),
        );
        continue;
      }
      if (Object.keys(checked.answers).length > 0) base.formAnswer = checked.answers;
    }
    kept.push(base);
  }
  for (const rule of rules) {
    if (rule.isRequired && !seen.has(rule.id)) {
      gaps.push({ key: `customizations.${rule.id}`, error: answerGapMessage('REQUIRED', rule) });
    }
  }
  if (files !== null) {
    for (const name of files.keys()) {
      if (!usedFiles.has(name)) {
        errors.push({
          key: 'files',
          error: 'Un fichier envoyé ne répond à aucune personnalisation.',
        });
      }
    }
  }
  return { answers: kept, errors, gaps };
}

/**
 * A DYNAMIC_FORM answer against its form's fields, with the form's own rules (checkFormAnswer):
 * a key the form does not have is refused; FILE fields are not asked in the cart.
 */
function checkDynamicForm(fields: readonly FormField[], formAnswer: Record<string, unknown>) {
  const askable = fields.filter((field) => field.type !== 'FILE');
  const known = new Set(askable.map((field) => field.key));
  const parts = new Map<string, string[]>();
  const errors: FieldError[] = [];
  for (const [fieldKey, value] of Object.entries(formAnswer)) {
    if (!known.has(fieldKey)) {
      errors.push({
        key: fieldKey.slice(0, 50),
        error: 'Ce champ n’existe pas dans le formulaire.',
      });
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    parts.set(
      fieldKey,
      values
        .filter((item) => ['string', 'number', 'boolean'].includes(typeof item))
        .map((item) => String(item)),
    );
  }
  const checked = checkFormAnswer(askable, parts);
  return { answers: checked.answers, errors: [...errors, ...checked.errors] };
}

/** The usable fields of the forms the customizations ask (a broken stored field is left out). */
export function parseFormFields(rows: readonly { id: number; fields: unknown[] }[]) {
  return new Map(
    rows.map((row) => [
      row.id,
      row.fields.flatMap((candidate) => {
        const parsed = formFieldSchema.safeParse(candidate);
        return parsed.success ? [parsed.data] : [];
      }),
    ]),
  );
}

/** The 422 of answers that cannot be kept, every pair told. */
export function invalidAnswers(errors: FieldError[]): HttpError {
  return new HttpError(422, addToCartErrorText(CUSTOMIZATION_INVALID_MESSAGE, errors), errors);
}
