import type { Customization, CustomizationValue } from '@comptoir/contract/product';
import {
  answerGap,
  answerGapMessage,
  countCharacters,
  textTier,
} from '@comptoir/domain/customization-cost';
import { formatCost } from '@comptoir/domain/money';
import type { CartAnswer } from '../cart/add-to-cart';

/*
 * The customization steps' rules, apart from their screen (docs/requirements/product-customization.md): what a visitor's
 * draft answers, what an option costs as shown, and whether a step may be saved.
 */

/** A DYNAMIC_FORM field's value: text, a ticked box, the options of a multiple select. */
export type FormValue = string | boolean | string[];

/** What the visitor has entered in one step, whether saved or not. */
export interface Draft {
  text: string;
  selectKey: string;
  checked: boolean;
  file: File | null;
  /** The file/validate call's verdict on `file`. */
  fileState: 'none' | 'checking' | 'valid' | 'invalid';
  form: Record<string, FormValue>;
}

export const EMPTY_DRAFT: Draft = {
  text: '',
  selectKey: '',
  checked: false,
  file: null,
  fileState: 'none',
  form: {},
};

/**
 * The draft a step opens with: a required choice starts on its first free option (« Étui carton
 * (inclus) »), which the visitor may keep without a click; anything else starts empty.
 */
export function initialDraft(customization: Customization): Draft {
  if (customization.inputType !== 'SELECT' || !customization.isRequired) return EMPTY_DRAFT;
  const free = customization.customizationValues.find(
    (value) => value.selectKey && formatCost(value.costType, value.amount) === null,
  );
  return free?.selectKey ? { ...EMPTY_DRAFT, selectKey: free.selectKey } : EMPTY_DRAFT;
}

/** Each step's opening draft, by customization id. */
export function initialDrafts(customizations: readonly Customization[]): Record<number, Draft> {
  return Object.fromEntries(
    customizations.map((customization) => [customization.id, initialDraft(customization)]),
  );
}

/** « +3,50 € », « +15 % », or « inclus » for a free option. */
export function costLabel(value: Pick<CustomizationValue, 'costType' | 'amount'>): string {
  const cost = formatCost(value.costType, value.amount);
  return cost ? `+${cost}` : 'inclus';
}

/** The form's answers worth sending: empty texts and unticked boxes are left out. */
export function formAnswerOf(form: Readonly<Record<string, FormValue>>): Record<string, FormValue> {
  const kept: Record<string, FormValue> = {};
  for (const [key, value] of Object.entries(form)) {
    if (
      typeof value === 'string'
        ? value.trim() !== ''
        : Array.isArray(value)
          ? value.length > 0
          : value
    ) {
      kept[key] = value;
    }
  }
  return kept;
}

/**
 * The answer a draft gives (contract customizationAnswerSchema), or null when it answers nothing:
 * an empty text, no option, an unticked box, no file or a refused one. A DYNAMIC_FORM answer
 * also carries its form's fields.
 */
export function answerOf(customization: Customization, draft: Draft): CartAnswer | null {
  const answer: CartAnswer = { customizationId: customization.id };
  let given = false;
  switch (customization.inputType) {
    case 'TEXT':
      if (draft.text.trim() !== '') {
        answer.textValue = draft.text.trim();
        given = true;
      }
      break;
    case 'SELECT': {
      const option = customization.customizationValues.find(
        (value) => value.selectKey === draft.selectKey,
      );
      if (option?.selectKey) {
        answer.selectValue = { key: option.selectKey, value: option.label };
        given = true;
      }
      break;
    }
    case 'CHECKBOX':
      if (draft.checked) {
        answer.checkboxValue = true;
        given = true;
      }
      break;
    case 'FILE':
      if (draft.file && draft.fileState !== 'invalid') {
        answer.filename = draft.file.name;
        given = true;
      }
      break;
  }
  if (customization.type === 'DYNAMIC_FORM') {
    const form = formAnswerOf(draft.form);
    if (Object.keys(form).length > 0) {
      answer.formAnswer = form;
      given = true;
    }
  }
  return given ? answer : null;
}

/** Every answer given, in the customizations' order, with the files the FILE answers name. */
export function collectAnswers(
  customizations: readonly Customization[],
  drafts: Readonly<Record<number, Draft>>,
): { answers: CartAnswer[]; files: Map<string, File> } {
  const answers: CartAnswer[] = [];
  const files = new Map<string, File>();
  for (const customization of customizations) {
    const draft = drafts[customization.id];
    if (!draft) continue;
    const answer = answerOf(customization, draft);
    if (!answer) continue;
    answers.push(answer);
    if (answer.filename && draft.file) files.set(answer.filename, draft.file);
  }
  return { answers, files };
}

/** « Le texte ne peut dépasser 40 caractères. », as the API says it. */
export function textTooLongMessage(maxLength: number): string {
  return `Le texte ne peut dépasser ${maxLength} caractères.`;
}

/** Why a step cannot be saved as it is, or null. The file check must have answered. */
export function saveProblem(customization: Customization, draft: Draft): string | null {
  if (customization.inputType === 'FILE' && draft.fileState === 'checking') {
    return 'Le fichier est en cours de vérification : un instant.';
  }
  if (customization.inputType === 'FILE' && draft.fileState === 'invalid') {
    return 'Choisissez un autre fichier : celui-ci est refusé.';
  }
  if (
    customization.inputType === 'TEXT' &&
    customization.maxLength !== null &&
    countCharacters(draft.text) > customization.maxLength
  ) {
    return textTooLongMessage(customization.maxLength);
  }
  // The API's rule and words (decision 0081): a required step needs its input part, and a form
  // never goes without it.
  const gap = answerGap(customization, answerOf(customization, draft));
  return gap ? answerGapMessage(gap, customization) : null;
}

/** TEXT: the tier the typed text falls in, as the visitor reads it, or null when empty. */
export function textTierLabel(customization: Customization, text: string): string | null {
  const tier = textTier(customization.customizationValues, countCharacters(text));
  return tier ? `${tier.label} (${costLabel(tier)})` : null;
}

/** What a saved step shows in place of its inputs. */
export function answerSummary(customization: Customization, draft: Draft): string {
  const answer = answerOf(customization, draft);
  if (!answer) return 'Sans personnalisation';
  const parts: string[] = [];
  if (answer.textValue) parts.push(`« ${answer.textValue} »`);
  if (answer.selectValue) parts.push(answer.selectValue.value ?? answer.selectValue.key);
  if (answer.checkboxValue) parts.push(customization.customizationValues[0]?.label ?? 'Oui');
  if (answer.filename) parts.push(answer.filename);
  if (answer.formAnswer) {
    parts.push(
      ...Object.values(answer.formAnswer).map((value) =>
        Array.isArray(value) ? value.join(', ') : value === true ? 'Oui' : String(value),
      ),
    );
  }
  return parts.join(' · ');
}
