/** Reading a PDF back with a real parser (pdfjs-dist): pages, metadata, and text with positions. */
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface TextItem {
  str: string;
  /** x of the left edge and y of the baseline, from the top left of the page. */
  x: number;
  y: number;
  width: number;
  font: string;
  /** Font size in points (the text matrix's scale). */
  size: number;
}

export interface PdfContent {
  pages: TextItem[][];
  info: Record<string, unknown>;
}

export async function readPdf(file: string): Promise<PdfContent> {
  const data = new Uint8Array(readFileSync(file));
  const doc = await getDocument({ data, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: TextItem[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const height = page.view[3];
    const tc = await page.getTextContent();
    const items: TextItem[] = [];
    for (const it of tc.items) {
      if (!('str' in it) || it.str.trim() === '') continue;
      items.push({ str: it.str, x: it.transform[4], y: height - it.transform[5], width: it.width, font: it.fontName, size: Math.hypot(it.transform[0], it.transform[1]) });
    }
    pages.push(items);
  }
  const meta = await doc.getMetadata();
  await doc.destroy();
  return { pages, info: meta.info as Record<string, unknown> };
}
