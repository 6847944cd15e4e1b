import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  fillLegalText,
  hasLegalContent,
  inactiveAccountYears,
  yearsInWords,
  LEGAL_PLACEHOLDER_KEYS,
  legalPlaceholdersIn,
} from './legal-text';

const company = {
  LEGAL_AGENT: 'Antoine Mercier',
  LEGAL_COMPANY_NAME: 'SCEA Domaine des Trois Coteaux',
  CORPORATE_FORM: 'SCEA',
  SHARE_CAPITAL: '45 000 €',
  RCS_NUMBER: 'RCS Angers 812 345 676',
  SIRET_NUMBER: '812 345 676 00009',
  HEAD_OFFICE: '4 chemin des Coteaux, 49380 Bellevigne-en-Layon',
  COMPANY_PHONE: '02 41 78 45 12',
  COMPANY_EMAIL: 'contact@domaine-trois-coteaux.fr',
  COMPANY_NAME: 'Domaine des Trois Coteaux',
  INTRACO_VAT: 'FR19812345676',
};

describe('fillLegalText', () => {
  it('fills every placeholder the specification names', () => {
    const template = LEGAL_PLACEHOLDER_KEYS.filter((key) => key !== 'RM_NUMBER')
      .map((key) => `<p>${key} = {{${key}}}</p>`)
      .join('');
    const filled = fillLegalText(template, company);
    for (const [key, value] of Object.entries(company)) {
      expect(filled).toContain(`<p>${key} = ${value.replace(/&/g, '&amp;')}</p>`);
    }
    expect(filled).not.toMatch(/\{\{|\}\}/);
  });

  it('accepts spaces inside the braces and repeated placeholders', () => {
    expect(
      fillLegalText('<p>{{ COMPANY_NAME }} et {{COMPANY_NAME}}</p>', { COMPANY_NAME: 'Clémence' }),
    ).toBe('<p>Clémence et Clémence</p>');
  });

  it('escapes the values, so a company detail can never add markup', () => {
    const filled = fillLegalText(
      '<p>{{COMPANY_NAME}}</p><a href="mailto:{{COMPANY_EMAIL}}">x</a>',
      {
        COMPANY_NAME: '<script>alert(1)</script> & fils',
        COMPANY_EMAIL: 'a"onmouseover="alert(1)@example.fr',
      },
    );
    expect(filled).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; fils</p>' +
        '<a href="mailto:a&quot;onmouseover=&quot;alert(1)@example.fr">x</a>',
    );
  });

  it('drops a list item or paragraph whose only details are unset', () => {
    const template =
      '<ul><li>Forme : {{CORPORATE_FORM}}</li><li>Capital social : {{SHARE_CAPITAL}}</li>' +
      '<li>RCS : {{RCS_NUMBER}}</li></ul><p class="note">TVA : {{INTRACO_VAT}}</p><p>Fin.</p>';
    expect(
      fillLegalText(template, { CORPORATE_FORM: 'EI', SHARE_CAPITAL: '  ', RCS_NUMBER: null }),
    ).toBe('<ul><li>Forme : EI</li></ul><p>Fin.</p>');
  });

  it('drops a list whose every item was dropped', () => {
    const template =
      '<h2>Éditeur</h2><ul class="details"><li>{{SHARE_CAPITAL}}</li>\n<li>{{RCS_NUMBER}}</li></ul><p>Fin.</p>';
    expect(fillLegalText(template, {})).toBe('<h2>Éditeur</h2><p>Fin.</p>');
  });

  it('keeps a sentence that still has a set detail and removes the unset one', () => {
    expect(
      fillLegalText('<p>{{LEGAL_COMPANY_NAME}}, {{RCS_NUMBER}}</p>', {
        LEGAL_COMPANY_NAME: 'Clémence Garnier EI',
      }),
    ).toBe('<p>Clémence Garnier EI, </p>');
  });

  it('leaves no raw placeholder, even for a key that is not a company detail', () => {
    const filled = fillLegalText(
      '<h2>Contact</h2>{{UNKNOWN_KEY}}<p>Écrivez à {{COMPANY_EMAIL}}.</p>',
      {},
    );
    expect(filled).toBe('<h2>Contact</h2>');
    expect(legalPlaceholdersIn(filled)).toEqual([]);
  });

  it('does not drop an outer list item because of a nested one', () => {
    const template = '<ul><li>Éditeur<ul><li>{{SHARE_CAPITAL}}</li></ul></li></ul>';
    expect(fillLegalText(template, {})).toBe('<ul><li>Éditeur</li></ul>');
  });

  it('leaves a text without placeholders unchanged', () => {
    const text = '<h2>Droit applicable</h2><p>Le droit français s’applique.</p>';
    expect(fillLegalText(text, company)).toBe(text);
  });

  it('reads only the values given, not inherited ones', () => {
    const inherited = Object.create({ COMPANY_NAME: 'hérité' }) as Record<string, string>;
    expect(fillLegalText('<p>{{COMPANY_NAME}}</p><p>Fin.</p>', inherited)).toBe('<p>Fin.</p>');
  });
});

describe('legalPlaceholdersIn', () => {
  it('lists the keys once each, in order', () => {
    expect(legalPlaceholdersIn('{{B}} {{A}} {{ B }}')).toEqual(['B', 'A']);
  });
});

describe('hasLegalContent', () => {
  it('tells an empty or markup-only text from a written one', () => {
    expect(hasLegalContent(null)).toBe(false);
    expect(hasLegalContent('')).toBe(false);
    expect(hasLegalContent('<p>&nbsp;</p><br>')).toBe(false);
    expect(hasLegalContent('<p>Conditions</p>')).toBe(true);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});

describe('the inactive account period', () => {
  it('is three years unless the site sets a whole number of years between 1 and 10', () => {
    expect(inactiveAccountYears(null)).toBe(3);
    expect(inactiveAccountYears(2)).toBe(2);
    expect(inactiveAccountYears(5.7)).toBe(5);
    expect(inactiveAccountYears(0)).toBe(3);
    expect(inactiveAccountYears(-1)).toBe(3);
    expect(inactiveAccountYears(40)).toBe(3);
    expect(inactiveAccountYears(Number.NaN)).toBe(3);
  });

  it('reads in words in the privacy policy', () => {
    expect(yearsInWords(1)).toBe('un an');
    expect(yearsInWords(3)).toBe('trois ans');
    expect(
      fillLegalText('<p>Supprimées après {{INACTIVE_ACCOUNT_PERIOD}} d’inactivité.</p>', {
        INACTIVE_ACCOUNT_PERIOD: yearsInWords(inactiveAccountYears(2)),
      }),
    ).toBe('<p>Supprimées après deux ans d’inactivité.</p>');
  });
});
