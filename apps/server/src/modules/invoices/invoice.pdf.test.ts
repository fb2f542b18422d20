import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument, InvoiceLine } from './invoice.document.js';
import { formatAmount, formatInvoiceDate, printable, renderInvoicePdf } from './invoice.pdf.js';
import { pagesText } from '../../test/pdf.js';

const SUPPLIER = 'Phoolwala Gifts Private Limited';
const WORDS = 'Rupees Two Thousand Four Hundred Forty-Seven Only';
const DEMO_NOTICE = 'Demo store: the supplier and GSTIN are made up; this is not a valid tax invoice.';
const TAMIL_LINE = 'வைட்ஃபீல்ட், பெங்களூரு 560066';

/**
 * A cake at 5 % and two bouquets at 0 % with a ₹200 coupon shared equally, and ₹49 delivery taxed
 * at the highest rate among the goods, worked out as the domain's GST rules do (taxable value
 * carved out of the GST-inclusive amount, the odd paisa of tax to CGST).
 */
function intraStateInvoice(): InvoiceDocument {
  const lines: InvoiceLine[] = [
    {
      description: 'Belgian Chocolate Truffle Cake (1 kg)',
      hsn: '1905',
      qty: 1,
      unit: 'NOS',
      unitPrice: 129900,
      discount: 10000,
      taxable: 114190,
      rate: 5,
      cgst: 2855,
      sgst: 2855,
      igst: 0,
      total: 119900,
    },
    {
      description: 'Red Roses Bouquet (12 stems)',
      hsn: '0603',
      qty: 2,
      unit: 'NOS',
      unitPrice: 64950,
      discount: 10000,
      taxable: 119900,
      rate: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 119900,
    },
    {
      description: 'Delivery charges',
      hsn: '9968',
      qty: 1,
      unit: null,
      unitPrice: 4900,
      discount: 0,
      taxable: 4667,
      rate: 5,
      cgst: 117,
      sgst: 116,
      igst: 0,
      total: 4900,
    },
  ];
  return {
    number: 'INV/26-27/000001',
    // 01:30 on 24 November in India, still the 23rd in UTC.
    issuedAt: new Date('2026-11-23T20:00:00Z'),
    orderNumber: 'PW-000123',
    supplier: {
      name: SUPPLIER,
      addressLines: ['No. 42, 2nd Floor, 100 Feet Road', 'Indiranagar, Bengaluru 560038'],
      state: 'Karnataka',
      stateCode: '29',
      gstin: '29AABCP1234L1Z5',
    },
    demoSupplier: false,
    recipient: {
      name: 'प्रिया शर्मा',
      addressLines: ['Flat 12B, Prestige Lakeside Habitat', TAMIL_LINE],
      state: 'Karnataka',
      stateCode: '29',
      gstin: null,
    },
    deliveryAddress: {
      name: 'Ananya Rao',
      addressLines: ['#7, 5th Cross, Jayanagar 4th Block', 'Bengaluru 560011'],
      phone: '+91 98450 12345',
    },
    placeOfSupply: { state: 'Karnataka', code: '29' },
    intraState: true,
    reverseCharge: false,
    lines,
    couponCode: 'DIWALI10',
    totals: { taxable: 238757, cgst: 2972, sgst: 2971, igst: 0, tax: 5943, discount: 20000, total: 244700 },
    amountInWords: WORDS,
  };
}

/** The same sale to a registered business in Maharashtra: one IGST column instead of two. */
function interStateInvoice(): InvoiceDocument {
  const doc = intraStateInvoice();
  return {
    ...doc,
    recipient: {
      name: 'Sahyadri Events LLP',
      addressLines: ['Office 5, Baner Road', 'Pune 411045'],
      state: 'Maharashtra',
      stateCode: '27',
      gstin: '27AAKFS9876M1Z2',
    },
    deliveryAddress: { name: 'Rohan Kulkarni', addressLines: ['Baner, Pune 411045'], phone: '+91 99220 55555' },
    placeOfSupply: { state: 'Maharashtra', code: '27' },
    intraState: false,
    lines: doc.lines.map((line) => ({ ...line, igst: line.cgst + line.sgst, cgst: 0, sgst: 0 })),
    totals: { ...doc.totals, cgst: 0, sgst: 0, igst: 5943 },
  };
}

/** Reads a PDF literal string (with pdfkit's escapes) that starts at `start`, just after its '('. */
function literalString(content: string, start: number): string {
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
  const bytes: number[] = [];
  for (let i = start; content[i] !== ')'; i += 1) {
    if (content[i] === '\\') i += 1;
    const char = content[i]!;
    bytes.push(content[i - 1] === '\\' ? (escapes[char] ?? char.charCodeAt(0)) : char.charCodeAt(0));
  }
  if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return Buffer.from(bytes).toString('latin1');
  return Buffer.from(bytes.slice(2)).swap16().toString('utf16le');
}

