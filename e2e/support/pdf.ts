import { extractText, getDocumentProxy } from 'unpdf';

/**
 * A PDF's text as a reader extracts it (pdf.js, as the server's invoice tests read it), the pages
 * joined and runs of whitespace made one space, so a phrase can be looked for whatever the layout.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
