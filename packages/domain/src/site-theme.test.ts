import { describe, expect, it } from 'vitest';
import { buildThemeVariables, type ThemeFont } from './site-theme';
import { findParameterDefinition, type ParameterValue } from './site-parameters';

const MALICIOUS = 'red;}</style><script>alert(1)</script>';

function defaultOf(type: string): ParameterValue | undefined {
  return findParameterDefinition(type)?.defaultValue;
}

function font(overrides: Partial<ThemeFont> & Pick<ThemeFont, 'type'>): ThemeFont {
  return { family: 'Lato', color: null, size: null, weight: null, style: null, ...overrides };
}

describe('buildThemeVariables', () => {
  it('uses the catalogue defaults when the site sets nothing', () => {
    const variables = buildThemeVariables([], []);
    expect(variables).toMatchObject({
      '--color-primary': defaultOf('PRIMARY_COLOR'),
      '--color-background': defaultOf('BACKGROUND_COLOR'),
      '--color-menu-on-top': defaultOf('MENU_COLOR_ON_TOP'),
      '--color-top-bar-font': defaultOf('TOP_MENU_INFO_BAR_FONT_COLOR'),
      '--logo-height': '100px',
      '--logo-height-footer': '120px',
      '--logo-height-mobile': '110px',
      '--logo-width': 'auto',
      '--logo-width-footer': 'auto',
      '--logo-width-mobile': 'auto',
      '--logo-margin-top': '10px',
      '--logo-margin-bottom': '10px',
      '--menu-height': 'auto',
      '--submenu-width': '150px',
      '--detail-page-margin-top': '130px',
      '--menu-icon-size': '12pt',
    });
  });

  it('maps every colour parameter to its variable', () => {
    const colours: [string, string][] = [
      ['PRIMARY_COLOR', '--color-primary'],
      ['ACCENT_COLOR', '--color-accent'],
      ['BACKGROUND_COLOR', '--color-background'],
      ['FONT_COLOR', '--color-font'],
      ['HEADING_COLOR', '--color-heading'],
      ['ACTIVE_FONT_COLOR', '--color-active-font'],
      ['BACKGROUND_HEADER_COLOR', '--color-header-background'],
      ['BACKGROUND_MENU_COLOR', '--color-menu-background'],
      ['ACTIVE_MENU_COLOR', '--color-active-menu'],
      ['MENU_COLOR_ON_TOP', '--color-menu-on-top'],
      ['BACKGROUND_FOOTER_COLOR', '--color-footer-background'],
      ['FONT_FOOTER_COLOR', '--color-footer-font'],
      ['BACKGROUND_MOBILE_MENU_COLOR', '--color-mobile-menu-background'],
      ['FONT_MOBILE_MENU_COLOR', '--color-mobile-menu-font'],
      ['FONT_BACKGROUND_COLOR', '--color-font-background'],
      ['TOP_MENU_INFO_BAR_BACKGROUND_COLOR', '--color-top-bar-background'],
      ['TOP_MENU_INFO_BAR_FONT_COLOR', '--color-top-bar-font'],
    ];
    const parameters = colours.map(([type], index) => ({
      type,
      value: `#${index.toString(16).padStart(2, '0')}aa00`,
    }));
    const variables = buildThemeVariables(parameters, []);
    colours.forEach(([, variable], index) => {
      expect(variables[variable]).toBe(parameters[index]?.value);
    });
  });

  it('accepts short hex colours and colours with an alpha channel', () => {
    const variables = buildThemeVariables(
      [
        { type: 'PRIMARY_COLOR', value: '#c0a' },
        { type: 'ACCENT_COLOR', value: '#00000070' },
      ],
      [],
    );
    expect(variables['--color-primary']).toBe('#c0a');
    expect(variables['--color-accent']).toBe('#00000070');
  });

  it('turns layout numbers into pixel lengths and the menu icon size into points', () => {
    const variables = buildThemeVariables(
      [
        { type: 'LOGO_HEIGHT', value: 80 },
        { type: 'LOGO_WIDTH', value: 240 },
        { type: 'COMPUTER_MENU_HEIGHT', value: 90 },
        { type: 'LOGO_MARGIN_TOP', value: -5 },
        { type: 'MENU_ICON_SIZE', value: 14.5 },
      ],
      [],
    );
    expect(variables).toMatchObject({
      '--logo-height': '80px',
      '--logo-width': '240px',
      '--menu-height': '90px',
      '--logo-margin-top': '-5px',
      '--menu-icon-size': '14.5pt',
    });
  });

  it('sizes widths and the menu height automatically when they are 0, but not the other lengths', () => {
    const variables = buildThemeVariables(
      [
        { type: 'LOGO_WIDTH_FOOTER', value: 0 },
        { type: 'COMPUTER_MENU_HEIGHT', value: 0 },
        { type: 'LOGO_MARGIN_BOTTOM', value: 0 },
      ],
      [],
    );
    expect(variables['--logo-width-footer']).toBe('auto');
    expect(variables['--menu-height']).toBe('auto');
    expect(variables['--logo-margin-bottom']).toBe('0px');
  });

  it('reads numbers still in their stored text form', () => {
    expect(
      buildThemeVariables([{ type: 'SUBMENU_WIDTH', value: '180' }], [])['--submenu-width'],
    ).toBe('180px');
  });

  it('falls back to the default for null, non-finite or non-numeric sizes', () => {
    const variables = buildThemeVariables(
      [
        { type: 'LOGO_HEIGHT', value: null },
        { type: 'LOGO_HEIGHT_FOOTER', value: Number.NaN },
        { type: 'LOGO_HEIGHT_MOBILE', value: Number.POSITIVE_INFINITY },
        { type: 'SUBMENU_WIDTH', value: '150px; color: red' },
        { type: 'DETAIL_PAGE_MARGIN_TOP', value: true },
      ],
      [],
    );
    expect(variables).toMatchObject({
      '--logo-height': '100px',
      '--logo-height-footer': '120px',
      '--logo-height-mobile': '110px',
      '--submenu-width': '150px',
      '--detail-page-margin-top': '130px',
    });
  });

  it.each([
    MALICIOUS,
    'red',
    'rgb(0, 0, 0)',
    '#fff; background: url(https://evil.example/x)',
    'expression(alert(1))',
    '#ffff',
    '',
  ])('never lets the colour %j through, using the default instead', (value) => {
    const variables = buildThemeVariables(
      [
        { type: 'PRIMARY_COLOR', value },
        { type: 'MENU_COLOR_ON_TOP', value },
      ],
      [],
    );
    expect(variables['--color-primary']).toBe(defaultOf('PRIMARY_COLOR'));
    expect(variables['--color-menu-on-top']).toBe(defaultOf('MENU_COLOR_ON_TOP'));
  });

  it('ignores parameters that are not part of the theme', () => {
    const variables = buildThemeVariables([{ type: 'GLOBAL_CSS', value: MALICIOUS }], []);
    expect(Object.values(variables).join(' ')).not.toContain('script');
  });

  it('produces no value that could end a declaration or the style element, whatever the input', () => {
    const parameters = [
      'PRIMARY_COLOR',
      'BACKGROUND_COLOR',
      'LOGO_HEIGHT',
      'LOGO_WIDTH',
      'MENU_ICON_SIZE',
    ].map((type) => ({ type, value: MALICIOUS }));
    const fonts = (['TITLE', 'CONTENT', 'MENU'] as const).map((type) => ({
      type,
      family: MALICIOUS,
      color: MALICIOUS,
      size: Number.NaN,
      weight: Number.POSITIVE_INFINITY,
      style: MALICIOUS,
    }));
    for (const value of Object.values(buildThemeVariables(parameters, fonts))) {
      expect(value).not.toMatch(/[;{}<>\\]|url\(|expression/i);
    }
  });

  it('sets the family, colour, size, weight and style of each font type', () => {
    const variables = buildThemeVariables(
      [],
      [
        font({
          type: 'TITLE',
          family: 'Playfair Display',
          color: '#222222',
          size: 36,
          weight: 700,
        }),
        font({ type: 'CONTENT', family: '"Open Sans", Arial, sans-serif', size: 15, weight: 400 }),
        font({
          type: 'MENU',
          family: 'Montserrat',
          color: '#333',
          size: 14,
          weight: 600,
          style: 'italic',
        }),
      ],
    );
    expect(variables).toMatchObject({
      '--font-title-family': 'Playfair Display',
      '--font-title-color': '#222222',
      '--font-title-size': '36px',
      '--font-title-weight': '700',
      '--font-title-style': 'normal',
      '--font-content-family': '"Open Sans", Arial, sans-serif',
      '--font-content-size': '15px',
      '--font-content-weight': '400',
      '--font-menu-family': 'Montserrat',
      '--font-menu-color': '#333',
      '--font-menu-size': '14px',
      '--font-menu-weight': '600',
      '--font-menu-style': 'italic',
    });
  });

  it('lets unset fonts follow the content font and the theme colours', () => {
    const variables = buildThemeVariables([], [font({ type: 'CONTENT', family: 'Lato' })]);
    expect(variables).toMatchObject({
      '--font-content-family': 'Lato',
      '--font-content-color': 'var(--color-font)',
      '--font-title-family': 'var(--font-content-family)',
      '--font-title-color': 'var(--color-heading)',
      '--font-menu-family': 'var(--font-content-family)',
      '--font-menu-color': 'var(--color-font)',
    });
  });

  it('gives every font variable a value when no font is configured', () => {
    const variables = buildThemeVariables([], []);
    for (const type of ['title', 'content', 'menu']) {
      for (const property of ['family', 'color', 'size', 'weight', 'style']) {
        expect(variables[`--font-${type}-${property}`], `${type} ${property}`).toBeTruthy();
      }
    }
  });

  it.each([
    MALICIOUS,
    'Arial; color: red',
    'Arial} body { display: none',
    'x\\3b color: red',
    'url(https://evil.example/font)',
    '"Open Sans',
    '\'Open Sans"',
    'Arial,, serif',
    '',
    'a'.repeat(201),
  ])('refuses the font family %j', (family) => {
    const variables = buildThemeVariables([], [font({ type: 'CONTENT', family })]);
    expect(variables['--font-content-family']).not.toBe(family);
    expect(variables['--font-content-family']).toContain('sans-serif');
  });

  it.each([
    'Lato',
    'Open Sans',
    '"Open Sans", sans-serif',
    "'Noto Serif JP', serif",
    'Fira Code 2',
  ])('accepts the font family %j', (family) => {
    const variables = buildThemeVariables([], [font({ type: 'TITLE', family })]);
    expect(variables['--font-title-family']).toBe(family);
  });

  it('refuses font colours, sizes, weights and styles outside the safe syntax', () => {
    const variables = buildThemeVariables(
      [],
      [
        font({
          type: 'MENU',
          color: MALICIOUS,
          size: -3,
          weight: 450.5,
          style: 'oblique 10deg; color: red',
        }),
      ],
    );
    expect(variables).toMatchObject({
      '--font-menu-color': 'var(--color-font)',
      '--font-menu-size': '16px',
      '--font-menu-weight': '400',
      '--font-menu-style': 'normal',
    });
  });
});
