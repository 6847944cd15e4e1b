import { describe, expect, it } from 'vitest';
import { cssForStyleElement } from './style-text';

describe('cssForStyleElement', () => {
  it('keeps ordinary CSS as the administrator wrote it', () => {
    const css =
      '.hero h1 { color: #7a2e4d; } @media (min-width: 960px) { .hero { padding: 4rem; } }';
    expect(cssForStyleElement(css)).toBe(css);
  });

  it('cannot close the style element to open a script', () => {
    const css = 'body{}</style><script>window.__xss=1</script>';
    const safe = cssForStyleElement(css);
    expect(safe).not.toContain('<');
    expect(safe).toBe('body{}\\3c /style>\\3c script>window.__xss=1\\3c /script>');
  });
});
