import { describe, expect, it } from 'vitest';
import { addedMessage, countLabel } from './purchase-text';

describe('the purchase box’s words', () => {
  it('counts wines in bottles and anything else in units', () => {
    expect(countLabel(1, 'WINE')).toBe('1 bouteille');
    expect(countLabel(6, 'WINE')).toBe('6 bouteilles');
    expect(countLabel(3, 'BOX')).toBe('3 unités');
    expect(countLabel(1, 'OTHER')).toBe('1 unité');
  });

  it('confirms what went in and what the cart holds', () => {
    expect(addedMessage(6, 'WINE', 8)).toBe(
      '6 bouteilles ajoutées à votre panier. Il contient maintenant 8 articles.',
    );
    expect(addedMessage(1, 'OTHER', 1)).toBe(
      '1 unité ajoutée à votre panier. Il contient maintenant 1 article.',
    );
  });
});
