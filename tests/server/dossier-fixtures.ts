// The resale dossier's tests: a PDF read back as text (pdfjs-dist's legacy build runs in Node), and
// real multi-page PDF receipts (pdf-lib).
import { PDFDocument } from 'pdf-lib';

export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + '\n';
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text };
}

/** A valid PDF of `n` pages, each saying which it is. */
export async function receiptPdf(n: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < n; i++) doc.addPage([300, 400]).drawText(`Invoice page ${i + 1}`, { x: 20, y: 300 });
  return Buffer.from(await doc.save());
}
