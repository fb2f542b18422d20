interface Searchable {
  name: string;
  category: string;
  subCategory: readonly string[];
  tags: readonly string[];
  occasion?: readonly string[] | undefined;
  recipient?: readonly string[] | undefined;
  description: string;
}

/**
 * Words as the catalogue and the shopper's keyword both see them: lower case, Latin accents dropped,
 * apostrophes removed inside a word ("Mother’s" is 'mothers', so 'mother' finds it as a prefix),
 * split at anything that is not a letter, a combining mark (Indic scripts need them) or a digit.
 * PostgreSQL's own word parser would split Indic words at their vowel signs, so the words of the
 * search vector are made here (ADR 087).
 */
export function searchTerms(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * How many letters a word may be off by and still be taken for a typo of another: none for one or
 * two letters, one up to five, two beyond (as search engines' 'AUTO' fuzziness).
 */
export function typoDistance(term: string): number {
  const length = [...term].length;
  return length <= 2 ? 0 : length <= 5 ? 1 : 2;
}

/**
 * Words that say little about a gift ('roses for wife'): not required of a product when the
 * keyword has other words, as every product's text would need them.
 */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'for', 'of', 'with', 'to', 'in', 'on', 'my']);

/** The words of a keyword a product must hold: the meaningful ones, or all if none is. */
export function keywordTerms(words: readonly string[]): string[] {
  const terms = [...new Set(words.flatMap(searchTerms))];
  const meaningful = terms.filter((t) => !STOP_WORDS.has(t));
  return meaningful.length ? meaningful : terms;
}

/** Edit distance with a swap of neighbours counting as one (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows = Array.from({ length: s.length + 1 }, (_, i) => {
    const row = new Array<number>(t.length + 1).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j <= t.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[s.length]![t.length]!;
}

/**
 * Where each field's words start in the search vector. Positions let a name's words be found in
 * their order (the phrase bonus); the gaps keep a phrase from running from one field into the next.
 */
const KEYS_FROM = 200;
const DESCRIPTION_FROM = 1_000;

/** One field's words as tsvector entries: 'word':position+weight. */
function entries(words: readonly string[], from: number, weight: 'A' | 'B' | 'D', into: Map<string, string[]>) {
  words.forEach((word, i) => {
    const at = `${Math.min(from + i, 16_383)}${weight}`;
    const list = into.get(word);
    if (list) list.push(at);
    else into.set(word, [at]);
  });
}

/**
 * The search columns of a product. `searchVector` is the text of a tsvector (ADR 087): the name's
 * words weighted A, the category, subcategories, tags, occasions and recipients B, the description
 * D. `searchText` keeps the whole text for a keyword of symbols only ('%'), which has no words.
 */
export function buildSearchColumns(p: Searchable): { searchText: string; searchVector: string } {
  const keys = [p.category, ...p.subCategory, ...p.tags, ...(p.occasion ?? []), ...(p.recipient ?? [])].join(' ');
  const words = new Map<string, string[]>();
  entries(searchTerms(p.name), 1, 'A', words);
  entries(searchTerms(keys), KEYS_FROM, 'B', words);
  entries(searchTerms(p.description), DESCRIPTION_FROM, 'D', words);
  const searchVector = [...words].map(([word, at]) => `'${word}':${at.join(',')}`).join(' ');
  const searchText = [p.name, keys, p.description].join(' ').toLowerCase().replace(/\s+/g, ' ').trim();
  return { searchText, searchVector };
}
