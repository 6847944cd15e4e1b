'use client';

import { PREVIEW_IMAGE_MAX_BYTES } from '@comptoir/contract/admin';

/** Widest preview stored: enough for a thumbnail in the page builder, light to upload. */
const PREVIEW_MAX_WIDTH = 1200;
/** Tallest part of the page drawn, in CSS pixels: the top of a long page says what it is. */
const PREVIEW_MAX_HEIGHT = 2400;

/** The same-origin style rules of the page, which the snapshot must carry inside itself. */
function pageStyles(document: Document): string {
  const rules: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      for (const rule of Array.from(sheet.cssRules)) rules.push(rule.cssText);
    } catch {
      // A cross-origin stylesheet cannot be read; the snapshot does without it.
    }
  }
  return rules.join('\n');
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("L'aperçu n'a pas pu être dessiné."))),
      type,
      quality,
    );
  });
}

/**
 * Draws an element as the visitor sees it into an image, with no library: the element and the
 * page's styles go into an SVG foreignObject, which the browser renders and a canvas turns into
 * PNG (JPEG when the PNG would exceed the API's limit). The element may live in a same-origin frame. The site's theme variables and the body's
 * font and colours are copied onto the snapshot's root, where `html` and `body` rules cannot reach.
 */
export async function capturePreview(element: HTMLElement): Promise<Blob> {
  // The element's own document: the page itself, or the storefront page the block editor loads
  // in a frame to publish it.
  const document = element.ownerDocument;
  const getComputedStyle = (target: Element) => document.defaultView!.getComputedStyle(target);
  const box = element.getBoundingClientRect();
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.min(Math.round(element.scrollHeight), PREVIEW_MAX_HEIGHT));
  const body = getComputedStyle(document.body);
  const rootStyle = [
    document.documentElement.getAttribute('style') ?? '',
    `width:${width}px`,
    `background:${body.backgroundColor}`,
    `color:${body.color}`,
    `font-family:${body.fontFamily}`,
    `font-size:${body.fontSize}`,
    `line-height:${body.lineHeight}`,
  ].join(';');

  const clone = element.cloneNode(true) as HTMLElement;
  clone.querySelectorAll('script, noscript, iframe, video').forEach((node) => node.remove());
  const serializer = new XMLSerializer();
  const root = document.createElement('div');
  root.setAttribute('xmlns', 'http://www.w3.org/1999/xhtml');
  root.setAttribute('style', rootStyle);
  const style = document.createElement('style');
  style.textContent = pageStyles(document);
  root.append(style, clone);

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<foreignObject x="0" y="0" width="100%" height="100%">${serializer.serializeToString(root)}</foreignObject></svg>`;
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();

  const scale = Math.min(1, PREVIEW_MAX_WIDTH / width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error("L'aperçu n'a pas pu être dessiné.");
  context.fillStyle = body.backgroundColor;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);

  const png = await canvasBlob(canvas, 'image/png');
  return png.size <= PREVIEW_IMAGE_MAX_BYTES ? png : canvasBlob(canvas, 'image/jpeg', 0.82);
}
