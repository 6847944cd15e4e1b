import { describe, expect, it } from 'vitest';
import {
  headerOptions,
  iconForFontAwesome,
  iconStrokeWidth,
  summariseOpeningHours,
} from './site-header';
import { effectiveParameterValue, type ParameterValue } from './site-parameters';

const reader =
  (stored: Record<string, ParameterValue>) =>
  (type: string): ParameterValue =>
    effectiveParameterValue(type, stored[type]);

describe('header options', () => {
  it('reads the catalogue defaults as the header of today', () => {
    expect(headerOptions(reader({}))).toEqual({
      menuType: 'RELATIVE',
      inverseOverlay: false,
      mobileMenuPosition: 'BOTTOM',
      menuIcons: true,
      cartIcon: 'cart',
      accountIcon: 'user',
      iconStroke: 2.2,
      socialInMenu: 'NO',
      infoBar: false,
      addressInInfoBar: false,
      menuTopPadding: false,
      menuBottomPadding: false,
      dark: false,
    });
  });

  it('reads each variant, whatever the case of the value', () => {
    const options = headerOptions(
      reader({
        MENU_TYPE: 'absolute',
        INVERSE_ABSOLUTE_MENU_COLOR: true,
        MOBILE_MENU_POSITION: ' top ',
        MENU_ICON: false,
        CART_ICON: 'fa-basket-shopping',
        MY_ACCOUNT_ICON: 'fa-regular fa-circle-user',
        BASE_FONTAWESOME_ICON: 'fa-light',
        DISPLAY_SOCIAL_ICON_IN_MENU: 'desktop',
        TOP_MENU_INFO_BAR: true,
        DISPLAY_ADDRESS_IN_TOPBAR: true,
        MENU_TOP_PADDING: true,
        MENU_BOTTOM_PADDING: true,
        DARK_THEME: true,
      }),
    );
    expect(options).toEqual({
      menuType: 'ABSOLUTE',
      inverseOverlay: true,
      mobileMenuPosition: 'TOP',
      menuIcons: false,
      cartIcon: 'basket',
      accountIcon: 'user-circle',
      iconStroke: 1.3,
      socialInMenu: 'DESKTOP',
      infoBar: true,
      addressInInfoBar: true,
      menuTopPadding: true,
      menuBottomPadding: true,
      dark: true,
    });
  });

  it('falls back to the default for a value it does not know', () => {
    const options = headerOptions(
      reader({
        MENU_TYPE: 'FLOATING',
        MOBILE_MENU_POSITION: 'LEFT',
        DISPLAY_SOCIAL_ICON_IN_MENU: 'maybe',
      }),
    );
    expect(options.menuType).toBe('RELATIVE');
    expect(options.mobileMenuPosition).toBe('BOTTOM');
    expect(options.socialInMenu).toBe('NO');
  });

  it('reads YES, TRUE and OUI as social icons on every screen', () => {
    for (const value of ['YES', 'true', 'Oui']) {
      expect(headerOptions(reader({ DISPLAY_SOCIAL_ICON_IN_MENU: value })).socialInMenu).toBe(
        'YES',
      );
    }
  });
});

describe('Font Awesome names', () => {
  it('maps v6 and v5 names, with or without prefix, to the project icons', () => {
    expect(iconForFontAwesome('fa-cart-shopping', 'user')).toBe('cart');
    expect(iconForFontAwesome('shopping-cart', 'user')).toBe('cart');
    expect(iconForFontAwesome('fa-solid fa-bag-shopping', 'cart')).toBe('bag');
    expect(iconForFontAwesome('FA-WINE-GLASS', 'cart')).toBe('wine-bottle');
    expect(iconForFontAwesome('fa-user', 'cart')).toBe('user');
  });

  it('draws the fallback for an unknown or empty name', () => {
    expect(iconForFontAwesome('fa-dragon', 'cart')).toBe('cart');
    expect(iconForFontAwesome(null, 'user')).toBe('user');
  });

  it('turns the icon style into a stroke width, solid the boldest', () => {
    expect(iconStrokeWidth('fa-solid')).toBe(2.2);
    expect(iconStrokeWidth('fa-regular')).toBe(1.7);
    expect(iconStrokeWidth('fal')).toBe(1.3);
    expect(iconStrokeWidth('fa-thin')).toBe(1);
    expect(iconStrokeWidth('fa-brands')).toBe(2.2);
    expect(iconStrokeWidth(null)).toBe(2.2);
  });
});

describe('opening hours in the info bar', () => {
  it('groups consecutive days with the same hours', () => {
    expect(
      summariseOpeningHours([
        { day: 'Mardi', hours: '9 h – 19 h' },
        { day: 'Mercredi', hours: '9 h – 19 h' },
        { day: 'Jeudi', hours: '9 h – 19 h' },
        { day: 'Vendredi', hours: '9 h – 20 h' },
        { day: 'Samedi', hours: '9 h – 20 h' },
        { day: 'Dimanche', hours: 'Fermé' },
      ]),
    ).toEqual(['Mar. – jeu. : 9 h – 19 h', 'Ven. – sam. : 9 h – 20 h', 'Dim. : Fermé']);
  });

  it('does not join days that are not consecutive', () => {
    expect(
      summariseOpeningHours([
        { day: 'Lundi', hours: '10 h – 12 h' },
        { day: 'Mercredi', hours: '10 h – 12 h' },
      ]),
    ).toEqual(['Lun. : 10 h – 12 h', 'Mer. : 10 h – 12 h']);
  });
});
