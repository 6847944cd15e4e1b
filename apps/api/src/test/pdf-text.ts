import { fileURLToPath } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's metrics of the 14 standard fonts, so that it reads PDFKit's Helvetica and Times. */
const STANDARD_FONTS = fileURLToPath(
  new URL('standard_fonts/', import.meta.resolve('pdfjs-dist/package.json')),
);

export interface PdfContent {
  pages: number;
  /** Each page's text, in reading order, with runs of white space (no-break ones too) as one space. */
  pageTexts: string[];
  /** The whole text, pages joined. */
  text: string;
  title: string | null;
  language: string | null;
}

/** Reads a PDF back with Mozilla's pdf.js, as a viewer would: what a tests can assert on. */
export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
  }).promise;
  try {
    const pageTexts: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
        .join(' ');
      pageTexts.push(text.replace(/[\s\u00a0\u202f]+/g, ' ').trim());
    }
    const metadata = await pdf.getMetadata();
    const info = metadata.info as { Title?: string; Language?: string };
    return {
      pages: pdf.numPages,
      pageTexts,
      text: pageTexts.join(' '),
      title: info.Title ?? null,
      language: info.Language ?? null,
    };
  } finally {
    await pdf.destroy();
  }
}

/** The same spacing rule for an expected string: « 12,50 € » with any space matches. */
export function spaced(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}
