import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { create as parseFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { istDate, type Paise } from '@store/domain';
import type { InvoiceDocument, InvoiceLine } from './invoice.document.js';

// ---------------------------------------------------------------------------------------------
// Fonts
// ---------------------------------------------------------------------------------------------

type Weight = 'regular' | 'bold';

interface Face {
  /** The name the face is registered under in each PDF. */
  id: string;
  font: Font;
  /** Indic shaping reorders glyphs, so a reader cannot rebuild the text from them alone. */
  complex: boolean;
}

interface Run {
  face: Face;
  text: string;
}

interface IndicScript {
  pkg: string;
  subset: string;
  ranges: readonly (readonly [number, number])[];
}

const requireFromHere = createRequire(import.meta.url);

/**
 * Noto Sans has the rupee sign, which most Latin fonts lack. Fontsource splits it by script, and
 * the ₹ lives in 'latin-ext', so a character takes the first of these that has it.
 */
const LATIN_SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'greek', 'cyrillic'] as const;

/** The scripts Indian shoppers write names and addresses in (Urdu aside: it needs right-to-left). */
const INDIC_SCRIPTS: readonly IndicScript[] = [
  {
    pkg: 'noto-sans-devanagari',
    subset: 'devanagari',
    ranges: [
      [0x0900, 0x097f],
      [0x1cd0, 0x1cff],
      [0xa8e0, 0xa8ff],
    ],
  },
  { pkg: 'noto-sans-bengali', subset: 'bengali', ranges: [[0x0980, 0x09ff]] },
  { pkg: 'noto-sans-gurmukhi', subset: 'gurmukhi', ranges: [[0x0a00, 0x0a7f]] },
  { pkg: 'noto-sans-gujarati', subset: 'gujarati', ranges: [[0x0a80, 0x0aff]] },
  { pkg: 'noto-sans-oriya', subset: 'oriya', ranges: [[0x0b00, 0x0b7f]] },
  {
    pkg: 'noto-sans-tamil',
    subset: 'tamil',
    ranges: [
      [0x0b80, 0x0bff],
      [0x11fc0, 0x11fff],
    ],
  },
  { pkg: 'noto-sans-telugu', subset: 'telugu', ranges: [[0x0c00, 0x0c7f]] },
  { pkg: 'noto-sans-kannada', subset: 'kannada', ranges: [[0x0c80, 0x0cff]] },
  { pkg: 'noto-sans-malayalam', subset: 'malayalam', ranges: [[0x0d00, 0x0d7f]] },
];

/**
 * Read and parsed once per process. Every PDF is handed the parsed font, not its bytes, so that
 * the layout tables are not parsed again for each invoice.
 */
const faces = new Map<string, Face>();

