import { describe, expect, it } from 'vitest';
import { EXCERPT_LENGTH, excerptText } from './search-excerpt';

describe('excerptText', () => {
  it('decodes the entities rich text carries', () => {
    expect(
      excerptText(
        'L&#39;&eacute;t&eacute;&nbsp;&laquo;&nbsp;br&ucirc;lant&nbsp;&raquo; &amp; l&rsquo;&oelig;uvre &#x2014; &Ccedil;a',
      ),
    ).toBe("L'été « brûlant » & l’œuvre — Ça");
  });

  it('drops an entity cut at the end and one it does not know', () => {
    expect(excerptText('Tout &inconnu; est &eac')).toBe('Tout est');
  });

  it('cuts a long text at a word, with an ellipsis', () => {
    const text = 'Le chenin mûrit lentement sur les schistes. '.repeat(20);
    const excerpt = excerptText(text)!;
    expect([...excerpt].length).toBeLessThanOrEqual(EXCERPT_LENGTH + 2);
    expect(excerpt).toMatch(/ …$/);
    expect(excerpt).toMatch(/^Le chenin mûrit lentement/);
    expect(text.startsWith(excerpt.slice(0, -2))).toBe(true);
  });

  it('gives nothing for an empty text', () => {
    expect(excerptText(null)).toBeNull();
    expect(excerptText(' &nbsp; ')).toBeNull();
    expect(excerptText('Court.')).toBe('Court.');
  });
});
