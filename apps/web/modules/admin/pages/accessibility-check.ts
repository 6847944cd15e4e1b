'use client';

import type { AxeResults, RunOptions } from 'axe-core';
import {
  frenchHelpOf,
  summarizeViolations,
  type AccessibilityFinding,
} from './accessibility-summary';

/**
 * axe-core's script and French texts, copied from the package by scripts/copy-vendor.mjs. They
 * load only here, into the draft preview's frame, when the owner publishes: never in a visitor's
 * page nor in the back office's first load (decision 0112).
 */
export const AXE_SCRIPT_PATH = '/vendor/axe-core/axe.min.js';
const AXE_LOCALE_PATH = '/vendor/axe-core/fr.json';

/** The storefront's <main>: the page's content, which the owner writes in the editor. */
const MAIN_ID = 'contenu';
/** The desktop layout, as in publish-page.ts; the phone layout is the same content. */
const FRAME_WIDTH = 1280;
const TIMEOUT_MS = 30_000;

type AxeInFrame = {
  run(context: Element, options: RunOptions): Promise<AxeResults>;
};

function loadScript(doc: Document, src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => reject(new Error('axe')), { once: true });
    doc.head.append(script);
  });
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Opens the draft preview (`draftUrl`, same origin) in a hidden frame, loads axe-core into it and
 * checks the page's content: the serious and critical violations, and the image blocks left
 * without a description, summed up in French. Rejects when the check could not run.
 */
export async function checkDraftAccessibility(draftUrl: string): Promise<AccessibilityFinding[]> {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = 'Aperçu du brouillon (vérification de l’accessibilité)';
  frame.style.cssText = `position:fixed;left:-${FRAME_WIDTH * 2}px;top:0;width:${FRAME_WIDTH}px;height:900px;border:0;`;
  try {
    return await withTimeout(
      (async () => {
        const loaded = new Promise<void>((resolve, reject) => {
          frame.addEventListener('load', () => resolve(), { once: true });
          frame.addEventListener('error', () => reject(new Error('frame')), { once: true });
        });
        frame.src = draftUrl;
        document.body.append(frame);
        const [locale] = await Promise.all([
          fetch(AXE_LOCALE_PATH)
            .then((answer): Promise<unknown> => (answer.ok ? answer.json() : Promise.resolve(null)))
            .catch(() => null),
          loaded,
        ]);
        const doc = frame.contentDocument;
        const main = doc?.getElementById(MAIN_ID);
        if (!doc || !main) throw new Error('draft');
        await doc.fonts?.ready;
        await loadScript(doc, AXE_SCRIPT_PATH);
        const axe = (frame.contentWindow as (Window & { axe?: AxeInFrame }) | null)?.axe;
        if (!axe) throw new Error('axe');
        // axe-core's default rules, as the journeys' checks run them (e2e/support/accessibility.ts).
        const results = await axe.run(main, { resultTypes: ['violations'] });
        const emptyAltImages = [
          ...main.querySelectorAll<HTMLImageElement>('[data-block="image"] img'),
        ]
          .filter((image) => (image.getAttribute('alt') ?? '').trim() === '')
          .map((image) => image.outerHTML);
        // The French texts are read here rather than given to axe.configure, which compiles
        // them with `new Function`, refused by the storefront's CSP (no 'unsafe-eval').
        return summarizeViolations(results.violations, emptyAltImages, frenchHelpOf(locale));
      })(),
    );
  } finally {
    frame.remove();
  }
}
