import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What npm run bench captured from the storefront's home page (see bench/capture.ts). */
export interface CapturedPage {
  lang: string;
  title: string;
  description: string;
  bodyClassName: string;
  bodyHtml: string;
  imagePreloads: string[];
}

/**
 * Read when the page is prerendered by `next build` (the cwd is this folder). The bench writes the
 * file just before the build; a missing file means the app was built outside the bench.
 */
export function readCapturedPage(): CapturedPage {
  const file = path.join(process.cwd(), 'captured', 'page.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CapturedPage;
  } catch (error) {
    throw new Error(`${file} is missing: this app is built by npm run bench, which writes it.`, {
      cause: error,
    });
  }
}
