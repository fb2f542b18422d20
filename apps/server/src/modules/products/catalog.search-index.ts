import MiniSearch, { type SearchOptions } from 'minisearch';
import { BoundedCache } from './bounded-cache.js';

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
/**
 * Each word's matches and scores remembered until the index changes, up to this many matches in
 * all, or ten per product in a larger catalogue (about 60 bytes each): a two-word search is then
 * an intersection of two remembered words, and a sale, which changes no text, keeps them.
 */
const TERM_CACHE_HITS = 300_000;
const TERM_CACHE_HITS_PER_PRODUCT = 10;

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

/**
 * The keyword index of the catalogue read model (ADR 026), over MiniSearch: BM25 scores with
 * field boosts, every word required, each word matched as typed or as the start of a longer word,
 * and only a word found nowhere matched by spelling (a typo).
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
  private readonly termScores = new BoundedCache<Map<string, number>>(
    () => Math.max(TERM_CACHE_HITS, TERM_CACHE_HITS_PER_PRODUCT * this.documents.size),
    (scores) => scores.size,
  );

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
    this.termScores.clear();
    return true;
  }

  remove(id: string): boolean {
    if (!this.documents.delete(id)) return false;
    this.index.discard(id);
    this.termScores.clear();
    return true;
  }

  /**
   * A new index of these products. A store that is serving builds it in chunks, so that a reload
   * never holds the event loop for long (10,000 products take a few hundred milliseconds); one that
   * is starting builds it in one go, as nothing waits, and each chunk's pause would add to its start.
   */
  static async build(products: Iterable<SearchableProduct>, serving: boolean): Promise<CatalogSearchIndex> {
    const built = new CatalogSearchIndex();
    const docs = [...products].map(toDocument);
    for (const doc of docs) built.documents.set(doc.id, { ...doc, plainName: plainName(doc.name) });
    if (serving) await built.index.addAllAsync(docs, { chunkSize: 500 });
    else built.index.addAll(docs);
    return built;
  }

  /**
   * Products holding every meaningful word (as typed, as the start of a longer word, or for a word
   * found nowhere, by spelling) with their scores: BM25 with field boosts, ×1.5 for a name holding
   * the words in their order. `names` limits the match to product names (the admin's picker).
   */
  scores(words: readonly string[], names = false): Map<string, number> {
    const meaningful = words.filter((w) => !STOP_WORDS.has(w));
    const terms = meaningful.length ? meaningful : words;
    if (terms.length === 0) return new Map();
    const scores = new Map(this.scoreAll(terms, names));
    const phrase = words.join(' ');
    for (const [id, score] of scores) {
      if (this.documents.get(id)!.plainName.includes(phrase)) scores.set(id, score * PHRASE_BONUS);
    }
    return scores;
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
      const [fewer, more] = combined.size <= scores.size ? [combined, scores] : [scores, combined];
      const next = new Map<string, number>();
      for (const [id, score] of fewer) {
        const other = more.get(id);
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
    if (known) return known;
    const scores = this.matchTerm(term, names);
    this.termScores.set(key, scores);
    return scores;
  }

  private matchTerm(term: string, names: boolean): Map<string, number> {
    const options: SearchOptions = {
      boost: BOOST,
      // A lone letter as a prefix would match most of the catalogue; shoppers type words.
      prefix: [...term].length > 1,
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
