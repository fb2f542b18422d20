import MiniSearch, { type SearchOptions } from 'minisearch';

/** The text of a product a shopper's keyword is matched against. */
export interface SearchableProduct {
  id: string;
  name: string;
  category: string;
  subCategory: readonly string[];
  tags: readonly string[];
  occasion: readonly string[];
  recipient: readonly string[];
  description: string;
}

interface IndexedDocument {
  id: string;
  name: string;
  keys: string;
  description: string;
}

/** The name's words joined by single spaces, for the phrase bonus. */
const plainName = (name: string) => searchTerms(name).join(' ');

function toDocument(p: SearchableProduct): IndexedDocument {
  return {
    id: p.id,
    name: p.name,
    keys: [p.category, ...p.subCategory, ...p.tags, ...p.occasion, ...p.recipient].join(' '),
    description: p.description,
  };
}

/**
 * Field weights: a word in the name counts most, then the category, subcategories and tags, then
 * the description, which is long and mentions many things in passing (ADR 026).
 */
const BOOST = { name: 4, keys: 2, description: 0.5 } as const;
/** A name holding the shopper's words in their order ('red rose' in 'Classic Dozen Red Roses') ranks first. */
const PHRASE_BONUS = 1.5;
/**
 * Words that say little about a gift ('roses for wife'): not required of a product when the
 * keyword has other words, as every product's text would need them.
 */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'for', 'of', 'with', 'to', 'in', 'on', 'my']);
/** Ranked answers remembered per keyword until the index or a rating changes. */
const RANKED_CACHE_SIZE = 2_000;
/**
 * Each word's matches and scores remembered until the index changes, up to this many products in
 * all (a few MB): a two-word search is then an intersection of two remembered words.
 */
const TERM_CACHE_PRODUCTS = 250_000;

/**
 * Words as the index and the shopper's keyword both see them: lower case, Latin accents dropped,
 * apostrophes removed inside a word ("Mother’s" is 'mothers', so 'mother' finds it as a prefix),
 * split at anything that is not a letter, a combining mark (Indic scripts need them) or a digit.
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

export interface RankedHit {
  id: string;
  score: number;
}

/**
 * The keyword index of the catalogue read model (ADR 026), over MiniSearch: BM25 scores with
 * field boosts, every word required, each word matched as typed or as the start of a longer word,
 * and only a word found nowhere matched by spelling (a typo). Ranked answers are remembered per
 * keyword; a sale changes no text and no rank, so it keeps them.
 */
export class CatalogSearchIndex {
  private readonly index = new MiniSearch<IndexedDocument>({
    fields: ['name', 'keys', 'description'],
    tokenize: searchTerms,
    processTerm: (term) => term,
    // Discarded documents are swept in small batches on a timer; the next search never waits for it.
    autoVacuum: { batchSize: 2_000, batchWait: 5, minDirtCount: 200, minDirtFactor: 0.05 },
  });
  private readonly documents = new Map<string, IndexedDocument & { plainName: string }>();
  private readonly ranked = new Map<string, RankedHit[]>();
  private readonly termScores = new Map<string, Map<string, number>>();
  private termScoresHeld = 0;

  get size(): number {
    return this.documents.size;
  }

  /** Indexes a product, or its new text; returns whether anything a search sees changed. */
  put(product: SearchableProduct): boolean {
    const doc = toDocument(product);
    const before = this.documents.get(product.id);
    if (before && before.name === doc.name && before.keys === doc.keys && before.description === doc.description) {
      return false;
    }
    if (before) this.index.discard(product.id);
    this.index.add(doc);
    this.documents.set(product.id, { ...doc, plainName: plainName(doc.name) });
    this.forgetAll();
    return true;
  }

  remove(id: string): boolean {
    if (!this.documents.delete(id)) return false;
    this.index.discard(id);
    this.forgetAll();
    return true;
  }

  /** Replaces the whole index (a reload). */
  reset(products: Iterable<SearchableProduct>): void {
    this.index.removeAll();
    this.documents.clear();
    this.forgetAll();
    const docs = [...products].map(toDocument);
    for (const doc of docs) this.documents.set(doc.id, { ...doc, plainName: plainName(doc.name) });
    this.index.addAll(docs);
  }

  /** Rankings depend on ratings too (they break ties); a rating change forgets them. */
  forgetRankings(): void {
    this.ranked.clear();
  }

  private forgetAll(): void {
    this.ranked.clear();
    this.termScores.clear();
    this.termScoresHeld = 0;
  }

  /**
   * Products holding every term (as typed, as a prefix, or for a word found nowhere, by spelling),
   * best first; ties go to `tieBreak` (the caller's: better rated, then by id). `names` limits the
   * match to product names (the admin's picker).
   */
  search(words: readonly string[], tieBreak: (a: string, b: string) => number, names = false): RankedHit[] {
    const meaningful = words.filter((w) => !STOP_WORDS.has(w));
    const terms = meaningful.length ? meaningful : words;
    if (terms.length === 0) return [];
    const key = `${names ? 'n' : 'a'}\u0000${words.join('\u0000')}`;
    const known = this.ranked.get(key);
    if (known) {
      // Most recently used last, so the oldest is the first to go when the cache is full.
      this.ranked.delete(key);
      this.ranked.set(key, known);
      return known;
    }
    const scores = this.scoreAll(terms, names);
    const phrase = words.join(' ');
    const hits: RankedHit[] = [];
    for (const [id, score] of scores) {
      const bonus = this.documents.get(id)!.plainName.includes(phrase) ? PHRASE_BONUS : 1;
      hits.push({ id, score: score * bonus });
    }
    hits.sort((a, b) => b.score - a.score || tieBreak(a.id, b.id));
    if (this.ranked.size >= RANKED_CACHE_SIZE) this.ranked.delete(this.ranked.keys().next().value!);
    this.ranked.set(key, hits);
    return hits;
  }

  /** The sum of each term's score over the products that hold every term. */
  private scoreAll(terms: readonly string[], names: boolean): Map<string, number> {
    let combined: Map<string, number> | undefined;
    for (const term of terms) {
      const scores = this.scoreTerm(term, names);
      if (!combined) {
        combined = scores;
        continue;
      }
      const next = new Map<string, number>();
      for (const [id, score] of combined) {
        const other = scores.get(id);
        if (other !== undefined) next.set(id, score + other);
      }
      combined = next;
      if (combined.size === 0) break;
    }
    return combined ?? new Map();
  }

  private scoreTerm(term: string, names: boolean): Map<string, number> {
    const key = `${names ? 'n' : 'a'}\u0000${term}`;
    const known = this.termScores.get(key);
    if (known) {
      this.termScores.delete(key);
      this.termScores.set(key, known);
      return known;
    }
    const scores = this.matchTerm(term, names);
    this.termScores.set(key, scores);
    this.termScoresHeld += scores.size;
    for (const [oldest, held] of this.termScores) {
      if (this.termScoresHeld <= TERM_CACHE_PRODUCTS || oldest === key) break;
      this.termScores.delete(oldest);
      this.termScoresHeld -= held.size;
    }
    return scores;
  }

  private matchTerm(term: string, names: boolean): Map<string, number> {
    const options: SearchOptions = {
      boost: BOOST,
      prefix: true,
      fuzzy: false,
      ...(names ? { fields: ['name'] } : {}),
    };
    let results = this.index.search(term, options);
    if (results.length === 0 && typoDistance(term) > 0) {
      results = this.index.search(term, { ...options, prefix: false, fuzzy: typoDistance(term) });
    }
    return new Map(results.map((r) => [r.id as string, r.score]));
  }
}
