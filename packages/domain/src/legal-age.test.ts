import { describe, expect, it } from 'vitest';
import { ageOn, ageRules, isAdult, isPlausibleBirthdate, todayInFrance } from './legal-age';

describe('ageRules', () => {
  const site = (...on: string[]) => ageRules((type) => on.includes(type));

  it('asks nothing of a site that sells no alcohol and sets neither rule', () => {
    expect(site()).toEqual({ asksBirthdate: false, blocksMinors: false });
  });

  it('asks the birth date and refuses minors on a site that sells alcohol, whatever its keys say', () => {
    expect(site('SELLS_ALCOHOL')).toEqual({ asksBirthdate: true, blocksMinors: true });
  });

  it('lets any other site choose each rule, refusing minors implying the birth date', () => {
    expect(site('ASK_BIRTHDATE_AT_REGISTER')).toEqual({ asksBirthdate: true, blocksMinors: false });
    expect(site('BLOCK_MINORS')).toEqual({ asksBirthdate: true, blocksMinors: true });
  });
});

describe('ageOn', () => {
  it('counts full years, the birthday itself included', () => {
    expect(ageOn('2008-11-21', '2026-11-21')).toBe(18);
    expect(ageOn('2008-11-22', '2026-11-21')).toBe(17);
    expect(ageOn('1990-04-12', '2026-11-21')).toBe(36);
  });

  it('makes someone born on February 29th a year older on March 1st in common years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('answers null for a date that does not exist', () => {
    expect(ageOn('2007-02-29', '2026-11-21')).toBeNull();
    expect(ageOn('2000-13-01', '2026-11-21')).toBeNull();
    expect(ageOn('12/04/1990', '2026-11-21')).toBeNull();
  });
});

describe('isAdult', () => {
  it('is true from the eighteenth birthday on', () => {
    expect(isAdult('2008-11-21', '2026-11-21')).toBe(true);
    expect(isAdult('2008-11-22', '2026-11-21')).toBe(false);
  });
});

describe('isPlausibleBirthdate', () => {
  it('refuses a date in the future or before 1900', () => {
    expect(isPlausibleBirthdate('2026-11-22', '2026-11-21')).toBe(false);
    expect(isPlausibleBirthdate('1899-12-31', '2026-11-21')).toBe(false);
    expect(isPlausibleBirthdate('1990-04-12', '2026-11-21')).toBe(true);
    expect(isPlausibleBirthdate('2026-11-21', '2026-11-21')).toBe(true);
  });
});

describe('todayInFrance', () => {
  it('gives the date in Paris, which is already tomorrow late in the UTC evening', () => {
    expect(todayInFrance(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(todayInFrance(new Date('2026-07-14T10:00:00Z'))).toBe('2026-07-14');
  });
});
