import { describe, expect, it } from 'vitest';
import { landingVisit } from './visit-source';

describe('landingVisit', () => {
  it('reads the source and drops the whole query string', () => {
    expect(
      landingVisit('https://www.atelier-clemence.fr/nous-contacter?from=flyer-noel&utm=x#plan'),
    ).toEqual({
      source: 'flyer-noel',
      cleanUrl: '/nous-contacter#plan',
    });
  });

  it('decodes the source', () => {
    expect(landingVisit('http://localhost:3000/?from=march%C3%A9%20de%20No%C3%ABl')?.source).toBe(
      'marché de Noël',
    );
  });

  it('does nothing without a from parameter', () => {
    expect(landingVisit('http://localhost:3000/?page=2')).toBeNull();
    expect(landingVisit('http://localhost:3000/')).toBeNull();
  });

  it('still cleans the URL but logs nothing for an empty or overlong source', () => {
    expect(landingVisit('http://localhost:3000/?from=')).toEqual({ source: null, cleanUrl: '/' });
    expect(landingVisit(`http://localhost:3000/?from=${'x'.repeat(101)}`)?.source).toBeNull();
    expect(landingVisit(`http://localhost:3000/?from=${'x'.repeat(100)}`)?.source).toHaveLength(
      100,
    );
  });
});
