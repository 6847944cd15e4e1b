import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMIZATION_INPUT_TYPES,
  CUSTOMIZATION_TYPES,
  type CostType,
  type CustomizationInputType,
} from './catalogue';
import {
  answerGap,
  answerGapMessage,
  countCharacters,
  customizationCostCents,
  inputPartGiven,
  pricedOption,
  textTier,
  type CustomizationAnswerWithForm,
  type CustomizationValueRule,
} from './customization-cost';

const option = (
  values: Partial<CustomizationValueRule> & { costType: CostType; amount: number },
): CustomizationValueRule => ({ textNumberOfChar: null, selectKey: null, ...values });

// An engraving: up to 9 characters free, 10 characters on 5 €, 20 on 8 €, 30 on 12 €.
const engraving = {
  inputType: 'TEXT' as const,
  values: [
    option({ textNumberOfChar: 1, costType: 'NONE', amount: 0 }),
    option({ textNumberOfChar: 20, costType: 'EURO', amount: 800 }),
    option({ textNumberOfChar: 10, costType: 'EURO', amount: 500 }),
    option({ textNumberOfChar: 30, costType: 'EURO', amount: 1200 }),
  ],
};

describe('text customization', () => {
  it('uses the tier with the highest character count not above the typed length', () => {
    expect(customizationCostCents(engraving, { textValue: 'Pour Anne' }, 1500)).toBe(0);
    expect(customizationCostCents(engraving, { textValue: 'Pour Annie' }, 1500)).toBe(500);
    expect(customizationCostCents(engraving, { textValue: 'Joyeux anniversaire' }, 1500)).toBe(500);
    expect(customizationCostCents(engraving, { textValue: 'Joyeux anniversaire!' }, 1500)).toBe(
      800,
    );
    expect(customizationCostCents(engraving, { textValue: 'x'.repeat(45) }, 1500)).toBe(1200);
  });

  it('charges nothing for an empty text or one shorter than every tier', () => {
    expect(customizationCostCents(engraving, { textValue: '' }, 1500)).toBe(0);
    expect(customizationCostCents(engraving, { textValue: '   ' }, 1500)).toBe(0);
    expect(customizationCostCents(engraving, {}, 1500)).toBe(0);
    const fromFive = { inputType: 'TEXT' as const, values: [engraving.values[2]!] };
    expect(customizationCostCents(fromFive, { textValue: 'abc' }, 1500)).toBe(0);
  });

  it('counts characters as displayed, spaces around the text not counted', () => {
    expect(countCharacters('  Élodie  ')).toBe(6);
    expect(countCharacters('Noël 🎄')).toBe(6);
    expect(countCharacters('e\u0301')).toBe(1);
  });

  it('picks a tier that fits the length and that no higher fitting tier beats', () => {
    const tierArbitrary = fc.record({
      textNumberOfChar: fc.integer({ min: 0, max: 60 }),
      selectKey: fc.constant(null),
      costType: fc.constant('EURO' as const),
      amount: fc.integer({ min: 0, max: 5000 }),
    });
    fc.assert(
      fc.property(
        fc.array(tierArbitrary, { maxLength: 8 }),
        fc.integer({ min: 0, max: 80 }),
        (tiers, length) => {
          const tier = textTier(tiers, length);
          const fitting = tiers.filter((value) => value.textNumberOfChar <= length);
          if (length === 0 || fitting.length === 0) {
            expect(tier).toBeNull();
          } else {
            expect(tier).not.toBeNull();
            expect(tier!.textNumberOfChar).toBe(
              Math.max(...fitting.map((value) => value.textNumberOfChar)),
            );
          }
        },
      ),
    );
  });

  it('never charges less for a longer text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 10 }), (text, more) => {
        const shorter = customizationCostCents(engraving, { textValue: `x${text}x` }, 1500);
        const longer = customizationCostCents(engraving, { textValue: `x${text}${more}x` }, 1500);
        expect(longer).toBeGreaterThanOrEqual(shorter);
      }),
    );
  });
});

