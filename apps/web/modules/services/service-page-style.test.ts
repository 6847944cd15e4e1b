import { describe, expect, it } from 'vitest';
import { servicePageStyle } from './service-page-style';

describe('SERVICE_PAGE_STYLE', () => {
  it('keeps the cards when unset or unknown', () => {
    expect(servicePageStyle(null)).toBe('cards');
    expect(servicePageStyle('')).toBe('cards');
    expect(servicePageStyle('mosaïque')).toBe('cards');
  });

  it('reads the English names and the French words, whatever the case and accents', () => {
    expect(servicePageStyle('LIST')).toBe('list');
    expect(servicePageStyle(' Liste ')).toBe('list');
    expect(servicePageStyle('alternating')).toBe('alternating');
    expect(servicePageStyle('Alterné')).toBe('alternating');
    expect(servicePageStyle('cartes')).toBe('cards');
  });
});
