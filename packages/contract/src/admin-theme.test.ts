import { describe, expect, it } from 'vitest';
import { parameterValueProblem } from './admin-theme';

describe('a parameter with a few choices', () => {
  const pageStyle = { type: 'PRODUCT_PAGE_STYLE', kind: 'STRING' } as const;

  it('takes one of them, or null for the default', () => {
    expect(parameterValueProblem(pageStyle, 'STACKED')).toBeNull();
    expect(parameterValueProblem(pageStyle, null)).toBeNull();
  });

  it('refuses any other value and names the choices in French', () => {
    expect(parameterValueProblem(pageStyle, 'CAROUSEL')).toBe(
      'Choisissez l’une des valeurs proposées : « Photo à gauche, achat à droite », « Achat à gauche, photo à droite », « Photo au-dessus, achat en dessous ».',
    );
  });

  it('leaves free texts free', () => {
    expect(parameterValueProblem({ type: 'COMPANY_NAME', kind: 'STRING' }, 'Atelier')).toBeNull();
  });
});