const woodenCase = {
  inputType: 'SELECT' as const,
  values: [
    option({ selectKey: 'CARTON', costType: 'NONE', amount: 0 }),
    option({ selectKey: 'BOIS', costType: 'EURO', amount: 650 }),
    option({ selectKey: 'BOIS_GRAVE', costType: 'PERCENT', amount: 1250 }),
  ],
};

describe('select customization', () => {
  it('prices the option with the chosen key', () => {
    expect(customizationCostCents(woodenCase, { selectValue: { key: 'BOIS' } }, 2400)).toBe(650);
    expect(customizationCostCents(woodenCase, { selectValue: { key: 'CARTON' } }, 2400)).toBe(0);
  });

  it('takes a percentage of the unit price, rounded to the cent', () => {
    // 12.5 % of 19.99 € is 2.49875 €, which rounds to 2.50 €.
    expect(customizationCostCents(woodenCase, { selectValue: { key: 'BOIS_GRAVE' } }, 1999)).toBe(
      250,
    );
  });

  it('finds no option for a key the customization does not offer', () => {
    expect(pricedOption(woodenCase, { selectValue: { key: 'PLATINE' } })).toBeNull();
    expect(customizationCostCents(woodenCase, { selectValue: null }, 2400)).toBe(0);
  });
});

describe('checkbox and file customizations', () => {
  const giftWrap = {
    inputType: 'CHECKBOX' as const,
    values: [option({ costType: 'EURO', amount: 300 })],
  };
  const label = {
    inputType: 'FILE' as const,
    values: [option({ costType: 'PERCENT', amount: 2000 })],
  };

  it('charges a checked checkbox and leaves an unchecked one free', () => {
    expect(customizationCostCents(giftWrap, { checkboxValue: true }, 1500)).toBe(300);
    expect(customizationCostCents(giftWrap, { checkboxValue: false }, 1500)).toBe(0);
    expect(customizationCostCents(giftWrap, {}, 1500)).toBe(0);
  });

  it('charges a file option only when a file is given', () => {
    expect(customizationCostCents(label, { filename: 'etiquette.png' }, 1500)).toBe(300);
    expect(customizationCostCents(label, { filename: null }, 1500)).toBe(0);
  });

  it('never costs a negative amount nor more than a whole-price percentage allows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        (unitPrice, basisPoints, checked) => {
          const rule = {
            inputType: 'CHECKBOX' as const,
            values: [option({ costType: 'PERCENT', amount: basisPoints })],
          };
          const cost = customizationCostCents(rule, { checkboxValue: checked }, unitPrice);
          expect(cost).toBeGreaterThanOrEqual(0);
          expect(cost).toBeLessThanOrEqual(unitPrice);
          if (!checked) expect(cost).toBe(0);
        },
      ),
    );
  });
});

