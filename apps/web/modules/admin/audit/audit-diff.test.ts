import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-diff';

describe("the journal's readable changes", () => {
  it('lists only the values that differ, by their path', () => {
    expect(
      auditChanges(
        { url: '/a', blocks: [{ type: 'richText', html: '<p>Avant</p>' }] },
        { url: '/a', blocks: [{ type: 'richText', html: '<p>Après</p>' }] },
      ),
    ).toEqual([{ path: 'blocks › 1 › html', before: '<p>Avant</p>', after: '<p>Après</p>' }]);
  });

  it('shows a creation and a deletion field by field', () => {
    expect(auditChanges(null, { title: 'Soldes', position: 2 })).toEqual([
      { path: 'title', before: null, after: 'Soldes' },
      { path: 'position', before: null, after: '2' },
    ]);
    expect(auditChanges({ value: 'Salon' }, null)).toEqual([
      { path: 'value', before: 'Salon', after: null },
    ]);
  });

  it('names a plain value and shortens a long one', () => {
    const long = 'x'.repeat(1000);
    const [change] = auditChanges('court', long);
    expect(change!.path).toBe('valeur');
    expect(change!.after).toHaveLength(401);
  });
});
