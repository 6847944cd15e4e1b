import { describe, expect, it } from 'vitest';
import {
  PARAMETER_GROUPS,
  PARAMETER_KINDS,
  effectiveParameterValue,
  findParameterDefinition,
  readSiteParameters,
  isHexColour,
  isValidParameterValue,
  parseParameterValue,
  serializeParameterValue,
  siteParameterCatalogue,
  type ParameterKind,
  type ParameterValue,
} from './site-parameters';

function definitionOf(type: string) {
  const definition = findParameterDefinition(type);
  if (!definition) throw new Error(`${type} is missing from the catalogue`);
  return definition;
}

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red = 0, green = 0, blue = 0] = channels.map((channel) =>
    channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

describe('siteParameterCatalogue', () => {
  it('defines each key once', () => {
    const types = siteParameterCatalogue.map((definition) => definition.type);
    expect(new Set(types).size).toBe(types.length);
  });

  it('uses upper-case keys, known kinds and groups, and a label for every parameter', () => {
    for (const definition of siteParameterCatalogue) {
      expect(definition.type).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(PARAMETER_KINDS).toContain(definition.kind);
      expect(PARAMETER_GROUPS).toContain(definition.group);
      expect(definition.label.trim()).not.toBe('');
    }
  });

  it('gives every default a value of its kind', () => {
    for (const definition of siteParameterCatalogue) {
      expect(
        isValidParameterValue(definition.kind, definition.defaultValue, definition.type),
        definition.type,
      ).toBe(true);
    }
  });

  it.each([
    ['LOGO_HEIGHT', 100],
    ['LOGO_HEIGHT_FOOTER', 120],
    ['LOGO_HEIGHT_MOBILE', 110],
    ['SUBMENU_WIDTH', 150],
    ['LOGO_MARGIN_TOP', 10],
    ['LOGO_MARGIN_BOTTOM', 10],
    ['DETAIL_PAGE_MARGIN_TOP', 130],
    ['MENU_ICON_SIZE', 12],
    ['COMPUTER_MENU_HEIGHT', 0],
    ['LOGO_WIDTH', 0],
    ['LOGO_WIDTH_FOOTER', 0],
    ['LOGO_WIDTH_MOBILE', 0],
  ])('defaults the layout number %s to %s', (type, value) => {
    expect(definitionOf(type)).toMatchObject({ kind: 'NUMBER', defaultValue: value });
  });

  it.each([
    ['LOGO_POSITION', 'LEFT'],
    ['MENU_ALIGNMENT', 'RIGHT'],
    ['SUBMENU_ALIGNMENT', 'LEFT'],
    ['MOBILE_MENU_POSITION', 'BOTTOM'],
    ['MENU_ACTIVE_TYPE', 'TEXT_COLOR'],
    ['MENU_HOVER_TRANSITION', 'SIMPLE_TEXT_COLOR'],
    ['DISPLAY_SOCIAL_ICON_IN_MENU', 'NO'],
    ['MENU_TYPE', 'RELATIVE'],
  ])('defaults the layout option %s to %s', (type, value) => {
    expect(definitionOf(type)).toMatchObject({ kind: 'STRING', defaultValue: value });
  });

  it.each([
    'ENABLE_NEWSLETTER',
    'IS_BLOG_ACTIVATED',
    'SHOW_PROMOTE_MESSAGE',
    'IS_MENU_FIXED',
    'MENU_ICON',
    'HIDE_CONTACT_PAGE',
  ])('turns %s on by default', (type) => {
    expect(definitionOf(type)).toMatchObject({ kind: 'BOOLEAN', defaultValue: true });
  });

  it.each([
    'SHOW_SEARCHBAR',
    'DARK_THEME',
    'HIDE_HOMEPAGE_IN_MENU',
    'HIDE_ECOMMERCE_LABEL',
    'TOP_MENU_INFO_BAR',
    'CENTER_SUBMENU',
    'SUBMENU_DROPSHADOW',
    'REPEAT_ANIMATION',
    'DISPLAY_ADDRESS_IN_TOPBAR',
    'MENU_TOP_PADDING',
    'MENU_BOTTOM_PADDING',
    'INVERSE_ABSOLUTE_MENU_COLOR',
    'SEE_CART_ON_HOVER',
    'SELLS_WORLDWIDE',
    'USE_STOCK',
    'SELLS_ALCOHOL',
  ])('turns %s off by default', (type) => {
    expect(definitionOf(type)).toMatchObject({ kind: 'BOOLEAN', defaultValue: false });
  });

  it.each([
    'ALCOHOL_MESSAGE',
    'ETHYLOTEST_MESSAGE',
    'PROMOTED_NEWS',
    'SECONDARY_ADDRESSES',
    'NUTRITIONAL_TABLE',
    'MOBILE_ONLY_PHONE',
    'BLOCK_MINORS',
    'ASK_BIRTHDATE_AT_REGISTER',
    'HIDE_PRICES',
    'HIDE_DISCOUNT_PERCENTAGE',
    'HIDE_PRODUCT_ICON',
    'LOCK_TEXT_SELECTION',
    'LOCK_RIGHT_CLICK',
    'PRODUCT_DISPLAY',
    'PRODUCT_ORDER',
    'PRODUCT_ASPECT_RATIO',
    'PRODUCT_PAGE_STYLE',
    'FEATURES_STYLE',
    'SERVICE_PAGE_STYLE',
    'GRAPE_VARIETY_DISPLAY',
    'IN_STOCK_LABEL',
    'OUT_OF_STOCK_LABEL',
    'STOCK_DISPLAY_LIMIT',
    'SHIPPING_MESSAGE',
    'PAYMENT_METHOD',
    'SEND_MAIL_NAME',
    'SEND_MAIL_ADDRESS',
    'CREATED_BY_MESSAGE',
    'CREATED_BY_BACKLINK',
    'META_DESCRIPTION_HOME',
    'META_DESCRIPTION_NEWS',
    'META_DESCRIPTION_WINE_LIST',
    'META_DESCRIPTION_CONTACT',
    'COMPANY_ADDRESS',
  ])('leaves %s empty (null) by default', (type) => {
    expect(definitionOf(type).defaultValue).toBeNull();
  });

  it.each([
    'BOTTLE_MULTIPLE',
    'MINIMUM_EXPEDITION_BOTTLE',
    'MAXIMUM_EXPEDITION_BOTTLE',
    'FREE_SHIPPING_BOTTLE',
    'FREE_SHIPPING_PRICE',
    'CLICK_AND_COLLECT_HOURS',
    'ORDER_REVIEW_DELAY',
  ])('defines the shop number %s, null by default', (type) => {
    expect(definitionOf(type)).toMatchObject({ kind: 'NUMBER', defaultValue: null, group: 'shop' });
  });

  it.each([
    'MONDAY_HOURS',
    'TUESDAY_HOURS',
    'WEDNESDAY_HOURS',
    'THURSDAY_HOURS',
    'FRIDAY_HOURS',
    'SATURDAY_HOURS',
    'SUNDAY_HOURS',
  ])('defines the opening hours %s as a string, null by default', (type) => {
    expect(definitionOf(type)).toMatchObject({
      kind: 'STRING',
      defaultValue: null,
      group: 'hours',
    });
  });

  it('defines the company address as a link', () => {
    expect(definitionOf('COMPANY_ADDRESS')).toMatchObject({ kind: 'LINK', group: 'company' });
  });

  it.each([
    'COMPANY_NAME',
    'LEGAL_COMPANY_NAME',
    'LEGAL_AGENT',
    'CORPORATE_FORM',
    'RCS_NUMBER',
    'RM_NUMBER',
    'SIRET_NUMBER',
    'SHARE_CAPITAL',
    'HEAD_OFFICE',
    'COMPANY_EMAIL',
    'COMPANY_PHONE',
    'COMPANY_MOBILE',
    'COMPANY_FAX',
    'INTRACO_VAT',
  ])('defines the company identity string %s used by the legal texts', (type) => {
    expect(definitionOf(type)).toMatchObject({ kind: 'STRING', group: 'company' });
  });

  it.each([
    'COOKIE_POLICY',
    'LEGAL_NOTICE',
    'PRIVACY_POLICY',
    'USE_TERMS',
    'SALE_TERMS',
    'COMPANY_DESCRIPTION',
    'CONTACT_ADDITIONAL_INFOS',
    'GLOBAL_CSS',
    'AFTER_BODY_HTML_TO_LOAD',
    'SCRIPT_TO_LOAD',
  ])('defines the rich text %s, empty by default', (type) => {
    expect(definitionOf(type)).toMatchObject({ kind: 'TEXT', defaultValue: '' });
  });

  it.each(['CART_ICON', 'MY_ACCOUNT_ICON', 'BASE_FONTAWESOME_ICON'])(
    'defines the icon %s as a string',
    (type) => {
      expect(definitionOf(type)).toMatchObject({ kind: 'STRING', group: 'icons' });
    },
  );

  it.each([
    'FACEBOOK_URL',
    'INSTAGRAM_URL',
    'TWITTER_URL',
    'LINKEDIN_URL',
    'TIKTOK_URL',
    'YOUTUBE_URL',
    'TRIPADVISOR_URL',
    'REVIEW_PAGE_URL',
    'PINTEREST_HANDLE',
    'TELEGRAM_HANDLE',
    'DISCORD_HANDLE',
    'GITHUB_HANDLE',
  ])('defines the social link %s as a string, null by default', (type) => {
    expect(definitionOf(type)).toMatchObject({
      kind: 'STRING',
      defaultValue: null,
      group: 'social',
    });
  });

  it('defines every colour of the spec as a hex string', () => {
    const colours = [
      'ACTIVE_FONT_COLOR',
      'ACTIVE_MENU_COLOR',
      'BACKGROUND_COLOR',
      'BACKGROUND_FOOTER_COLOR',
      'BACKGROUND_HEADER_COLOR',
      'BACKGROUND_MENU_COLOR',
      'FONT_COLOR',
      'FONT_FOOTER_COLOR',
      'HEADING_COLOR',
      'MENU_COLOR_ON_TOP',
      'FONT_MOBILE_MENU_COLOR',
      'FONT_BACKGROUND_COLOR',
      'BACKGROUND_MOBILE_MENU_COLOR',
      'PRIMARY_COLOR',
      'ACCENT_COLOR',
      'TOP_MENU_INFO_BAR_BACKGROUND_COLOR',
      'TOP_MENU_INFO_BAR_FONT_COLOR',
    ];
    for (const type of colours) {
      const definition = definitionOf(type);
      expect(definition).toMatchObject({ kind: 'STRING', group: 'colours' });
      expect(isHexColour(String(definition.defaultValue)), type).toBe(true);
    }
    expect(
      siteParameterCatalogue.filter((definition) => definition.group === 'colours'),
    ).toHaveLength(colours.length);
  });

  it.each([
    ['FONT_COLOR', 'BACKGROUND_COLOR'],
    ['HEADING_COLOR', 'BACKGROUND_COLOR'],
    ['ACTIVE_FONT_COLOR', 'BACKGROUND_COLOR'],
    ['FONT_COLOR', 'FONT_BACKGROUND_COLOR'],
    ['FONT_COLOR', 'BACKGROUND_HEADER_COLOR'],
    ['FONT_COLOR', 'BACKGROUND_MENU_COLOR'],
    ['ACTIVE_MENU_COLOR', 'BACKGROUND_MENU_COLOR'],
    ['FONT_FOOTER_COLOR', 'BACKGROUND_FOOTER_COLOR'],
    ['FONT_MOBILE_MENU_COLOR', 'BACKGROUND_MOBILE_MENU_COLOR'],
    ['TOP_MENU_INFO_BAR_FONT_COLOR', 'TOP_MENU_INFO_BAR_BACKGROUND_COLOR'],
  ])('default %s on %s passes WCAG AA contrast (4.5:1)', (foreground, background) => {
    const ratio = contrastRatio(
      String(definitionOf(foreground).defaultValue),
      String(definitionOf(background).defaultValue),
    );
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['PRIMARY_COLOR', 'ACCENT_COLOR'])(
    'default %s carries white text with WCAG AA contrast',
    (type) => {
      expect(
        contrastRatio('#ffffff', String(definitionOf(type).defaultValue)),
      ).toBeGreaterThanOrEqual(4.5);
    },
  );
});

describe('findParameterDefinition', () => {
  it('finds a definition by its key', () => {
    expect(findParameterDefinition('LOGO_HEIGHT')).toMatchObject({
      label: 'Hauteur du logo',
      group: 'layout',
    });
    expect(findParameterDefinition('PRIMARY_COLOR')?.label).toBe('Couleur principale');
  });

  it('returns undefined for an unknown or differently cased key', () => {
    expect(findParameterDefinition('UNKNOWN_PARAMETER')).toBeUndefined();
    expect(findParameterDefinition('logo_height')).toBeUndefined();
    expect(findParameterDefinition('constructor')).toBeUndefined();
  });
});

describe('parseParameterValue', () => {
  it('reads booleans from their text form', () => {
    expect(parseParameterValue('BOOLEAN', 'true')).toBe(true);
    expect(parseParameterValue('BOOLEAN', 'false')).toBe(false);
    expect(parseParameterValue('BOOLEAN', ' TRUE ')).toBe(true);
  });

  it('reads an unrecognised boolean as null rather than guessing', () => {
    expect(parseParameterValue('BOOLEAN', 'yes')).toBeNull();
    expect(parseParameterValue('BOOLEAN', '')).toBeNull();
  });

  it('reads numbers, and null for text that is not a finite number', () => {
    expect(parseParameterValue('NUMBER', '100')).toBe(100);
    expect(parseParameterValue('NUMBER', '-2.5')).toBe(-2.5);
    expect(parseParameterValue('NUMBER', '0')).toBe(0);
    expect(parseParameterValue('NUMBER', '')).toBeNull();
    expect(parseParameterValue('NUMBER', '  ')).toBeNull();
    expect(parseParameterValue('NUMBER', 'abc')).toBeNull();
    expect(parseParameterValue('NUMBER', 'Infinity')).toBeNull();
    expect(parseParameterValue('NUMBER', 'NaN')).toBeNull();
  });

  it('keeps strings, texts and links as stored, empty text included', () => {
    expect(parseParameterValue('STRING', 'LEFT')).toBe('LEFT');
    expect(parseParameterValue('TEXT', '')).toBe('');
    expect(parseParameterValue('LINK', 'https://maps.example/?q=1')).toBe(
      'https://maps.example/?q=1',
    );
  });

  it.each(PARAMETER_KINDS)('reads a stored null as null for the %s kind', (kind) => {
    expect(parseParameterValue(kind, null)).toBeNull();
  });
});

describe('serializeParameterValue', () => {
  it('writes values as text', () => {
    expect(serializeParameterValue('BOOLEAN', true)).toBe('true');
    expect(serializeParameterValue('BOOLEAN', false)).toBe('false');
    expect(serializeParameterValue('NUMBER', 12.5)).toBe('12.5');
    expect(serializeParameterValue('STRING', '#ffffff')).toBe('#ffffff');
    expect(serializeParameterValue('TEXT', '')).toBe('');
    expect(serializeParameterValue('NUMBER', null)).toBeNull();
  });

  it('refuses a value that does not match the kind', () => {
    expect(() => serializeParameterValue('BOOLEAN', 'yes')).toThrow(TypeError);
    expect(() => serializeParameterValue('NUMBER', Number.NaN)).toThrow(TypeError);
    expect(() => serializeParameterValue('NUMBER', '12')).toThrow(TypeError);
    expect(() => serializeParameterValue('STRING', 12)).toThrow(TypeError);
  });

  it.each<[ParameterKind, ParameterValue]>([
    ['BOOLEAN', true],
    ['BOOLEAN', false],
    ['BOOLEAN', null],
    ['NUMBER', 0],
    ['NUMBER', 130],
    ['NUMBER', -7.25],
    ['NUMBER', null],
    ['STRING', 'SIMPLE_TEXT_COLOR'],
    ['STRING', ''],
    ['TEXT', '<p>Mentions légales</p>\n'],
    ['LINK', 'https://maps.example/'],
    ['LINK', null],
  ])('reads back a %s value %j unchanged after writing it', (kind, value) => {
    expect(parseParameterValue(kind, serializeParameterValue(kind, value))).toEqual(value);
  });

  it('reads back every catalogue default unchanged after writing it', () => {
    for (const { kind, defaultValue } of siteParameterCatalogue) {
      expect(parseParameterValue(kind, serializeParameterValue(kind, defaultValue))).toEqual(
        defaultValue,
      );
    }
  });
});

describe('isValidParameterValue', () => {
  it('accepts null for every kind, since any parameter may be unset', () => {
    for (const kind of PARAMETER_KINDS) expect(isValidParameterValue(kind, null)).toBe(true);
  });

  it('holds each kind to its value type', () => {
    expect(isValidParameterValue('BOOLEAN', true)).toBe(true);
    expect(isValidParameterValue('BOOLEAN', 'true')).toBe(false);
    expect(isValidParameterValue('NUMBER', 3)).toBe(true);
    expect(isValidParameterValue('NUMBER', Number.POSITIVE_INFINITY)).toBe(false);
    expect(isValidParameterValue('NUMBER', '3')).toBe(false);
    expect(isValidParameterValue('STRING', 'LEFT')).toBe(true);
    expect(isValidParameterValue('TEXT', false)).toBe(false);
    expect(isValidParameterValue('LINK', 1)).toBe(false);
  });

  it.each(['#fff', '#FFFFFF', '#1d4e89', '#00000070', '#AbC'])(
    'accepts the hex colour %s for a colour parameter',
    (value) => {
      expect(isValidParameterValue('STRING', value, 'PRIMARY_COLOR')).toBe(true);
    },
  );

  it.each([
    'red',
    '#ffff',
    '#fffff',
    '#1234567',
    '#ggg',
    'fff',
    '#fff ',
    ' #fff',
    'rgb(0,0,0)',
    'red;}</style><script>alert(1)</script>',
    '#fff;background:url(x)',
    '',
  ])('refuses %j for a colour parameter', (value) => {
    expect(isValidParameterValue('STRING', value, 'BACKGROUND_FOOTER_COLOR')).toBe(false);
  });

  it('does not hold parameters outside the colours to the hex syntax', () => {
    expect(isValidParameterValue('STRING', 'red', 'COMPANY_NAME')).toBe(true);
    expect(isValidParameterValue('STRING', 'RIGHT', 'MENU_ALIGNMENT')).toBe(true);
  });

  it('recognises colour parameters by the _COLOR suffix of their key or by the catalogue', () => {
    expect(isValidParameterValue('STRING', 'red', 'CUSTOM_BANNER_COLOR')).toBe(false);
    expect(isValidParameterValue('STRING', 'red', 'MENU_COLOR_ON_TOP')).toBe(false);
    expect(isValidParameterValue('STRING', '#ffffff', 'MENU_COLOR_ON_TOP')).toBe(true);
  });

  it('checks a boolean whose key ends in _COLOR as a boolean', () => {
    expect(isValidParameterValue('BOOLEAN', true, 'INVERSE_ABSOLUTE_MENU_COLOR')).toBe(true);
  });
});

describe('effectiveParameterValue', () => {
  it('takes the catalogue default when the site has no value or a null one', () => {
    expect(effectiveParameterValue('IS_BLOG_ACTIVATED', undefined)).toBe(true);
    expect(effectiveParameterValue('IS_BLOG_ACTIVATED', null)).toBe(true);
    expect(effectiveParameterValue('PRIMARY_COLOR', null)).toBe('#1d4e89');
  });

  it("keeps the site's own value, false and empty text included", () => {
    expect(effectiveParameterValue('IS_BLOG_ACTIVATED', false)).toBe(false);
    expect(effectiveParameterValue('MENU_TYPE', '')).toBe('');
    expect(effectiveParameterValue('PRIMARY_COLOR', '#000000')).toBe('#000000');
  });

  it('gives null for a parameter without a default or outside the catalogue', () => {
    expect(effectiveParameterValue('BLOCK_MINORS', undefined)).toBeNull();
    expect(effectiveParameterValue('NOT_A_PARAMETER', undefined)).toBeNull();
    expect(effectiveParameterValue('NOT_A_PARAMETER', 'kept')).toBe('kept');
  });
});

describe('readSiteParameters', () => {
  const reader = readSiteParameters([
    { type: 'IS_BLOG_ACTIVATED', value: null },
    { type: 'BLOCK_MINORS', value: true },
    { type: 'COMPANY_NAME', value: '  Atelier  ' },
    { type: 'COMPANY_EMAIL', value: '   ' },
    { type: 'MENU_TYPE', value: 'FIXED' },
    { type: 'LOGO_HEIGHT_FOOTER', value: 80 },
  ]);

  it('reads flags through the default rule', () => {
    expect(reader.flag('IS_BLOG_ACTIVATED')).toBe(true);
    expect(reader.flag('BLOCK_MINORS')).toBe(true);
    expect(reader.flag('ASK_BIRTHDATE_AT_REGISTER')).toBe(false);
  });

  it('reads texts trimmed, a blank one as null, a missing one as its default', () => {
    expect(reader.text('COMPANY_NAME')).toBe('Atelier');
    expect(reader.text('COMPANY_EMAIL')).toBeNull();
    expect(reader.text('MENU_TYPE')).toBe('FIXED');
    expect(reader.text('LOGO_POSITION')).toBe('LEFT');
  });

  it('reads numbers only from number values, a missing one as its default', () => {
    expect(reader.number('LOGO_HEIGHT_FOOTER')).toBe(80);
    expect(reader.number('LOGO_HEIGHT')).toBe(100);
    expect(reader.number('COMPANY_NAME')).toBeNull();
  });
});

describe('parameter keys', () => {
  const reader = readSiteParameters([{ type: 'FREE_SHIPPING_PRICE', value: 49.9 }]);

  it('reads only keys of the catalogue: a misspelt key does not compile', () => {
    expect(reader.number('FREE_SHIPPING_PRICE')).toBe(49.9);
    // @ts-expect-error FREE_SHIPPING_PRISE is not a key of the catalogue (tsc -p packages/domain).
    expect(reader.number('FREE_SHIPPING_PRISE')).toBeNull();
    // @ts-expect-error nor is any string a reader is handed without checking it.
    expect(reader.text(String('COMPANY_NAME'))).toBeNull();
  });
});
