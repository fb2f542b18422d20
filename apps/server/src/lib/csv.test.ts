import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, rupeesCell } from './csv.js';

describe('csv cells', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+91 98470', "'+91 98470"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['=HYPERLINK("x","y")', '"\'=HYPERLINK(""x"",""y"")"'],
    ['', ''],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves numbers as they are, and empty for none', () => {
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it.each([
    [124900, '1249.00'],
    [5, '0.05'],
    [115, '1.15'],
    [0, '0.00'],
    [-250, '-2.50'],
  ])('%i paise → %s', (paise, text) => {
    expect(rupeesCell(paise)).toBe(text);
  });
});
