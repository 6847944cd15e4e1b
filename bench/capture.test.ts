import { describe, expect, it } from 'vitest';
import { decodeEntities, parseStorefrontPage, rootRelativeUrls } from './capture';

const page = `<!DOCTYPE html><html lang="fr" style="--color-primary:#5b2a4e;--font:Inter, &quot;Helvetica Neue&quot;, Arial"><head><meta charSet="utf-8"/><link rel="preload" href="/sites/91/logo.svg" as="image"/><link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/><link rel="stylesheet" href="/_next/static/chunks/b.css" data-precedence="next"/><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/x.js"/><script src="/_next/static/chunks/y.js" async=""></script><title>L&#x27;Atelier de Clémence</title><meta name="description" content="Coiffure &amp; conseil en image"/></head><body class="theme"><a class="skip-link" href="#contenu">Aller au contenu</a><main id="contenu"><h1>L'Atelier</h1><img src="/sites/91/hero.svg" alt=""/></main><link rel="preload" href="/_next/static/chunks/lazy.css" as="style"/><script>self.__next_f.push([1,"<main>"])</script><script src="/_next/static/chunks/z.js" async=""></script></body></html>`;

describe('parseStorefrontPage', () => {
  it('keeps the body markup and drops the storefront scripts and chunk preloads', () => {
    const parsed = parseStorefrontPage(page);
    expect(parsed.bodyHtml).toBe(
      '<a class="skip-link" href="#contenu">Aller au contenu</a><main id="contenu"><h1>L\'Atelier</h1><img src="/sites/91/hero.svg" alt=""/></main>',
    );
  });

  it('reads the language, title, description and body class with entities decoded', () => {
    const parsed = parseStorefrontPage(page);
    expect(parsed).toMatchObject({
      lang: 'fr',
      title: "L'Atelier de Clémence",
      description: 'Coiffure & conseil en image',
      bodyClassName: 'theme',
    });
  });

  it('lists the stylesheets in order, the image preloads and the theme variables', () => {
    const parsed = parseStorefrontPage(page);
    expect(parsed.stylesheets).toEqual([
      '/_next/static/chunks/a.css',
      '/_next/static/chunks/b.css',
    ]);
    expect(parsed.imagePreloads).toEqual(['/sites/91/logo.svg']);
    expect(parsed.htmlStyle).toBe('--color-primary:#5b2a4e;--font:Inter, "Helvetica Neue", Arial');
  });

  it('refuses a document without a body', () => {
    expect(() => parseStorefrontPage('<html><head></head></html>')).toThrow('no <body>');
  });
});

describe('decodeEntities', () => {
  it('decodes named, decimal and hexadecimal entities and leaves unknown ones', () => {
    expect(decodeEntities('&lt;a&gt; &amp; &#39;b&#x27; &eacute;')).toBe("<a> & 'b' &eacute;");
  });
});

describe('rootRelativeUrls', () => {
  it('finds each root-relative url() once, quoted or not, and skips other origins', () => {
    const css =
      '@font-face{src:url(/_next/static/media/inter.woff2) format("woff2")}' +
      '.a{background:url("/sites/91/bg.svg")}.b{background:url(\'/sites/91/bg.svg\')}' +
      '.c{background:url(//cdn.example/x.png)}.d{background:url(data:image/png;base64,AA)}';
    expect(rootRelativeUrls(css)).toEqual(['/_next/static/media/inter.woff2', '/sites/91/bg.svg']);
  });
});
