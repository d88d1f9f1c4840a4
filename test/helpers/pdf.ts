import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of a PDF as pdf.js reads it: each page's text items joined by spaces, a line a page. */
export async function pdfText(buf: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(buf) }).promise;
  let out = '';
  for (let p = 1; p <= pdf.numPages; p++) out += (await (await pdf.getPage(p)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ') + '\n';
  return out;
}
