import { describe, expect, it } from 'vitest';
import type { Customization } from '@comptoir/contract/product';
import {
  EMPTY_DRAFT,
  answerOf,
  answerSummary,
  collectAnswers,
  costLabel,
  initialDraft,
  initialDrafts,
  saveProblem,
  textTierLabel,
  type Draft,
} from './customization-answers';

const value = (id: number, rest: Partial<Customization['customizationValues'][number]>) => ({
  id,
  label: `Option ${id}`,
  textNumberOfChar: null,
  selectKey: null,
  costType: 'NONE' as const,
  amount: 0,
  ...rest,
});

const customization = (id: number, rest: Partial<Customization>): Customization => ({
  id,
  type: 'SIMPLE',
  inputType: 'TEXT',
  label: `Question ${id}`,
  description: null,
  isRequired: false,
  maxLength: null,
  formId: null,
  customizationValues: [],
  ...rest,
});

const engraving = customization(1, {
  inputType: 'TEXT',
  label: 'Gravure',
  maxLength: 12,
  customizationValues: [
    value(11, { label: 'Jusqu’à 9 caractères', textNumberOfChar: 1 }),
    value(12, { label: 'De 10 caractères', textNumberOfChar: 10, costType: 'EURO', amount: 500 }),
  ],
});
const presentation = customization(2, {
  inputType: 'SELECT',
  label: 'Présentation',
  isRequired: true,
  customizationValues: [
    value(21, { label: 'Étui', selectKey: 'ETUI' }),
    value(22, { label: 'Coffret gravé', selectKey: 'GRAVE', costType: 'PERCENT', amount: 2500 }),
  ],
});
const giftWrap = customization(3, {
  inputType: 'CHECKBOX',
  customizationValues: [value(31, { label: 'Emballage cadeau', costType: 'EURO', amount: 350 })],
});
const label = customization(4, {
  type: 'DYNAMIC_FORM',
  inputType: 'FILE',
  label: 'Votre photo',
  isRequired: true,
  formId: 9,
  customizationValues: [value(41, { costType: 'PERCENT', amount: 1500 })],
});

const draft = (change: Partial<Draft>): Draft => ({ ...EMPTY_DRAFT, ...change });
const photo = new File(['png'], 'photo.png', { type: 'image/png' });

