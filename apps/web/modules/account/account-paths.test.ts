import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATH, loginPathFor, safeNextPath } from './account-paths';

describe('path after login', () => {
  it('returns to the page of this site that asked for the login', () => {
    expect(safeNextPath('/mon-compte/lettres-d-information')).toBe(
      '/mon-compte/lettres-d-information',
    );
    expect(safeNextPath('/conseil-en-image/notre-approche?vue=2#tarifs')).toBe(
      '/conseil-en-image/notre-approche?vue=2#tarifs',
    );
  });

  it('goes to the account page when there is nowhere to return to', () => {
    expect(safeNextPath(null)).toBe(ACCOUNT_PATH);
    expect(safeNextPath('')).toBe(ACCOUNT_PATH);
  });

  it('never leaves the site, however the address is disguised', () => {
    for (const next of [
      'https://evil.example/mon-compte',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'mon-compte',
      '/\tevil',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeNextPath(next), next).toBe(ACCOUNT_PATH);
    }
  });

  it('does not send a freshly logged-in visitor back to the login page', () => {
    expect(safeNextPath('/auth?next=/auth')).toBe(ACCOUNT_PATH);
  });

  it('builds the login address that brings the visitor back', () => {
    expect(loginPathFor('/mon-compte/mot-de-passe')).toBe(
      '/auth?next=%2Fmon-compte%2Fmot-de-passe',
    );
  });
});
