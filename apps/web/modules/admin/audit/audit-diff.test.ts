import { describe, expect, it } from 'vitest';
import { auditChanges, auditSummary } from './audit-diff';

describe("the journal's readable changes", () => {
  it('lists only the values that differ, by their path', () => {
    expect(
      auditChanges(
        { url: '/a', blocks: [{ type: 'richText', html: '<p>Avant</p>' }] },
        { url: '/a', blocks: [{ type: 'richText', html: '<p>Après</p>' }] },
      ),
    ).toEqual([{ path: 'Blocs › 1 › Texte', before: '<p>Avant</p>', after: '<p>Après</p>' }]);
  });

  it('shows a creation and a deletion field by field', () => {
    expect(auditChanges(null, { title: 'Soldes', position: 2, custom: 'x' })).toEqual([
      { path: 'Titre', before: null, after: 'Soldes' },
      { path: 'Position', before: null, after: '2' },
      { path: 'custom', before: null, after: 'x' },
    ]);
    expect(auditChanges({ value: 'Salon' }, null)).toEqual([
      { path: 'Valeur', before: 'Salon', after: null },
    ]);
  });

  it('writes dates and yes/no in French', () => {
    expect(
      auditChanges(
        { readAt: null, isPaid: false },
        { readAt: '2026-11-27T18:29:35.998Z', isPaid: true },
      ),
    ).toEqual([
      { path: 'Lu le', before: null, after: '27 novembre 2026 à 19:29' },
      { path: 'Payée', before: 'Non', after: 'Oui' },
    ]);
  });

  it('names a plain value and shortens a long one', () => {
    const long = 'x'.repeat(1000);
    const [change] = auditChanges('court', long);
    expect(change!.path).toBe('Valeur');
    expect(change!.after).toHaveLength(401);
  });

  it("writes an order's states in French, other entities' values as they are", () => {
    expect(
      auditChanges({ status: 'PAID', isPaid: true }, { status: 'SHIPPED', isPaid: true }, 'order'),
    ).toEqual([{ path: 'État', before: 'payée', after: 'expédiée' }]);
    expect(auditChanges({ status: 'DRAFT' }, { status: 'SENT' }, 'newsletter')).toEqual([
      { path: 'État', before: 'DRAFT', after: 'SENT' },
    ]);
  });

  it("reads an order's earlier sentences with its reference and its state in French", () => {
    expect(
      auditSummary({ entityType: 'order', summary: "Commande n° 53 passée à l'état SHIPPED" }),
    ).toBe("Commande C000053 passée à l'état « expédiée »");
    expect(auditSummary({ entityType: 'order', summary: 'Commande n° 7 remboursée' })).toBe(
      'Commande C000007 remboursée',
    );
    const other = { entityType: 'parameter', summary: 'Paramètre « Nom » (COMPANY_NAME) modifié' };
    expect(auditSummary(other)).toBe(other.summary);
    const unknown = { entityType: 'order', summary: "Commande n° 8 passée à l'état LOST" };
    expect(auditSummary(unknown)).toBe(unknown.summary);
  });
});