describe('customization answers', () => {
  it('shows euro costs with €, percentages with %, free options as included', () => {
    expect(costLabel({ costType: 'EURO', amount: 350 })).toMatch(/^\+3,50\s€$/);
    expect(costLabel({ costType: 'PERCENT', amount: 2500 })).toMatch(/^\+25\s%$/);
    expect(costLabel({ costType: 'NONE', amount: 0 })).toBe('inclus');
  });

  it('answers only with the field of the input type, and nothing when left empty', () => {
    expect(answerOf(engraving, draft({ text: '  Joyeux  ' }))).toEqual({
      customizationId: 1,
      textValue: 'Joyeux',
    });
    expect(answerOf(engraving, draft({ text: '   ', checked: true }))).toBeNull();
    expect(answerOf(presentation, draft({ selectKey: 'GRAVE' }))).toEqual({
      customizationId: 2,
      selectValue: { key: 'GRAVE', value: 'Coffret gravé' },
    });
    expect(answerOf(presentation, draft({ selectKey: 'AUTRE' }))).toBeNull();
    expect(answerOf(giftWrap, draft({ checked: false }))).toBeNull();
    expect(answerOf(giftWrap, draft({ checked: true }))).toEqual({
      customizationId: 3,
      checkboxValue: true,
    });
  });

  it('sends a checked file with its form, a refused one not at all', () => {
    const given = draft({
      file: photo,
      fileState: 'valid',
      form: { occasion: 'Mariage', eventDate: '', labelText: '  ' },
    });
    expect(answerOf(label, given)).toEqual({
      customizationId: 4,
      filename: 'photo.png',
      formAnswer: { occasion: 'Mariage' },
    });
    expect(answerOf(label, draft({ file: photo, fileState: 'invalid' }))).toBeNull();
    const { answers, files } = collectAnswers([engraving, label, giftWrap], {
      1: draft({ text: 'Léa' }),
      4: given,
    });
    expect(answers.map((answer) => answer.customizationId)).toEqual([1, 4]);
    expect([...files.entries()]).toEqual([['photo.png', photo]]);
  });

  it('keeps a step open while its answer cannot be saved', () => {
    expect(saveProblem(presentation, EMPTY_DRAFT)).toBe('« Présentation » est obligatoire.');
    expect(saveProblem(presentation, draft({ selectKey: 'ETUI' }))).toBeNull();
    expect(saveProblem(engraving, EMPTY_DRAFT)).toBeNull();
    expect(saveProblem(engraving, draft({ text: 'Treize lettres' }))).toBe(
      'Le texte ne peut dépasser 12 caractères.',
    );
    // Characters as shown: an accented letter counts once.
    expect(saveProblem(engraving, draft({ text: 'Élodie Zoé' }))).toBeNull();
    expect(saveProblem(label, draft({ file: photo, fileState: 'checking' }))).toMatch(
      /vérification/,
    );
    expect(saveProblem(label, draft({ file: photo, fileState: 'invalid' }))).toMatch(/refusé/);
    // A form answer alone does not answer a required file.
    expect(saveProblem(label, draft({ form: { occasion: 'Mariage' } }))).toBe(
      '« Votre photo » est obligatoire.',
    );
    // An optional one is whole or left out: its form does not go without its ticked box.
    const card = customization(5, {
      type: 'DYNAMIC_FORM',
      inputType: 'CHECKBOX',
      label: 'Carte',
      formId: 9,
      customizationValues: [value(51, { costType: 'EURO', amount: 200 })],
    });
    expect(saveProblem(card, draft({ form: { message: 'Bon anniversaire' } }))).toBe(
      'Pour « Carte », la case n’est pas cochée : le formulaire seul ne suffit pas.',
    );
    expect(saveProblem(card, EMPTY_DRAFT)).toBeNull();
    expect(saveProblem(card, draft({ checked: true, form: { message: 'Bonne fête' } }))).toBeNull();
  });

  it('names the tier of a text and sums up a saved step', () => {
    expect(textTierLabel(engraving, '')).toBeNull();
    expect(textTierLabel(engraving, 'Léa')).toBe('Jusqu’à 9 caractères (inclus)');
    expect(textTierLabel(engraving, 'Bon anniversaire')).toMatch(
      /^De 10 caractères \(\+5,00\s€\)$/,
    );
    expect(answerSummary(engraving, EMPTY_DRAFT)).toBe('Sans personnalisation');
    expect(answerSummary(presentation, draft({ selectKey: 'ETUI' }))).toBe('Étui');
    expect(
      answerSummary(
        label,
        draft({ file: photo, fileState: 'valid', form: { occasion: 'Mariage' } }),
      ),
    ).toBe('photo.png · Mariage');
  });

  it('opens a required choice on its first free option, which is then answered without a click', () => {
    expect(initialDraft(presentation)).toEqual(draft({ selectKey: 'ETUI' }));
    expect(collectAnswers([presentation], initialDrafts([presentation])).answers).toEqual([
      answerOf(presentation, draft({ selectKey: 'ETUI' })),
    ]);
    expect(saveProblem(presentation, initialDraft(presentation))).toBeNull();
  });

  it('opens empty a choice without a free option, an optional choice and other steps', () => {
    const paidOnly = customization(5, {
      inputType: 'SELECT',
      isRequired: true,
      customizationValues: [
        value(51, { selectKey: 'BOIS', costType: 'EURO', amount: 650 }),
        value(52, { selectKey: 'GRAVE', costType: 'PERCENT', amount: 2500 }),
      ],
    });
    expect(initialDraft(paidOnly)).toBe(EMPTY_DRAFT);
    expect(initialDraft({ ...presentation, isRequired: false })).toBe(EMPTY_DRAFT);
    expect(initialDraft(engraving)).toBe(EMPTY_DRAFT);
    expect(initialDraft(label)).toBe(EMPTY_DRAFT);
    expect(initialDrafts([engraving, presentation])).toEqual({
      1: EMPTY_DRAFT,
      2: draft({ selectKey: 'ETUI' }),
    });
  });
});
