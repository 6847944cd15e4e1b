import { describe, expect, it } from 'vitest';
import { decodeDraft, encodeDraft } from './draft-encoding';

describe('draft encoding', () => {
  it('gives back the draft it encoded, in characters safe in a URL', async () => {
    const draft = {
      title: 'Qui sommes-nous ?',
      intro: null,
      blocks: [{ type: 'richText', html: '<p>Colorimétrie & morphologie — « été » 🌸</p>' }],
    };
    const encoded = await encodeDraft(draft);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await decodeDraft(encoded)).toEqual(draft);
  });

  it('reads anything else as no draft', async () => {
    expect(await decodeDraft('pas-un-brouillon')).toBeNull();
    expect(await decodeDraft('')).toBeNull();
  });
});