function loadFace(pkg: string, subset: string, weight: Weight): Face {
  const id = `${pkg}-${subset}-${weight}`;
  let face = faces.get(id);
  if (!face) {
    // WOFF, not WOFF2: fontkit cannot subset a WOFF2 font (its glyph encoder throws on the
    // transformed glyf table), and pdfkit subsets every font it embeds.
    const file = requireFromHere.resolve(
      `@fontsource/${pkg}/files/${pkg}-${subset}-${weight === 'bold' ? 700 : 400}-normal.woff`,
    );
    const font = parseFont(woffToSfnt(readFileSync(file)));
    if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection, not a font`);
    tolerateNullAnchors(font);
    face = { id, font, complex: pkg !== 'noto-sans' };
    faces.set(id, face);
  }
  return face;
}

/**
 * Unpacks a WOFF font into the plain TrueType/OpenType file it wraps. fontkit reads a WOFF table
 * by inflating it again on every access, the glyph table once per glyph, in JavaScript: an invoice
 * took half a second. Unpacked once with zlib, every later read is a slice of a Buffer.
 */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('Not a WOFF font'); // 'wOFF'
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(raw) : raw,
    };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const headerSize = 12 + numTables * 16;
  const size = tables.reduce((sum, table) => sum + pad(table.data.length), headerSize);
  const sfnt = Buffer.alloc(size);
  const power = 2 ** Math.floor(Math.log2(numTables));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's flavour: TrueType or CFF
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerSize;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += pad(table.data.length);
  });
  return sfnt;
}

const MARK_POSITIONING = ['abvm', 'blwm', 'mark', 'mkmk'] as const;

/**
 * fontkit (2.0.4) throws on a mark attachment whose anchor is NULL, which the OpenType spec allows
 * for a base that a mark class does not attach to and which HarfBuzz simply skips. Noto Sans
 * Gurmukhi has them in its above-base marks, so most Punjabi words (ਪੰਜਾਬ, ਸਿੰਘ, ਗੁਰੂ) failed.
 * Such a run is laid out again without that positioning feature: its marks then sit where the
 * font's own metrics put them, which for these fonts is where they belong or nearly so.
 */
function tolerateNullAnchors(font: Font): void {
  const layout = font.layout.bind(font);
  font.layout = (text, features, ...rest) => {
    try {
      return layout(text, features, ...rest);
    } catch (error) {
      if (!(error instanceof TypeError) || features !== undefined) throw error;
      const retries = [...MARK_POSITIONING.map((feature) => [feature]), MARK_POSITIONING];
      for (const off of retries) {
        try {
          return layout(text, Object.fromEntries(off.map((feature) => [feature, false])), ...rest);
        } catch {
          // The next retry turns off another feature, or all of them.
        }
      }
      throw error;
    }
  };
}

function indicScript(codePoint: number): IndicScript | undefined {
  return INDIC_SCRIPTS.find((script) => script.ranges.some(([from, to]) => codePoint >= from && codePoint <= to));
}

/** Spaces, digits, punctuation, dandas and joiners belong to no one script. */
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

function faceFor(char: string, codePoint: number, weight: Weight, current: Face | undefined): Face | undefined {
  const script = indicScript(codePoint);
  if (script) {
    const face = loadFace(script.pkg, script.subset, weight);
    return face.font.hasGlyphForCodePoint(codePoint) ? face : undefined;
  }
  // A space or joiner stays in the run it sits in, so the shaper sees whole phrases and a name
  // like 'प्रिया शर्मा' is one run (one piece of ActualText) rather than three.
  if (current && NEUTRAL.test(char) && current.font.hasGlyphForCodePoint(codePoint)) return current;
  for (const subset of LATIN_SUBSETS) {
    const face = loadFace('noto-sans', subset, weight);
    if (face.font.hasGlyphForCodePoint(codePoint)) return face;
  }
  return undefined;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** No space before these once what stood between was dropped: closing brackets, quotes and sentence marks. */
const CLOSING = /^[\p{Pe}\p{Pf}.,;:!?]/u;
/** Nor after these: opening brackets and quotes. */
const OPENING = /[\p{Ps}\p{Pi}]$/u;
const WORD_END = /[\p{L}\p{M}\p{N}]$/u;
const WORD_START = /^[\p{L}\p{N}]/u;

/** The text either side of what was dropped, joined with one space where words met, or none. */
function closeGap(before: string, after: string): string {
  const left = before.trimEnd();
  const right = after.trimStart();
  if (!left || !right || OPENING.test(left) || CLOSING.test(right)) return left + right;
  const spaced = left !== before || right !== after;
  return spaced || (WORD_END.test(left) && WORD_START.test(right)) ? `${left} ${right}` : left + right;
}

/**
 * The text as the embedded fonts can draw it. Whether one can is the fonts' own answer (their
 * character maps, through fontkit's hasGlyphForCodePoint), not a list of emoji ranges. A grapheme
 * cluster whose base character no face has is dropped whole: an emoji with its variation selector,
 * skin tone and the joiners to the emoji after it, or a script the store ships no font for. A '?'
 * or an empty box would print on a tax invoice what nobody wrote. The spaces around what went close
 * up as if it had not been typed: 'Happy birthday ❤️ Amma' prints 'Happy birthday Amma'.
 */
export function printable(text: string, weight: Weight = 'regular'): string {
  // The text kept between dropped clusters; clusters dropped with only spaces between are one gap.
  const pieces = [''];
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    const base = segment.codePointAt(0)!;
    if (faceFor(String.fromCodePoint(base), base, weight, undefined)) pieces[pieces.length - 1] += segment;
    else if (pieces.length === 1 || pieces.at(-1)!.trim() !== '') pieces.push('');
  }
  return pieces.reduce(closeGap);
}

/**
 * Splits text into runs that one font can draw. Once the text is printable, a character no face has
 * can only be a mark on one that is drawn (a variation selector asking for '©' in its emoji form,
 * say): it is left out, and the reader misses nothing.
 */
function runsOf(text: string, weight: Weight): Run[] {
  const runs: Run[] = [];
  for (const char of printable(text, weight)) {
    const last = runs.at(-1);
    const face = faceFor(char, char.codePointAt(0) ?? 0, weight, last?.face);
    if (!face) continue;
    if (last && last.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}

// ---------------------------------------------------------------------------------------------
// Drawing text
// ---------------------------------------------------------------------------------------------

type Align = 'left' | 'right' | 'center';

interface Style {
  size: number;
  weight: Weight;
  color: string;
}

const ACCENT = '#B0245A';
const INK = '#000000';
const MUTED = '#5C5C5C';
const HAIRLINE = '#D6D6D6';
const TINT = '#F9EBF1';

const style = (size: number, weight: Weight = 'regular', color = INK): Style => ({ size, weight, color });
const lineHeight = (s: Style) => s.size * 1.32;
/** From the top of a line box to its baseline; Indic marks above the headline still fit. */
const ascent = (s: Style) => s.size * 1.0;

/** Whitespace in stored names and addresses (newlines, tabs, doubled spaces) prints as one space. */
const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

class Canvas {
  private readonly registered = new Set<string>();

  constructor(readonly pdf: PDFKit.PDFDocument) {}

  private select(face: Face, size: number): void {
    if (!this.registered.has(face.id)) {
      // pdfkit takes a parsed fontkit font as well as bytes (PDFFontFactory.open), though its
      // type definitions only list bytes and paths.
      this.pdf.registerFont(face.id, face.font as unknown as Buffer);
      this.registered.add(face.id);
    }
    this.pdf.font(face.id).fontSize(size);
  }

  width(text: string, s: Style): number {
    let width = 0;
    for (const run of runsOf(text, s.weight)) {
      this.select(run.face, s.size);
      width += this.pdf.widthOfString(run.text);
    }
    return width;
  }

  /** One line of text on `baseline`; `x` is its left edge, right edge or centre, as aligned. */
  text(text: string, x: number, baseline: number, s: Style, align: Align = 'left'): void {
    const runs = runsOf(text, s.weight);
    const total = align === 'left' ? 0 : this.width(text, s);
    let left = align === 'left' ? x : align === 'right' ? x - total : x - total / 2;
    this.pdf.fillColor(s.color);
    for (const run of runs) {
      this.select(run.face, s.size);
      // The glyphs of shaped Indic text come in visual order (a vowel sign before its consonant),
      // so copying or searching them gives scrambled words; ActualText carries the real text.
      if (run.face.complex) this.pdf.markContent('Span', { actual: run.text });
      this.pdf.text(run.text, left, baseline, { lineBreak: false, baseline: 'alphabetic' });
      if (run.face.complex) this.pdf.endMarkedContent();
      left += this.pdf.widthOfString(run.text);
    }
  }

  /** Greedy wrapping at spaces; a word wider than the line breaks between grapheme clusters. */
  wrap(text: string, width: number, s: Style, firstWidth = width): string[] {
    const lines: string[] = [];
    let line = '';
    const room = () => (lines.length === 0 ? firstWidth : width);
    // What cannot be printed goes before the words are measured, so no line is left holding only that.
    for (const word of tidy(printable(text, s.weight)).split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, s) <= room()) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (this.width(line, s) > room()) {
        const clusters = [...graphemes.segment(line)].map((g) => g.segment);
        let fit = 1;
        while (fit < clusters.length && this.width(clusters.slice(0, fit + 1).join(''), s) <= room()) fit += 1;
        lines.push(clusters.slice(0, fit).join(''));
        line = clusters.slice(fit).join('');
      }
    }
    if (line || lines.length === 0) lines.push(line);
    return lines;
  }

  /** Wrapped paragraphs from `top`; returns where the next line would start. */
  paragraphs(texts: readonly string[], x: number, top: number, width: number, s: Style, align: Align = 'left'): number {
    let y = top;
    const anchor = align === 'left' ? x : align === 'right' ? x + width : x + width / 2;
    for (const text of texts) {
      for (const line of this.wrap(text, width, s)) {
        if (line) this.text(line, anchor, y + ascent(s), s, align);
        y += lineHeight(s);
      }
    }
    return y;
  }

  paragraphsHeight(texts: readonly string[], width: number, s: Style): number {
    return texts.reduce((sum, text) => sum + this.wrap(text, width, s).length * lineHeight(s), 0);
  }

  /** 'Label: value' with the label in bold, the value wrapping under it when long. */
  labelled(label: string, value: string, x: number, top: number, width: number, size: number): number {
    const bold = style(size, 'bold');
    const regular = style(size);
    const head = `${label}: `;
    const headWidth = this.width(head, bold);
    const lines = this.wrap(value, width, regular, width - headWidth);
    this.text(head, x, top + ascent(bold), bold);
    lines.forEach((line, i) => {
      this.text(line, i === 0 ? x + headWidth : x, top + ascent(regular) + i * lineHeight(regular), regular);
    });
    return top + lines.length * lineHeight(regular);
  }

  rule(x1: number, x2: number, y: number, width: number, color: string): void {
    this.pdf.save().moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke().restore();
  }

  box(x: number, y: number, width: number, height: number, fill: string, stroke?: string): void {
    this.pdf.save().rect(x, y, width, height).lineWidth(0.75);
    if (stroke) this.pdf.fillAndStroke(fill, stroke);
    else this.pdf.fill(fill);
    this.pdf.restore();
  }
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

/**
 * '1,29,999.50': always two decimals, so a column of amounts lines up, grouped the Indian way.
 * The '₹' goes in the column heading or the label, never in the figure.
 */
export function formatAmount(paise: Paise): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.abs(Math.round(paise));
  const rupees = String(Math.floor(whole / 100));
  const fraction = String(whole % 100).padStart(2, '0');
  const thousands = rupees.slice(-3);
  const above = rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}${above ? `${above},` : ''}${thousands}.${fraction}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '24 Nov 2026' by the IST calendar (not Intl, whose short months vary with ICU: 'Sept'). */
export function formatInvoiceDate(at: Date): string {
  const [year, month, day] = istDate(at).split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

const stateWithCode = (state: string, code: string) => `${state} (${code})`;

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

const PAGE_WIDTH = 595.28; // A4 in points
const PAGE_HEIGHT = 841.89;
const MARGIN = 36;
const RIGHT = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH = RIGHT - MARGIN;
/** Content stops here; the page footer sits in the bottom margin. */
const BOTTOM = PAGE_HEIGHT - MARGIN - 8;
const FOOTER_BASELINE = PAGE_HEIGHT - 20;
const COLUMN_GAP = 24;
const HALF = (CONTENT_WIDTH - COLUMN_GAP) / 2;

const CELL_X = 4;
const CELL_Y = 3.5;
/** Below this the description column is too narrow to read, so the whole table gets smaller. */
const MIN_DESCRIPTION_WIDTH = 110;

interface Column {
  title: string;
  align: Align;
  cell: (line: InvoiceLine, index: number) => string;
  total?: string;
  flex?: boolean;
}

interface TableMetrics {
  columns: (Column & { x: number; width: number })[];
  head: Style;
  body: Style;
  bodyBold: Style;
}

/** What the document calls itself: a tax invoice, or a credit note against one. */
const titleOf = (doc: InvoiceDocument) => (doc.creditNote ? 'Credit Note' : 'Tax Invoice');
const nameOf = (doc: InvoiceDocument) => (doc.creditNote ? 'Credit note' : 'Invoice');

class InvoiceLayout {
  private y = MARGIN;
  private table: TableMetrics | undefined;

  constructor(
    private readonly canvas: Canvas,
    private readonly doc: InvoiceDocument,
  ) {}

  draw(): void {
    this.header();
    this.parties();
    this.items();
    this.closing();
    this.footers();
  }

  private header(): void {
    const { canvas, doc } = this;
    const title = style(20, 'bold', ACCENT);
    canvas.text(titleOf(doc), MARGIN, this.y + ascent(title), title);
    canvas.text('Original for recipient', RIGHT, this.y + ascent(title), style(8, 'regular', MUTED), 'right');
    this.y += lineHeight(title) + 2;
    canvas.rule(MARGIN, RIGHT, this.y, 1.5, ACCENT);
    this.y += 12;

    if (doc.demoSupplier) {
      const notice = style(9, 'bold', ACCENT);
      const text = `Demo store: the supplier and GSTIN are made up; this is not a valid ${titleOf(doc).toLowerCase()}.`;
      const height = canvas.paragraphsHeight([text], CONTENT_WIDTH - 20, notice) + 12;
      canvas.box(MARGIN, this.y, CONTENT_WIDTH, height, TINT, ACCENT);
      canvas.paragraphs([text], MARGIN + 10, this.y + 6, CONTENT_WIDTH - 20, notice);
      this.y += height + 12;
    }
  }

  private sectionLabel(text: string, x: number, top: number): number {
    const label = style(7.5, 'bold', ACCENT);
    this.canvas.text(text.toUpperCase(), x, top + ascent(label), label);
    return top + lineHeight(label) + 2;
  }

  private parties(): void {
    const { canvas, doc } = this;
    const name = style(10.5, 'bold');
    const body = style(8.5);
    const right = MARGIN + HALF + COLUMN_GAP;

    // Supplier and invoice particulars side by side.
    let left = this.sectionLabel('Supplier', MARGIN, this.y);
    left = canvas.paragraphs([doc.supplier.name], MARGIN, left, HALF, name);
    left = canvas.paragraphs(doc.supplier.addressLines, MARGIN, left, HALF, body);
    if (doc.supplier.gstin) left = canvas.labelled('GSTIN', doc.supplier.gstin, MARGIN, left, HALF, body.size);
    left = canvas.labelled(
      'State',
      stateWithCode(doc.supplier.state, doc.supplier.stateCode),
      MARGIN,
      left,
      HALF,
      body.size,
    );

    const credited = doc.creditNote;
    let meta = this.sectionLabel(nameOf(doc), right, this.y);
    const particulars: [string, string][] = [
      [`${nameOf(doc)} no.`, doc.number],
      [`${nameOf(doc)} date`, formatInvoiceDate(doc.issuedAt)],
      ...(credited
        ? ([
            ['Against invoice', `${credited.invoiceNumber} of ${formatInvoiceDate(credited.invoicedAt)}`],
            ['Reason', `Order cancelled: ${credited.reason}`],
          ] as [string, string][])
        : []),
      ['Order no.', doc.orderNumber],
      ['Place of supply', stateWithCode(doc.placeOfSupply.state, doc.placeOfSupply.code)],
      ['Reverse charge', doc.reverseCharge ? 'Yes' : 'No'],
    ];
    for (const [label, value] of particulars) meta = canvas.labelled(label, value, right, meta, HALF, body.size);

    this.y = Math.max(left, meta) + 10;
    canvas.rule(MARGIN, RIGHT, this.y, 0.5, HAIRLINE);
    this.y += 10;

    // The buyer and where the goods go, which GST wants named even when they differ.
    let billed = this.sectionLabel('Billed to', MARGIN, this.y);
    billed = canvas.paragraphs([doc.recipient.name], MARGIN, billed, HALF, name);
    billed = canvas.paragraphs(doc.recipient.addressLines, MARGIN, billed, HALF, body);
    billed = canvas.labelled(
      'State',
      stateWithCode(doc.recipient.state, doc.recipient.stateCode),
      MARGIN,
      billed,
      HALF,
      body.size,
    );
    if (doc.recipient.gstin) billed = canvas.labelled('GSTIN', doc.recipient.gstin, MARGIN, billed, HALF, body.size);

    let shipped = this.sectionLabel('Shipped to', right, this.y);
    shipped = canvas.paragraphs([doc.deliveryAddress.name], right, shipped, HALF, name);
    shipped = canvas.paragraphs(doc.deliveryAddress.addressLines, right, shipped, HALF, body);
    shipped = canvas.labelled('Phone', doc.deliveryAddress.phone, right, shipped, HALF, body.size);

    this.y = Math.max(billed, shipped) + 14;
  }

  private columns(): Column[] {
    const { doc } = this;
    const t = doc.totals;
    const money = (title: string, pick: (line: InvoiceLine) => Paise, total?: Paise): Column => ({
      title: `${title} (₹)`,
      align: 'right',
      cell: (line) => formatAmount(pick(line)),
      ...(total === undefined ? {} : { total: formatAmount(total) }),
    });
    return [
      { title: '#', align: 'center', cell: (_line, i) => String(i + 1) },
      { title: 'Description', align: 'left', cell: (line) => line.description, total: 'Total', flex: true },
      { title: 'HSN/SAC', align: 'left', cell: (line) => line.hsn },
      { title: 'Qty', align: 'right', cell: (line) => (line.unit ? `${line.qty} ${line.unit}` : String(line.qty)) },
      money('Unit price', (line) => line.unitPrice),
      money('Discount', (line) => line.discount, t.discount),
      money('Taxable value', (line) => line.taxable, t.taxable),
      { title: 'GST rate', align: 'right', cell: (line) => `${line.rate}%` },
      ...(doc.intraState
        ? [money('CGST', (line) => line.cgst, t.cgst), money('SGST', (line) => line.sgst, t.sgst)]
        : [money('IGST', (line) => line.igst, t.igst)]),
      money('Total', (line) => line.total, t.total),
    ];
  }

  /** Columns as wide as their widest figure; the description takes what is left. */
  private measureTable(): TableMetrics {
    const { canvas, doc } = this;
    const columns = this.columns();
    let metrics: TableMetrics | undefined;
    for (const size of [8, 7.5, 7, 6.5, 6]) {
      const head = style(size - 0.5, 'bold');
      const body = style(size);
      const bodyBold = style(size, 'bold');
      const widths = columns.map((column) => {
        if (column.flex) return 0;
        const words = column.title.split(' ').map((word) => canvas.width(word, head));
        const cells = doc.lines.map((line, i) => canvas.width(column.cell(line, i), body));
        const total = column.total ? canvas.width(column.total, bodyBold) : 0;
        return Math.ceil(Math.max(...words, ...cells, total)) + 2 * CELL_X;
      });
      const flexWidth = CONTENT_WIDTH - widths.reduce((sum, width) => sum + width, 0);
      let x = MARGIN;
      metrics = {
        head,
        body,
        bodyBold,
        columns: columns.map((column, i) => {
          const width = column.flex ? flexWidth : widths[i]!;
          const placed = { ...column, x, width };
          x += width;
          return placed;
        }),
      };
      if (flexWidth >= MIN_DESCRIPTION_WIDTH) break;
    }
    return metrics!;
  }

  private cellLines(texts: readonly string[], s: Style): string[][] {
    const columns = this.table!.columns;
    return columns.map((column, i) => this.canvas.wrap(texts[i] ?? '', column.width - 2 * CELL_X, s));
  }

  private drawRow(cells: string[][], s: Style, height: number): void {
    for (const [i, column] of this.table!.columns.entries()) {
      const anchor =
        column.align === 'left'
          ? column.x + CELL_X
          : column.align === 'right'
            ? column.x + column.width - CELL_X
            : column.x + column.width / 2;
      cells[i]!.forEach((line, n) => {
        if (line) this.canvas.text(line, anchor, this.y + CELL_Y + ascent(s) + n * lineHeight(s), s, column.align);
      });
    }
    this.y += height;
  }

  private rowHeight(cells: string[][], s: Style): number {
    return Math.max(...cells.map((lines) => lines.length)) * lineHeight(s) + 2 * CELL_Y;
  }

  private tableHeader(): void {
    const { head } = this.table!;
    const cells = this.cellLines(
      this.table!.columns.map((column) => column.title),
      head,
    );
    const height = this.rowHeight(cells, head);
    this.canvas.box(MARGIN, this.y, CONTENT_WIDTH, height, TINT);
    this.canvas.rule(MARGIN, RIGHT, this.y, 1, ACCENT);
    this.canvas.rule(MARGIN, RIGHT, this.y + height, 0.75, ACCENT);
    this.drawRow(cells, head, height);
  }

  /** A later page repeats who issued the invoice and its number, then the table's header. */
  private continuePage(withTableHeader: boolean): void {
    const { canvas, doc } = this;
    canvas.pdf.addPage();
    this.y = MARGIN;
    const title = style(12, 'bold', ACCENT);
    canvas.text(titleOf(doc), MARGIN, this.y + ascent(title), title);
    canvas.text(
      `${doc.number} (continued) · ${doc.supplier.name}`,
      RIGHT,
      this.y + ascent(title),
      style(8, 'regular', MUTED),
      'right',
    );
    this.y += lineHeight(title) + 2;
    canvas.rule(MARGIN, RIGHT, this.y, 1, ACCENT);
    this.y += 10;
    if (withTableHeader) this.tableHeader();
  }

  private items(): void {
    const { canvas, doc } = this;
    this.table = this.measureTable();
    const { columns, body, bodyBold } = this.table;
    this.tableHeader();

    doc.lines.forEach((line, index) => {
      const cells = this.cellLines(
        columns.map((column) => column.cell(line, index)),
        body,
      );
      const height = this.rowHeight(cells, body);
      if (this.y + height > BOTTOM) this.continuePage(true);
      this.drawRow(cells, body, height);
      canvas.rule(MARGIN, RIGHT, this.y, 0.5, HAIRLINE);
    });

    const totals = this.cellLines(
      columns.map((column) => column.total ?? ''),
      bodyBold,
    );
    const height = this.rowHeight(totals, bodyBold);
    if (this.y + height > BOTTOM) this.continuePage(true);
    this.canvas.rule(MARGIN, RIGHT, this.y, 0.75, ACCENT);
    this.drawRow(totals, bodyBold, height);
    this.canvas.rule(MARGIN, RIGHT, this.y, 1, ACCENT);
    this.y += 14;
  }

  /** Tax summary, amount in words, coupon and signature: kept together on the last page. */
  private closing(): void {
    const { canvas, doc } = this;
    const t = doc.totals;
    const summaryWidth = 200;
    const summaryX = RIGHT - summaryWidth;
    const wordsWidth = CONTENT_WIDTH - summaryWidth - COLUMN_GAP;
    const body = style(8.5);
    const grand = style(10.5, 'bold');
    const words = style(8.5, 'bold');

    const taxRows: [string, Paise][] = [
      ['Taxable value', t.taxable],
      ...(doc.intraState
        ? ([
            ['CGST', t.cgst],
            ['SGST', t.sgst],
          ] as [string, Paise][])
        : ([['IGST', t.igst]] as [string, Paise][])),
      ['Total tax', t.tax],
    ];
    const coupon = doc.couponCode
      ? `Coupon ${doc.couponCode} applied: ₹${formatAmount(t.discount)} off, shown per line under Discount.`
      : null;

    const summaryHeight = taxRows.length * (lineHeight(body) + 2) + 8 + lineHeight(grand) + 4;
    const wordsHeight =
      lineHeight(style(7.5)) +
      2 +
      canvas.paragraphsHeight([doc.amountInWords], wordsWidth, words) +
      (coupon ? 8 + canvas.paragraphsHeight([coupon], wordsWidth, body) : 0);
    const signatory = style(9, 'bold');
    const forSupplier = `For ${doc.supplier.name}`;
    const signatureHeight = 20 + canvas.paragraphsHeight([forSupplier], summaryWidth, signatory) + 30 + 16;
    if (this.y + Math.max(summaryHeight, wordsHeight) + signatureHeight > BOTTOM) this.continuePage(false);

    let right = this.y;
    for (const [label, value] of taxRows) {
      canvas.text(label, summaryX, right + ascent(body), body);
      canvas.text(formatAmount(value), RIGHT, right + ascent(body), body, 'right');
      right += lineHeight(body) + 2;
    }
    right += 3;
    canvas.rule(summaryX, RIGHT, right, 1, ACCENT);
    right += 5;
    canvas.text(`${nameOf(doc)} total (₹)`, summaryX, right + ascent(grand), grand);
    canvas.text(formatAmount(t.total), RIGHT, right + ascent(grand), grand, 'right');
    right += lineHeight(grand) + 4;

    let left = this.sectionLabel('Amount in words', MARGIN, this.y);
    left = canvas.paragraphs([doc.amountInWords], MARGIN, left, wordsWidth, words);
    if (coupon) left = canvas.paragraphs([coupon], MARGIN, left + 8, wordsWidth, body);

    // The signature line: space above it for a stamp or a signature on a printed copy.
    let y = Math.max(left, right) + 20;
    y = canvas.paragraphs([forSupplier], summaryX, y, summaryWidth, signatory, 'right');
    y += 30;
    canvas.rule(RIGHT - 150, RIGHT, y, 0.5, INK);
    canvas.text('Authorised signatory', RIGHT, y + 4 + ascent(style(8)), style(8), 'right');
    this.y = y + 16;
  }

  private footers(): void {
    const { canvas, doc } = this;
    const { start, count } = canvas.pdf.bufferedPageRange();
    for (let page = start; page < start + count; page += 1) {
      canvas.pdf.switchToPage(page);
      const s = style(7, 'regular', MUTED);
      canvas.text(
        `${nameOf(doc)} ${doc.number} · Page ${page - start + 1} of ${count}`,
        RIGHT,
        FOOTER_BASELINE,
        s,
        'right',
      );
    }
  }
}

/**
 * The tax invoice as an A4 PDF, with every particular CGST Rules rule 46 asks for, or a credit
 * note against one with those of rule 53(1A). Pure: the same document gives the same bytes, since
 * the PDF's dates and ID come from `issuedAt`.
 */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `${titleOf(doc)} ${doc.number}`,
      Author: doc.supplier.name,
      Subject: `Order ${doc.orderNumber}`,
      CreationDate: doc.issuedAt,
      ModDate: doc.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  new InvoiceLayout(new Canvas(pdf), doc).draw();
  pdf.end();
  return done;
}
