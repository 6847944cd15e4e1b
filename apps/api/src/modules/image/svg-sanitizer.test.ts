import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitizer';

const MALICIOUS_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg [ <!ENTITY boom "<script>alert('entity')</script>"> ]>
<!-- a comment before the root -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" onload="alert('onload')">
  <script>alert('script')</script>
  <SCRIPT>alert('upper-case script')</SCRIPT>
  <script><![CDATA[alert('cdata')]]></script>
  <style>svg { background: url(https://tracker.example/pixel) }</style>
  <foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert('foreign')"/>Texte caché</div></foreignObject>
  <a href="javascript:alert('link')"><circle cx="50" cy="50" r="10" fill="url(https://tracker.example/paint#a)"/></a>
  <linearGradient id="miel"><stop offset="0" stop-color="#e4bf7a"/></linearGradient>
  <rect width="100" height="100" fill="url(#miel)" onclick="alert('click')" ONMOUSEOVER="alert('hover')" style="fill: #5b2a4e; background-image: url(https://tracker.example/bg); stroke: blue"/>
  <use xlink:href="https://tracker.example/sprite.svg#icon"/>
  <use href="#miel"/>
  <image href="javascript:alert('image')" width="10" height="10"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10"/>
  <set attributeName="href" to="javascript:alert('set')"/>
  <animate attributeName="href" values="javascript:alert('animate')"/>
  <text x="10" y="90">Coupe &amp; couleur &lt;3</text>
</svg>`;

describe('sanitizeSvg', () => {
  const clean = sanitizeSvg(MALICIOUS_SVG)!;

  it('keeps one svg element with its shapes, gradient, viewBox and text', () => {
    expect(clean).toMatch(/^<svg [^>]*viewBox="0 0 100 100"/);
    expect(clean.endsWith('</svg>')).toBe(true);
    expect(clean).toContain(
      '<linearGradient id="miel"><stop offset="0" stop-color="#e4bf7a"></stop></linearGradient>',
    );
    expect(clean).toContain('<circle cx="50" cy="50" r="10"></circle>');
    expect(clean).toContain('fill="url(#miel)"');
    expect(clean).toContain('<use href="#miel"></use>');
    expect(clean).toContain('<text x="10" y="90">Coupe &amp; couleur &lt;3</text>');
  });

  it('removes scripts in any letter case, with their content', () => {
    expect(clean).not.toMatch(/script/i);
    expect(clean).not.toContain('alert');
  });

  it('removes foreignObject with everything inside it, and style elements', () => {
    expect(clean).not.toMatch(/foreignObject|<div|<img|Texte caché/i);
    expect(clean).not.toMatch(/<style/i);
  });

  it('removes event handlers, javascript: links, animations and external references', () => {
    expect(clean).not.toMatch(/\son[a-z]+=/i);
    expect(clean).not.toMatch(/javascript:/i);
    expect(clean).not.toMatch(/<set|<animate/i);
    expect(clean).not.toContain('tracker.example');
    expect(clean).toContain('<use></use>');
  });

  it('keeps the safe declarations of a style attribute only', () => {
    expect(clean).toContain('style="fill:#5b2a4e;stroke:blue"');
  });

  it('keeps an embedded raster picture but no other data: link', () => {
    expect(clean).toContain(
      '<image href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10"></image>',
    );
    expect(sanitizeSvg('<svg><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>')).toBe(
      '<svg><image></image></svg>',
    );
  });

  it('drops what comes before the root: declaration, doctype and its entities, comments', () => {
    expect(clean.startsWith('<svg')).toBe(true);
    expect(clean).not.toContain('entity');
    expect(clean).not.toContain('comment');
  });

  it('closes self-closing elements without nesting their siblings', () => {
    expect(sanitizeSvg('<svg><path d="M0 0"/><path d="M1 1"/></svg>')).toBe(
      '<svg><path d="M0 0"></path><path d="M1 1"></path></svg>',
    );
  });

  it('refuses documents that are not SVG pictures', () => {
    expect(sanitizeSvg('<html><body><p>Bonjour</p></body></html>')).toBeNull();
    expect(sanitizeSvg('plain text')).toBeNull();
    expect(sanitizeSvg('<svg-icon></svg-icon>')).toBeNull();
  });
});