describe('a customization answered in part or not at all', () => {
  const KINDS = CUSTOMIZATION_TYPES.flatMap((type) =>
    CUSTOMIZATION_INPUT_TYPES.map((inputType) => ({ type, inputType })),
  );
  const form = { occasion: 'Mariage' };
  const complete: Record<CustomizationInputType, CustomizationAnswerWithForm> = {
    TEXT: { textValue: 'Pour Anne' },
    SELECT: { selectValue: { key: 'bois' } },
    CHECKBOX: { checkboxValue: true },
    FILE: { filename: 'etiquette.png' },
  };
  const empty: Record<CustomizationInputType, CustomizationAnswerWithForm> = {
    TEXT: { textValue: ' \u00a0 ' },
    SELECT: { selectValue: null },
    CHECKBOX: { checkboxValue: false },
    FILE: { filename: '' },
  };
  /** Every other input type's part, which this one never reads. */
  const othersOf = (inputType: CustomizationInputType) =>
    Object.assign(
      {},
      ...CUSTOMIZATION_INPUT_TYPES.filter((other) => other !== inputType).map(
        (other) => complete[other],
      ),
    ) as CustomizationAnswerWithForm;

  it.each(KINDS)('a required $type $inputType needs its input part', ({ type, inputType }) => {
    const asked = { type, inputType, isRequired: true };
    expect(answerGap(asked, null)).toBe('REQUIRED');
    expect(answerGap(asked, {})).toBe('REQUIRED');
    expect(answerGap(asked, empty[inputType])).toBe('REQUIRED');
    expect(answerGap(asked, othersOf(inputType))).toBe('REQUIRED');
    // The form alone answers nothing: the fee is the input part's.
    expect(answerGap(asked, { ...empty[inputType], formAnswer: form })).toBe('REQUIRED');
    expect(answerGap(asked, complete[inputType])).toBeNull();
    expect(answerGap(asked, { ...complete[inputType], formAnswer: form })).toBeNull();
  });

  it.each(KINDS)('an optional $type $inputType is whole or absent', ({ type, inputType }) => {
    const asked = { type, inputType, isRequired: false };
    expect(answerGap(asked, null)).toBeNull();
    expect(answerGap(asked, empty[inputType])).toBeNull();
    expect(answerGap(asked, { ...empty[inputType], formAnswer: {} })).toBeNull();
    expect(answerGap(asked, { ...empty[inputType], formAnswer: form })).toBe(
      // A SIMPLE customization has no form: whatever is sent as one is not read.
      type === 'DYNAMIC_FORM' ? 'FORM_WITHOUT_INPUT' : null,
    );
    expect(answerGap(asked, { ...complete[inputType], formAnswer: form })).toBeNull();
  });

  it('reads each input part as the fee does', () => {
    expect(inputPartGiven('TEXT', { textValue: '  a ' })).toBe(true);
    expect(inputPartGiven('TEXT', { textValue: '\u00a0\n' })).toBe(false);
    expect(inputPartGiven('SELECT', { selectValue: { key: '' } })).toBe(false);
    expect(inputPartGiven('CHECKBOX', { checkboxValue: null })).toBe(false);
    expect(inputPartGiven('FILE', { filename: null })).toBe(false);
    expect(inputPartGiven('FILE', null)).toBe(false);
  });

  it('takes no answer that gives something sold without its fee', () => {
    // Every option is priced: an answer taken at no cost must be one that gives nothing.
    const rules: Record<CustomizationInputType, CustomizationValueRule[]> = {
      TEXT: [option({ textNumberOfChar: 1, costType: 'EURO', amount: 500 })],
      SELECT: [option({ selectKey: 'bois', costType: 'EURO', amount: 450 })],
      CHECKBOX: [option({ costType: 'PERCENT', amount: 1000 })],
      FILE: [option({ costType: 'PERCENT', amount: 1500 })],
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        fc.boolean(),
        fc.record(
          {
            textValue: fc.option(fc.constantFrom('', '  ', 'Anne', 'Joyeux anniversaire')),
            checkboxValue: fc.option(fc.boolean()),
            selectValue: fc.option(fc.record({ key: fc.constant('bois') })),
            filename: fc.option(fc.constantFrom('', 'etiquette.png')),
            formAnswer: fc.option(fc.constantFrom({}, form)),
          },
          { requiredKeys: [] },
        ),
        ({ type, inputType }, isRequired, answer) => {
          const asked = { type, inputType, isRequired };
          if (answerGap(asked, answer) !== null) return;
          const cost = customizationCostCents(
            { inputType, values: rules[inputType] },
            answer,
            2000,
          );
          const formGiven =
            type === 'DYNAMIC_FORM' && Object.keys(answer.formAnswer ?? {}).length > 0;
          if (cost === 0) {
            expect(isRequired).toBe(false);
            expect(formGiven).toBe(false);
          }
        },
      ),
    );
  });

  it('says what is missing in French', () => {
    expect(answerGapMessage('REQUIRED', { label: 'Votre photo', inputType: 'FILE' })).toBe(
      '« Votre photo » est obligatoire.',
    );
    expect(
      answerGapMessage('FORM_WITHOUT_INPUT', { label: 'Votre photo', inputType: 'FILE' }),
    ).toBe('Pour « Votre photo », le fichier manque : le formulaire seul ne suffit pas.');
    expect(answerGapMessage('FORM_WITHOUT_INPUT', { label: 'Carte', inputType: 'CHECKBOX' })).toBe(
      'Pour « Carte », la case n’est pas cochée : le formulaire seul ne suffit pas.',
    );
  });
});
