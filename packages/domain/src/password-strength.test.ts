import { describe, expect, it } from 'vitest';
import {
  PASSWORD_IS_EMAIL_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  passwordStrengthError,
} from './password-strength';

describe('passwordStrengthError', () => {
  it('accepts ten characters with a letter and a digit', () => {
    expect(passwordStrengthError('coiffure85')).toBeNull();
    expect(passwordStrengthError('Brushing du samedi 2026')).toBeNull();
  });

  it('refuses a password shorter than ten characters', () => {
    expect(passwordStrengthError('coiffur85')).toBe(PASSWORD_RULE_MESSAGE);
    expect(passwordStrengthError('')).toBe(PASSWORD_RULE_MESSAGE);
  });

  it('counts accented letters and emoji as one character each', () => {
    expect(passwordStrengthError('éééééééé1')).toBe(PASSWORD_RULE_MESSAGE);
    expect(passwordStrengthError('ééééééééé1')).toBeNull();
  });

  it('refuses a password without a digit or without a letter', () => {
    expect(passwordStrengthError('coiffuresalon')).toBe(PASSWORD_RULE_MESSAGE);
    expect(passwordStrengthError('0251642318')).toBe(PASSWORD_RULE_MESSAGE);
    expect(passwordStrengthError('!!!!----2026')).toBe(PASSWORD_RULE_MESSAGE);
  });

  it('accepts letters of any alphabet', () => {
    expect(passwordStrengthError('Ωμέγα αλφα 7')).toBeNull();
  });

  it('refuses a password longer than 128 characters', () => {
    expect(passwordStrengthError(`a1${'b'.repeat(127)}`)).toBe(PASSWORD_TOO_LONG_MESSAGE);
    expect(passwordStrengthError(`a1${'b'.repeat(126)}`)).toBeNull();
  });

  it('refuses the e-mail address, whatever its case, and the part before the @', () => {
    const email = 'Camille.Durand85@example.fr';
    expect(passwordStrengthError('camille.durand85@EXAMPLE.fr', email)).toBe(
      PASSWORD_IS_EMAIL_MESSAGE,
    );
    expect(passwordStrengthError('CAMILLE.DURAND85', email)).toBe(PASSWORD_IS_EMAIL_MESSAGE);
    expect(passwordStrengthError('camille.durand85 au salon', email)).toBeNull();
  });

  it('explains the length rule in French', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe(
      'Le mot de passe doit contenir au moins 10 caractères, dont au moins une lettre et un chiffre.',
    );
  });
});
