import { describe, expect, it } from 'vitest';
import type { AdminParameter } from '@comptoir/contract/admin-theme';
import { siteParameterCatalogue } from '@comptoir/domain/site-parameters';
import { changedValues, THEME_SECTIONS, toFormValue, toWireValue } from './theme-values';

function parameter(overrides: Partial<AdminParameter>): AdminParameter {
  return {
    type: 'COMPANY_NAME',
    kind: 'STRING',
    label: 'Nom',
    group: 'company',
    value: null,
    defaultValue: null,
    isSet: false,
    ...overrides,
  };
}

const money = parameter({ type: 'FREE_SHIPPING_PRICE', kind: 'NUMBER', group: 'shop', value: 90 });

describe('theme form values', () => {
  it('puts every parameter of the catalogue in exactly one section', () => {
    for (const definition of siteParameterCatalogue) {
      const asAdmin = parameter({ ...definition, value: definition.defaultValue });
      const sections = THEME_SECTIONS.filter((section) => section.includes(asAdmin));
      expect(sections, definition.type).toHaveLength(1);
    }
  });

  it('shows money in euros with a decimal comma and reads it back as euros', () => {
    expect(toFormValue(money)).toBe('90,00');
    expect(toWireValue(money, '49,90')).toBe(49.9);
    expect(toWireValue(money, ' 1 200 ')).toBe(1200);
  });

  it('unsets a parameter whose field is emptied', () => {
    expect(toWireValue(money, '')).toBeNull();
    expect(toWireValue(parameter({}), '   ')).toBeNull();
  });

  it('keeps a number that does not read as text, for the check to refuse', () => {
    expect(toWireValue(money, 'douze')).toBe('douze');
  });

  it('sends only the fields that changed', () => {
    const colour = parameter({ type: 'PRIMARY_COLOR', group: 'colours', value: '#5b2a4e' });
    const flag = parameter({
      type: 'IS_MENU_FIXED',
      kind: 'BOOLEAN',
      group: 'layout',
      value: true,
    });
    expect(
      changedValues([colour, flag, money], {
        PRIMARY_COLOR: '#224466',
        IS_MENU_FIXED: true,
        FREE_SHIPPING_PRICE: '90,00',
      }),
    ).toEqual({ PRIMARY_COLOR: '#224466' });
  });
});
