import { describe, expect, it } from 'vitest';
import {
  formatServiceDuration,
  formatServicePrice,
  isoDuration,
  parseServiceRoute,
  servicePath,
} from './service-format';

/** Intl writes French amounts with no-break spaces; compare them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatServicePrice', () => {
  it('writes euros the French way', () => {
    expect(plain(formatServicePrice(12000))).toBe('120,00 €');
    expect(plain(formatServicePrice(6550))).toBe('65,50 €');
    expect(plain(formatServicePrice(125000))).toBe('1 250,00 €');
    expect(plain(formatServicePrice(0))).toBe('0,00 €');
  });

  it('says "Sur devis" for a service without a fixed price', () => {
    expect(formatServicePrice(null)).toBe('Sur devis');
  });
});

describe('formatServiceDuration', () => {
  it.each([
    [45, '45 min'],
    [60, '1 h'],
    [75, '1 h 15'],
    [90, '1 h 30'],
    [125, '2 h 05'],
    [360, '6 h'],
    [1260, '21 h'],
  ])('writes %i minutes as %s', (minutes, expected) => {
    expect(formatServiceDuration(minutes)).toBe(expected);
  });

  it('gives machines the ISO 8601 duration', () => {
    expect(isoDuration(90)).toBe('PT1H30M');
    expect(isoDuration(120)).toBe('PT2H');
    expect(isoDuration(45)).toBe('PT45M');
  });
});

describe('parseServiceRoute', () => {
  it('reads the bare URL as the services page', () => {
    expect(parseServiceRoute(undefined)).toEqual({ kind: 'overview' });
    expect(parseServiceRoute([])).toEqual({ kind: 'overview' });
  });

  it('reads an id alone or a slug and an id', () => {
    expect(parseServiceRoute(['12'])).toEqual({ kind: 'service', id: 12, slug: null });
    expect(parseServiceRoute(['analyse-de-colorimetrie', '12'])).toEqual({
      kind: 'service',
      id: 12,
      slug: 'analyse-de-colorimetrie',
    });
    expect(parseServiceRoute(['analyse%20couleurs', '3'])).toMatchObject({
      slug: 'analyse couleurs',
    });
  });

  it.each([
    [['analyse-de-colorimetrie']],
    [['12', 'analyse-de-colorimetrie']],
    [['0']],
    [['012']],
    [['1e3']],
    [['-4']],
    [['99999999999']],
    [['2147483648']],
    [['a', 'b', '12']],
  ])('refuses %j', (segments) => {
    expect(parseServiceRoute(segments)).toEqual({ kind: 'invalid' });
  });
});

describe('servicePath', () => {
  it('puts the slug before the id', () => {
    expect(servicePath({ id: 12, slug: 'analyse-de-colorimetrie' })).toBe(
      '/prestation-conseil-en-image/analyse-de-colorimetrie/12',
    );
  });
});