/** Every /ActualText in the PDF's (compressed) content streams. */
function actualTexts(pdf: Buffer): string[] {
  const texts: string[] = [];
  for (const [, data] of pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(data!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const match of content.matchAll(/\/ActualText \(/g)) {
      texts.push(literalString(content, match.index + match[0].length));
    }
  }
  return texts;
}

describe('renderInvoicePdf', () => {
  it('prints every particular of an intra-state invoice, with CGST and SGST', async () => {
    const pdf = await renderInvoicePdf(intraStateInvoice());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pages = await pagesText(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    const lines = text.split('\n');

    expect(lines[0]).toBe('Tax Invoice Original for recipient');
    expect(text).toContain(SUPPLIER);
    expect(text).toContain('No. 42, 2nd Floor, 100 Feet Road');
    expect(text).toContain('Indiranagar, Bengaluru 560038');
    expect(text).toContain('GSTIN: 29AABCP1234L1Z5');
    expect(text).toContain('Invoice no.: INV/26-27/000001');
    expect(text).toContain('Invoice date: 24 Nov 2026');
    expect(text).toContain('Order no.: PW-000123');
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('Reverse charge: No');

    // The recipient: name, address, state and code; no GSTIN line for an unregistered buyer.
    expect(text).toContain('Flat 12B, Prestige Lakeside Habitat');
    expect(text.match(/State: Karnataka \(29\)/g)).toHaveLength(2); // the supplier's and the buyer's
    expect(text.match(/GSTIN:/g)).toHaveLength(1);
    // pdf.js reads shaped text glyph by glyph in the order the glyphs are drawn, mapping each back
    // through the font's ToUnicode table: the vowel sign ि is drawn before the conjunct प्र it
    // follows in the text, and the reph र् above the म after मा, so 'प्रिया शर्मा' comes back as
    // 'िप्रया शमार्' and the Tamil vowel signs ை and ெ come before their consonants. The real text
    // is in each run's /ActualText, checked below, which Acrobat and poppler use to copy and search.
    expect(text).toContain('िप्रया शमार्');
    expect(text).toContain('ைவட்ஃபீல்ட்');
    expect(text).toContain('ெபங்களூரு');
    expect(text).toContain('560066');
    expect(actualTexts(pdf)).toEqual(['प्रिया शर्मा', 'வைட்ஃபீல்ட்', 'பெங்களூரு ']);

    // Where the goods go, with the name and phone of whoever receives them.
    expect(text).toContain('Ananya Rao');
    expect(text).toContain('#7, 5th Cross, Jayanagar 4th Block');
    expect(text).toContain('Bengaluru 560011');
    expect(text).toContain('Phone: +91 98450 12345');

    // The table: the header (over two lines, since the figures are narrow), each row, the totals.
    expect(lines).toContain('# Description HSN/SAC Qty Unit Discount Taxable GST CGST SGST Total (₹)');
    expect(lines).toContain('price (₹) (₹) value (₹) rate (₹) (₹)');
    expect(lines).toContain(
      '1 Belgian Chocolate Truffle Cake (1 kg) 1905 1 NOS 1,299.00 100.00 1,141.90 5% 28.55 28.55 1,199.00',
    );
    expect(lines).toContain('2 Red Roses Bouquet (12 stems) 0603 2 NOS 649.50 100.00 1,199.00 0% 0.00 0.00 1,199.00');
    expect(lines).toContain('3 Delivery charges 9968 1 49.00 0.00 46.67 5% 1.17 1.16 49.00');
    expect(lines).toContain('Total 200.00 2,387.57 29.72 29.71 2,447.00');
    expect(text).not.toContain('IGST');

    // The summary beside the amount in words.
    expect(text).toContain('Taxable value 2,387.57');
    expect(text).toContain('CGST 29.72');
    expect(text).toContain('SGST 29.71');
    expect(text).toContain('Total tax 59.43');
    expect(text).toContain('Invoice total (₹) 2,447.00');
    expect(text).toContain('AMOUNT IN WORDS');
    expect(text).toContain(WORDS);
    expect(text).toContain('Coupon DIWALI10 applied: ₹200.00 off, shown per line under Discount.');

    // The signature line, then the page footer.
    expect(text).toContain(`For ${SUPPLIER}`);
    expect(text).toContain('Authorised signatory');
    expect(lines.at(-1)).toBe('Invoice INV/26-27/000001 · Page 1 of 1');
    expect(text).not.toContain('Demo store');
  });

  it('shows IGST and neither CGST nor SGST between states, and a registered buyer’s GSTIN', async () => {
    const doc = interStateInvoice();
    const [text, ...more] = await pagesText(await renderInvoicePdf({ ...doc, couponCode: null }));
    expect(more).toHaveLength(0);
    const lines = text!.split('\n');

    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('State: Maharashtra (27)');
    expect(text).toContain('GSTIN: 27AAKFS9876M1Z2');
    expect(text).toContain('Sahyadri Events LLP');
    expect(text).toContain('Phone: +91 99220 55555');
    expect(lines).toContain(
      '1 Belgian Chocolate Truffle Cake (1 kg) 1905 1 NOS 1,299.00 100.00 1,141.90 5% 57.10 1,199.00',
    );
    expect(lines).toContain('3 Delivery charges 9968 1 49.00 0.00 46.67 5% 2.33 49.00');
    expect(lines).toContain('Total 200.00 2,387.57 59.43 2,447.00');
    expect(text).toContain('IGST 59.43');
    expect(text).toContain('Total tax 59.43');
    expect(text).toContain('Invoice total (₹) 2,447.00');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    expect(text).not.toContain('Coupon');
  });

  it('says plainly when the supplier is the demo store’s made-up one', async () => {
    const [text] = await pagesText(await renderInvoicePdf({ ...intraStateInvoice(), demoSupplier: true }));
    expect(text!.split('\n')).toContain(DEMO_NOTICE);
  });

  it('gives the same bytes for the same invoice', async () => {
    const doc = intraStateInvoice();
    const [first, second] = await Promise.all([renderInvoicePdf(doc), renderInvoicePdf(intraStateInvoice())]);
    expect(first.equals(second)).toBe(true);
    // pdfkit writes the creation date as an object of its own, so only its value is looked for.
    expect(first.toString('latin1')).toContain('(D:20261123200000Z)');
  });

  it('keeps fifteen lines on one page and continues a longer order with the table header repeated', async () => {
    const doc = { ...intraStateInvoice(), demoSupplier: true };
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...doc.lines[i % 2]!, description: `Gift item ${i + 1}` }));

    expect(await pagesText(await renderInvoicePdf({ ...doc, lines: many(15) }))).toHaveLength(1);

    const pages = await pagesText(await renderInvoicePdf({ ...doc, lines: many(60) }));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      // Every page with rows has the header; the summary may go to a page of its own.
      if (page.includes('Gift item')) {
        expect(page).toContain('# Description HSN/SAC Qty Unit Discount Taxable GST CGST SGST Total (₹)');
      }
      expect(page.split('\n').at(-1)).toBe(`Invoice INV/26-27/000001 · Page ${i + 1} of ${pages.length}`);
    });
    expect(pages[1]).toContain('Tax Invoice INV/26-27/000001 (continued)');
    const all = pages.join('\n');
    for (let n = 1; n <= 60; n += 1) expect(all.match(new RegExp(`^${n} Gift item ${n} `, 'gm'))).toHaveLength(1);
    expect(pages.at(-1)).toContain('Authorised signatory');
    expect(pages.at(-1)).toContain('Invoice total (₹) 2,447.00');
  });

  it('draws each Indian script in its own font, and wraps a long description in its column', async () => {
    const scripts = {
      NotoSansDevanagari: 'मुंबई महाराष्ट्र',
      NotoSansBengali: 'কলকাতা পশ্চিমবঙ্গ',
      NotoSansGurmukhi: 'ਅੰਮ੍ਰਿਤਸਰ ਪੰਜਾਬ',
      NotoSansGujarati: 'અમદાવાદ ગુજરાત',
      NotoSansOriya: 'ଭୁବନେଶ୍ୱର ଓଡ଼ିଶା',
      NotoSansTamil: 'சென்னை தமிழ்நாடு',
      NotoSansTelugu: 'హైదరాబాద్ తెలంగాణ',
      NotoSansKannada: 'ಬೆಂಗಳೂರು ಕರ್ನಾಟಕ',
      NotoSansMalayalam: 'തിരുവനന്തപുരം കേരളം',
    };
    const doc = intraStateInvoice();
    const pdf = await renderInvoicePdf({
      ...doc,
      deliveryAddress: { ...doc.deliveryAddress, addressLines: Object.values(scripts) },
      lines: [{ ...doc.lines[0]!, description: `${'Very long hamper name '.repeat(8)}(हस्तनिर्मित)` }],
    });
    const raw = pdf.toString('latin1');
    for (const font of Object.keys(scripts)) expect(raw).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${font}-`));
    expect(raw).not.toContain('Helvetica');
    expect(actualTexts(pdf)).toEqual(['प्रिया शर्मा', 'வைட்ஃபீல்ட்', 'பெங்களூரு ', ...Object.values(scripts), 'हस्तनिर्मित']);

    const [text] = await pagesText(pdf);
    // The description wraps inside its column instead of running into the HSN.
    expect(text).toMatch(
      /^1 Very long hamper name .* 1905 1 NOS 1,299\.00 100\.00 1,141\.90 5% 28\.55 28\.55 1,199\.00$/m,
    );
    expect(text).not.toContain('?');
  });

  it('prints a message with emoji as if they had not been typed: no "?", no box, no double space', async () => {
    const doc = intraStateInvoice();
    const [cake, roses] = doc.lines;
    const typed = (description: string, name: string, gift: string): InvoiceDocument => ({
      ...doc,
      lines: [{ ...cake!, description }, { ...roses!, description: gift }, ...doc.lines.slice(2)],
      deliveryAddress: { ...doc.deliveryAddress, name },
    });
    const withEmoji = await renderInvoicePdf(
      typed(
        'Cake with Message on cake “Amma ❤️”',
        'Ananya 🎁 Rao',
        // A family (three emoji joined by ZWJs), a skin tone, a flag, a keycap and a © asked for its emoji form.
        'Roses 👨‍👩‍👧 for 👍🏽 the 🇮🇳 team of 1️⃣ ©️ Phoolwala',
      ),
    );
    const without = await renderInvoicePdf(
      typed('Cake with Message on cake “Amma”', 'Ananya Rao', 'Roses for the team of 1 © Phoolwala'),
    );
    // The same bytes: the same words in the same places, and no glyph embedded for what was dropped.
    expect(withEmoji.equals(without)).toBe(true);

    const [text] = await pagesText(withEmoji);
    expect(text).toMatch(/^1 Cake with Message on cake “Amma” 1905 /m);
    expect(text).toContain('Ananya Rao');
    expect(text).toMatch(/^2 Roses for the team of 1 © Phoolwala 0603 /m);
    expect(text).not.toMatch(/[?\uFFFD\u25A1]/u);
    // The rupee sign and Indian scripts still print.
    expect(text).toContain('Invoice total (₹) 2,447.00');
    expect(actualTexts(withEmoji)).toEqual(['प्रिया शर्मा', 'வைட்ஃபீல்ட்', 'பெங்களூரு ']);
  });
});

describe('what the invoice fonts can print', () => {
  it.each([
    ['Happy birthday ❤️ Amma', 'Happy birthday Amma'],
    ['Message on cake “Happy birthday ❤️”', 'Message on cake “Happy birthday”'],
    ['“🎂 Many happy returns”', '“Many happy returns”'],
    ['Love you ❤️!', 'Love you!'],
    ['Love you ❤️ - Ravi', 'Love you - Ravi'],
    ['I❤️you', 'I you'],
    ['5⭐ service', '5 service'],
    ['Amma ❤️ ❤️❤️ Appa', 'Amma Appa'],
    ['👨‍👩‍👧 family', 'family'],
    ['🎉🎉', ''],
    // A script the store ships no font for goes too, with the space it leaves.
    ['Wang 王 Xiaoming', 'Wang Xiaoming'],
    // Joiners inside Indian text shape its letters, and stay: a Malayalam chillu written with ZWJ.
    ['അവന്‍ ₹1,299', 'അവന്‍ ₹1,299'],
    ['प्रिया शर्मा, 12 MG Road', 'प्रिया शर्मा, 12 MG Road'],
  ])('prints %j as %j', (typed, printed) => {
    expect(printable(typed)).toBe(printed);
  });
});

describe('invoice figures', () => {
  it('groups amounts the Indian way with two decimals', () => {
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(129950)).toBe('1,299.50');
    expect(formatAmount(12345678)).toBe('1,23,456.78');
    expect(formatAmount(123456789012)).toBe('1,23,45,67,890.12');
    expect(formatAmount(-150)).toBe('-1.50');
  });

  it('dates an invoice by the IST calendar', () => {
    expect(formatInvoiceDate(new Date('2026-11-23T18:29:59Z'))).toBe('23 Nov 2026');
    expect(formatInvoiceDate(new Date('2026-11-23T18:30:00Z'))).toBe('24 Nov 2026');
    expect(formatInvoiceDate(new Date('2027-09-05T00:00:00Z'))).toBe('5 Sep 2027');
  });
});
