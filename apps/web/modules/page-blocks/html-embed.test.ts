import { describe, expect, it } from 'vitest';
import {
  isAllowedEmbedSource,
  sanitizeEmbedHtml,
  sanitizeRichHtml,
} from '@comptoir/domain/rich-text';
import { embedFrameHosts } from './embed-hosts';

const youtube =
  '<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/abc123" title="YouTube video player" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share; camera" referrerpolicy="unsafe-url" allowfullscreen></iframe>';

describe('the HTML embed policy', () => {
  it('keeps a player frame, named by the block title, sandboxed and lazy', () => {
    const html = sanitizeEmbedHtml(youtube, 'Visite du salon en vidéo');
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/abc123"');
    expect(html).toContain('title="Visite du salon en vidéo"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('referrerpolicy="strict-origin-when-cross-origin"');
    expect(html).toMatch(/sandbox="allow-scripts allow-same-origin [^"]*"/);
    expect(html).not.toContain('allow-top-navigation');
    expect(html).toContain('allowfullscreen');
    // Features a player needs stay; the camera is never granted.
    expect(html).toContain('allow="accelerometer; autoplay; clipboard-write; encrypted-media;');
    expect(html).not.toContain('camera');
    expect(html).not.toContain('frameborder');
    expect(html).not.toContain('unsafe-url');
  });

  it.each([
    'https://www.youtube.com/embed/abc123',
    'https://player.vimeo.com/video/76979871',
    'https://www.google.com/maps?q=Saint-Malo-du-Bois&output=embed',
    'https://www.google.com/maps/embed?pb=!1m18',
    'https://calendly.com/atelier-clemence/bilan',
  ])('accepts a frame of %s', (src) => {
    expect(isAllowedEmbedSource(src)).toBe(true);
    expect(
      sanitizeEmbedHtml(`<iframe src="${src.replaceAll('&', '&amp;')}"></iframe>`, 'T'),
    ).toContain('<iframe');
  });

  it.each([
    'https://evil.example/embed/x',
    'http://www.youtube-nocookie.com/embed/abc',
    'https://www.youtube.com/watch?v=abc',
    'https://www.google.com/search?q=x',
    'https://www.google.com/mapsevil',
    'https://www.google.com.evil.example/maps',
    'https://user:pass@calendly.com/x',
    'https://calendly.com:8443/x',
    'javascript:alert(1)',
    '//www.youtube.com/embed/abc',
    '/embed/abc',
    'data:text/html,<script>alert(1)</script>',
  ])('removes a frame of %s entirely', (src) => {
    expect(isAllowedEmbedSource(src)).toBe(false);
    const html = sanitizeEmbedHtml(
      `<p>Avant</p><iframe src="${src}">texte</iframe><p>Après</p>`,
      'T',
    );
    expect(html).not.toMatch(/<iframe/i);
    expect(html).toBe('<p>Avant</p><p>Après</p>');
  });

  it('lets no script, handler or other active content through', () => {
    const html = sanitizeEmbedHtml(
      `<script>alert(1)</script><iframe src="https://player.vimeo.com/video/1" onload="alert(1)" srcdoc="<script>alert(1)</script>" style="position:fixed"></iframe><object data="x.swf"></object><embed src="x.swf"><img src=x onerror=alert(1)><a href="javascript:alert(1)">lien</a>`,
      'Vidéo',
    );
    expect(html).not.toMatch(
      /<script|onload|onerror|srcdoc|style=|<object|<embed|<img|javascript:/i,
    );
    expect(html).toContain('<iframe src="https://player.vimeo.com/video/1"');
  });

  it('leaves the rich-text policy without frames', () => {
    expect(sanitizeRichHtml(youtube)).toBe('');
  });

  it('names the hosts that serve the frames, once each', () => {
    const html = sanitizeEmbedHtml(
      `${youtube}<iframe src="https://www.google.com/maps?q=a&amp;output=embed"></iframe>${youtube}`,
      'T',
    );
    expect(embedFrameHosts(html)).toEqual(['www.youtube-nocookie.com', 'www.google.com']);
    expect(embedFrameHosts('<p>Texte seul</p>')).toEqual([]);
  });
});
