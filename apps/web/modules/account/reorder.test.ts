import { describe, expect, it, vi } from 'vitest';
import { reorder, reorderText } from './reorder';

vi.mock('../cart/add-to-cart', () => ({ addToCart: vi.fn() }));

const line = (declinationId: number, name: string, quantity: number) => ({
  productId: declinationId,
  declinationId,
  name,
  year: 2022,
  quantity,
  unitPriceCents: 1200,
  totalCents: 1200 * quantity,
  vatRateBasisPoints: 2000,
  vatCents: 200 * quantity,
});

describe('ordering again', () => {
  it('adds each line with its quantity, and says which ones the cart refused and why', async () => {
    const add = vi.fn(async (request: { declinationId: number; quantity: number }) =>
      request.declinationId === 2
        ? ({ ok: false, message: 'Chenin sec n’est plus en vente.' } as const)
        : ({ ok: true, cart: {} } as never),
    );
    const outcome = await reorder(
      92,
      { lines: [line(1, 'Rosé', 6), line(2, 'Chenin sec', 3), line(3, 'Layon', 1)] },
      add,
    );
    expect(add.mock.calls.map(([request]) => [request.declinationId, request.quantity])).toEqual([
      [1, 6],
      [2, 3],
      [3, 1],
    ]);
    expect(outcome).toEqual({
      added: 2,
      refused: [{ name: 'Chenin sec 2022', message: 'Chenin sec n’est plus en vente.' }],
    });
    expect(reorderText(outcome)).toBe('2 produits sur 3 sont de nouveau dans votre panier.');
  });

  it('reads naturally whatever the count', () => {
    expect(reorderText({ added: 1, refused: [] })).toBe(
      'Le produit de cette commande est de nouveau dans votre panier.',
    );
    expect(reorderText({ added: 3, refused: [] })).toBe(
      'Les 3 produits de cette commande sont de nouveau dans votre panier.',
    );
    expect(reorderText({ added: 0, refused: [{ name: 'Rosé', message: 'x' }] })).toBe(
      'Aucun produit de cette commande n’a pu être ajouté à votre panier.',
    );
    expect(reorderText({ added: 1, refused: [{ name: 'Rosé', message: 'x' }] })).toBe(
      '1 produit sur 2 est de nouveau dans votre panier.',
    );
  });
});
