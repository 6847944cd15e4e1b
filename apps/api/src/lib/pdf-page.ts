/*
 * The page of the house's A4 documents (the invoice, the packing slip): its size, margins,
 * colours and fonts, and the few drawing steps they share. PDFKit's standard fonts only.
 */

// A4 in PDF points.
export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = { top: 56, bottom: 72, left: 50, right: 50 };
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
export const COLOURS = { ink: '#222222', muted: '#5f5a56', rule: '#cfc8c2', header: '#f1ede9' };
export const FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

export type Doc = PDFKit.PDFDocument;

export function ensureRoom(doc: Doc, needed: number): void {
  if (doc.y + needed > PAGE.height - MARGIN.bottom) doc.addPage();
}

export function rule(doc: Doc, y: number): void {
  doc
    .save()
    .moveTo(MARGIN.left, y)
    .lineTo(PAGE.width - MARGIN.right, y)
    .lineWidth(0.75)
    .strokeColor(COLOURS.rule)
    .stroke()
    .restore();
}

/** The document's bytes once it ends (call before drawing: PDFKit streams as it draws). */
export function pdfBytes(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
