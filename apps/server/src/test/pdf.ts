import { getDocumentProxy } from 'unpdf';

/**
 * The text of each page as a reader extracts it (pdf.js), one line per baseline: pieces of a line
 * are joined with a space where the PDF leaves a gap between them and directly where they touch
 * (a figure after a '₹' drawn in another font).
 */
export async function pagesText(pdf: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    const rows = new Map<string, { str: string; x: number; width: number }[]>();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const baseline = Number(item.transform[5]).toFixed(1);
      rows.set(baseline, [
        ...(rows.get(baseline) ?? []),
        { str: item.str, x: Number(item.transform[4]), width: item.width },
      ]);
    }
    const lines = [...rows.entries()]
      .sort(([a], [b]) => Number(b) - Number(a))
      .map(([, row]) => {
        row.sort((a, b) => a.x - b.x);
        return row
          .map((item, i) => {
            const previous = row[i - 1];
            return previous && item.x - (previous.x + previous.width) > 0.5 ? ` ${item.str}` : item.str;
          })
          .join('')
          .replace(/\s+/g, ' ')
          .trim();
      });
    pages.push(lines.join('\n'));
  }
  await document.destroy();
  return pages;
}
