import { and, asc, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { LOCAL_MAKE_RULES, LOCAL_MAKES, SAMPLE_PRODUCT_NAME, type Reach } from '@store/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PLANNED_ONCE, queryRows, type Db, type Tx } from '../../db/client.js';
import type { ProductSummaryRow } from './products.mapper.js';
import { productListing, productRelations, products, productVariants, reviews, searchWords } from './products.table.js';
import { editDistance, keywordTerms, searchTerms, typoDistance } from './products.search-text.js';

export interface ProductFilters {
  words: KeywordQuery;
  category?: string | undefined;
  subcategories: string[];
  colors: string[];
  variants: string[];
  recipients: string[];
  occasions: string[];
  minRating?: number | undefined;
  maxRating?: number | undefined;
  /** Paise. */
  minPrice?: number | undefined;
  /** Paise. */
  maxPrice?: number | undefined;
  sameDayDelivery?: boolean | undefined;
  /** Only products that can reach an area with these makers (ADR 077); missing: all. */
  reach?: Reach | undefined;
}

export type ProductOrder =
  { by: 'relevance' } | { by: 'price' | 'rating' | 'name' | 'createdAt'; direction: 'asc' | 'desc' };

/** What a product card or an admin list row shows, and nothing of the product page's text. */
export const summaryColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  discountPrice: products.discountPrice,
  discountStartDate: products.discountStartDate,
  discountEndDate: products.discountEndDate,
  countInStock: products.countInStock,
  available: products.available,
  isFeatured: products.isFeatured,
  isSellingFast: products.isSellingFast,
  isSubscription: products.isSubscription,
  image: products.image,
  optimizedImages: products.optimizedImages,
  category: products.category,
  subCategory: products.subCategory,
  brand: products.brand,
  color: products.color,
  occasion: products.occasion,
  recipient: products.recipient,
  sameDayDelivery: products.sameDayDelivery,
  fulfilment: products.fulfilment,
  expressDelivery: products.expressDelivery,
  rating: products.rating,
  numReviews: products.numReviews,
  hsnCode: products.hsnCode,
  gstRate: products.gstRate,
  createdAt: products.createdAt,
} satisfies Record<keyof ProductSummaryRow, unknown>;

/** What a product page shows: every column but the search columns, which only the database reads. */
const { searchText: _searchText, searchVector: _searchVector, ...pageColumns } = getTableColumns(products);
type ProductPageRow = Omit<typeof products.$inferSelect, 'searchText' | 'searchVector'>;

/** Shoppers never see drafts, unavailable products or the spec's placeholder product. */
export const listed = and(eq(products.available, true), ne(products.name, SAMPLE_PRODUCT_NAME))!;

/**
 * Where a listing finds its products: the listed products' narrow rows (ADR 088), or the products
 * themselves when a keyword is searched in their words. Both have the columns a filter and an
 * order read, under the same names.
 */
type ListingSource = typeof products | typeof productListing;

function textArray(values: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * Products that can reach an area with these makers: mirrors canReach() in @store/domain, from
 * the same rules. Packed goods go anywhere; a local product needs an area making all it needs.
 */
function reachSql(area: Reach, t: ListingSource = products): SQL {
  const courier = sql`${t.fulfilment} = 'courier'`;
  if (area.makes.length === 0) return courier;
  const missing = LOCAL_MAKES.filter((m) => !area.makes.includes(m));
  const needs = missing.map((make) => {
    const rule = LOCAL_MAKE_RULES[make];
    return sql`(${t.category} = ANY(${textArray(rule.categories)}) OR ${t.subCategory} && ${textArray(rule.subcategories)})`;
  });
  return needs.length ? sql`(${courier} OR NOT (${sql.join(needs, sql` OR `)}))` : sql`true`;
}

/** LIKE treats % _ and \ specially; a shopper's keyword is always plain text. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The unit price a shopper pays now: mirrors effectivePrice() in @store/domain. */
function effectivePriceSql(now: SQL, t: ListingSource): SQL<number> {
  return sql<number>`(CASE WHEN ${t.discountPrice} > 0
      AND ${t.discountPrice} < ${t.price}
      AND (${t.discountStartDate} IS NULL OR ${t.discountStartDate} <= ${now})
      AND (${t.discountEndDate} IS NULL OR ${t.discountEndDate} > ${now})
    THEN ${t.discountPrice} ELSE ${t.price} END)`;
}

/**
 * A shopper's keyword as the database matches it (ADR 087): `terms`, one tsquery per meaningful
 * word that every product must satisfy (the word as typed or as the start of a longer word, or for
 * a word found nowhere, the words it is nearly); `phrase`, the same words in their order in the
 * name, which ranks a product first; `symbols`, words of symbols only ('%'), found in the
 * product's text. `nothing` when a word starts no word of the catalogue and is near none.
 */
export interface KeywordQuery {
  terms: string[];
  phrase: string | null;
  symbols: string[];
  nothing: boolean;
}

export const NO_KEYWORD: KeywordQuery = { terms: [], phrase: null, symbols: [], nothing: false };

const like = (w: string) => `%${escapeLike(w)}%`;
/** A word as a tsquery operand; the words are letters, marks and digits only, so quoting is enough. */
const lexeme = (word: string, weight = '') => `'${word}'${weight ? `:${weight}` : ''}`;
/** Any of these words, as one tsquery operand. */
const anyOf = (words: readonly string[], weight = '') => `(${words.map((w) => lexeme(w, weight)).join(' | ')})`;

/**
 * Words a keyword word may stand for beyond itself: those it starts ('choc' for 'chocolate'). Past
 * this many the word is matched as a prefix in each product's vector instead, which costs several
 * times more per product than a list of words (shoppers rarely stop at two letters).
 */
const COMPLETIONS = 30;

/** The catalogue's words that start with `term`, shortest first; more than COMPLETIONS: undefined. */
async function completions(db: Db, term: string): Promise<string[] | undefined> {
  // A lone letter as a prefix would match most of the catalogue; shoppers type words.
  if ([...term].length === 1) return [term];
  const found = await db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(sql`${searchWords.word} LIKE ${`${escapeLike(term)}%`}`)
    .orderBy(sql`length(${searchWords.word})`, asc(searchWords.word))
    .limit(COMPLETIONS + 1);
  return found.length > COMPLETIONS ? undefined : found.map((r) => r.word);
}

/** Candidate words for a typo, nearest first; how near they must be is judged by the caller. */
const TYPO_CANDIDATES = 20;

/** Words of the catalogue a word found nowhere is nearly (typoDistance letters off at most). */
async function nearWords(db: Db, term: string): Promise<string[]> {
  const allowed = typoDistance(term);
  if (allowed === 0) return [];
  const found = await db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(sql`${searchWords.word} % ${term}`)
    .orderBy(sql`${searchWords.word} <-> ${term}`, asc(searchWords.word))
    .limit(TYPO_CANDIDATES);
  return found.map((r) => r.word).filter((w) => editDistance(w, term) <= allowed);
}

/** One keyword word as tsquery operands: `query` where `weight` asks, `word` in names (the phrase). */
async function operandOf(db: Db, term: string, weight: '' | 'A') {
  const started = await completions(db, term);
  if (started === undefined) return { query: `'${term}':*${weight}`, word: `'${term}':*A` };
  const words = started.length ? started : await nearWords(db, term);
  return words.length ? { query: anyOf(words, weight), word: anyOf(words, 'A') } : null;
}

/**
 * Keeps what `compute` gives until the catalogue's words may have changed, or answers undefined
 * when it cannot (the service's `keep`: the answer cache's, ADR 090).
 */
export type Keep = <T>(key: string, compute: () => Promise<T>) => Promise<T> | undefined;

/**
 * The keyword's words as a KeywordQuery. `weight` 'A' looks in names only (the admin's picker).
 * Each word costs a look-up in the vocabulary's index, and a second if it starts no word there:
 * a statement and a round trip each, as many as the listing's own. `keep` keeps each word's
 * operand, which only the vocabulary decides, so the words shoppers search again cost none.
 */
export async function keywordQuery(
  db: Db,
  words: readonly string[],
  weight: '' | 'A' = '',
  keep?: Keep,
): Promise<KeywordQuery> {
  const symbols = words.filter((w) => searchTerms(w).length === 0);
  const terms = keywordTerms(words);
  if (terms.length === 0) return { ...NO_KEYWORD, symbols };
  const lookUp = (term: string) => operandOf(db, term, weight);
  const operands = await Promise.all(
    terms.map((term) => keep?.(`keyword word ${weight} ${term}`, () => lookUp(term)) ?? lookUp(term)),
  );
  if (operands.some((o) => o === null)) return { ...NO_KEYWORD, symbols, nothing: true };
  const found = operands as { query: string; word: string }[];
  return {
    terms: found.map((o) => o.query),
    phrase: found.map((o) => o.word).join(' <-> '),
    symbols,
    nothing: false,
  };
}

/** A listing's or a search's values by name, as its statement takes them. */
type Values = Record<string, unknown>;

/**
 * How a value goes into a statement: as a parameter of this statement only (`inline`), or as a
 * placeholder of a statement prepared once for every listing of its shape (`byName`, listPage).
 */
type Bind = (name: string) => SQL;

const inline =
  (values: Values): Bind =>
  (name) =>
    sql`${sql.param(values[name])}`;

const byName: Bind = (name) => sql`${sql.placeholder(name)}`;

function keywordValues({ terms, phrase, symbols }: KeywordQuery): Values {
  return {
    match: terms.join(' & '),
    phrase,
    ...Object.fromEntries(terms.map((term, i) => [`term${i}`, term])),
    ...Object.fromEntries(symbols.map((w, i) => [`symbol${i}`, like(w.toLowerCase())])),
  };
}

function keywordCondition({ terms, symbols, nothing }: KeywordQuery, bind: Bind): SQL | undefined {
  if (nothing) return sql`false`;
  return and(
    terms.length === 0 ? undefined : sql`${products.searchVector} @@ ${bind('match')}::tsquery`,
    ...symbols.map((_w, i) => sql`${products.searchText} LIKE ${bind(`symbol${i}`)} ESCAPE '\\'`),
  );
}

/** Weights of the description, (unused), the category and tags, and the name, as ts_rank takes them. */
const FIELD_WEIGHTS = '{0.1,0.2,0.4,1.0}';
/** The name alone counts: the admin's picker finds products by name. */
const NAME_WEIGHTS = '{0,0,0,1.0}';

/**
 * Best match first: each word's ts_rank over the fields' weights (a word in the name counts most,
 * then the category, subcategories and tags, then the description), added up as a search engine
 * adds its words' scores (one ts_rank of all the words would weigh how near they stand instead), and
 * a name holding the words in their order ahead of every name that does not.
 */
function relevance({ terms }: KeywordQuery, weights: string, bind: Bind): SQL<number> {
  const ranks = terms.map(
    (_term, i) =>
      sql`ts_rank(${sql.raw(`'${weights}'`)}::real[], ${products.searchVector}, ${bind(`term${i}`)}::tsquery)`,
  );
  return sql<number>`(${sql.join(ranks, sql` + `)}
    + CASE WHEN ${products.searchVector} @@ ${bind('phrase')}::tsquery THEN 1 ELSE 0 END)`;
}

/** Whether the listing searches the products' words, which only the products' rows hold. */
const searches = ({ terms, symbols, nothing }: KeywordQuery) => terms.length > 0 || symbols.length > 0 || nothing;

function sourceOf(filters: ProductFilters): ListingSource {
  return searches(filters.words) ? products : productListing;
}

/** Every value a listing's statement may take, whatever its shape. */
function listingValues(f: ProductFilters, now: Date): Values {
  return {
    ...keywordValues(f.words),
    now,
    category: f.category,
    subcategories: f.subcategories,
    colors: f.colors,
    recipients: f.recipients,
    occasions: f.occasions,
    variants: f.variants.map((v) => v.toLowerCase()),
    minRating: f.minRating,
    maxRating: f.maxRating,
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
  };
}

/**
 * Whether a filter is asked for. The one test of it: a listing's statement holds a filter's
 * condition exactly when its shape (shapeOf) names the filter.
 */
const given = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== false && v !== '');

function filterConditions(f: ProductFilters, t: ListingSource, bind: Bind): SQL {
  const price = effectivePriceSql(bind('now'), t);
  const anyOf = (name: string) => sql`${bind(name)}::text[]`;
  const conditions: (SQL | undefined)[] = [
    t === products ? and(listed, keywordCondition(f.words, bind)) : undefined,
    given(f.category) ? sql`${t.category} = ${bind('category')}` : undefined,
    given(f.subcategories) ? sql`${t.subCategory} && ${anyOf('subcategories')}` : undefined,
    given(f.colors) ? sql`${t.color} && ${anyOf('colors')}` : undefined,
    given(f.recipients) ? sql`${t.recipient} && ${anyOf('recipients')}` : undefined,
    given(f.occasions) ? sql`${t.occasion} && ${anyOf('occasions')}` : undefined,
    given(f.variants)
      ? sql`EXISTS (SELECT 1 FROM ${productVariants} WHERE ${productVariants.productId} = ${t.id}
          AND lower(${productVariants.name}) = ANY(${anyOf('variants')}))`
      : undefined,
    given(f.minRating) ? sql`${t.rating} >= ${bind('minRating')}` : undefined,
    given(f.maxRating) ? sql`${t.rating} <= ${bind('maxRating')}` : undefined,
    given(f.minPrice) ? sql`${price} >= ${bind('minPrice')}` : undefined,
    given(f.maxPrice) ? sql`${price} <= ${bind('maxPrice')}` : undefined,
    given(f.sameDayDelivery) ? eq(t.sameDayDelivery, true) : undefined,
    f.reach ? reachSql(f.reach, t) : undefined,
  ];
  return and(...conditions) ?? sql`true`;
}

/** One key of a listing's order. */
interface SortKey {
  key: SQL | AnyPgColumn;
  direction: 'asc' | 'desc';
}

function sortKeys(order: ProductOrder, words: KeywordQuery, t: ListingSource, bind: Bind): SortKey[] {
  const key = (k: SQL | AnyPgColumn, direction: 'asc' | 'desc'): SortKey => ({ key: k, direction });
  const byId = key(t.id, 'asc');
  switch (order.by) {
    case 'relevance':
      return words.terms.length
        ? [key(relevance(words, FIELD_WEIGHTS, bind), 'desc'), key(t.rating, 'desc'), byId]
        : [key(t.createdAt, 'desc'), byId];
    case 'price':
      return [key(effectivePriceSql(bind('now'), t), order.direction), byId];
    case 'rating':
      return [key(t.rating, order.direction), key(t.numReviews, 'desc'), byId];
    case 'name':
      return [key(sql`lower(${t.name})`, order.direction), byId];
    case 'createdAt':
      return [key(t.createdAt, order.direction), byId];
  }
}

/** The keys as columns k0, k1… of a subquery, to be ordered by outside it. */
const keyColumns = (keys: readonly SortKey[], from?: string) =>
  Object.fromEntries(
    keys.map(({ key }, i) => [`k${i}`, (from ? sql.raw(`"${from}"."k${i}"`) : sql`${key}`).as(`k${i}`)]),
  );

/** ORDER BY the keys, or by their columns in subquery `from`. */
const ordered = (keys: readonly SortKey[], from?: string) =>
  keys.map(({ key, direction }, i) => {
    const by = from ? sql.raw(`"${from}"."k${i}"`) : key;
    return direction === 'asc' ? asc(by) : desc(by);
  });

/** Whether a listing asks for anything but every listed product. */
function filtered(filters: ProductFilters): boolean {
  const { words, reach, ...rest } = filters;
  return searches(words) || reach !== undefined || Object.values(rest).some(given);
}

/**
 * Whether a listing must read every match to find its page, so it counts them in the same pass: a
 * keyword search (its matches come from the words' index, in no order), or a price as the shopper
 * pays it now, to filter or to order by, which no index holds since discounts start and end with
 * the clock. Any other listing walks an index in its order and stops at its page (ADR 091).
 */
function readsEveryMatch(filters: ProductFilters, order: ProductOrder): boolean {
  return searches(filters.words) || given(filters.minPrice) || given(filters.maxPrice) || order.by === 'price';
}

/** A product's place in the newest-first listing: its creation time as the database prints it, and its id. */
export interface ListingAnchor {
  at: string;
  id: string;
}

/**
 * Every `every`-th product of the newest-first listing of every listed product (the default
 * listing), and how to have them: a page past one starts from it instead of stepping over every
 * product before it. An OFFSET of 60,000 reads 60,000 index entries, 8 to 40 ms at 100,000
 * products; after an anchor a page steps over fewer than `every` (ADR 090).
 */
export interface Anchors {
  every: number;
  of: () => Promise<readonly ListingAnchor[]>;
}

/** Products between two anchors. */
export const ANCHOR_EVERY = 1_000;

/** Whether a listing is the default one: every listed product, newest first (what anchors mark). */
function newestFirst(filters: ProductFilters, order: ProductOrder): boolean {
  const keys = order.by === 'relevance' || (order.by === 'createdAt' && order.direction === 'desc');
  return keys && !filtered(filters);
}

/**
 * After the anchor in the newest-first order (created_at descending, id ascending). The text of
 * its time goes back to a timestamp whole: a JavaScript Date would drop its microseconds.
 */
const anchorAt = sql`${sql.placeholder('anchorAt')}::timestamptz`;
const afterAnchor = sql`${productListing.createdAt} <= ${anchorAt} AND (${productListing.createdAt} < ${anchorAt}
  OR ${productListing.id} > ${sql.placeholder('anchorId')}::uuid)`;

/** The anchors of the default listing as it is now: every `every`-th listed product, newest first. */
export function newestFirstAnchors(db: Db, every = ANCHOR_EVERY): Promise<ListingAnchor[]> {
  return queryRows<ListingAnchor>(
    db,
    sql`SELECT at, id FROM (
          SELECT ${productListing.createdAt}::text AS at, ${productListing.id} AS id,
                 row_number() OVER (ORDER BY ${productListing.createdAt} DESC, ${productListing.id}) AS n
            FROM ${productListing}) ranked
        WHERE n % ${every} = 0 ORDER BY n`,
  );
}

/**
 * A page of a listing: its rows, each with the listing's total when the listing is counted, every
 * value by name. The page's ids are found first, reading only what the filter and the order need
 * (an index alone for the default order), then only those rows are read whole: a deep page
 * otherwise sorts every matching row with all its columns to skip most of them.
 *
 * A counted listing's matches are found and counted in a subquery of their own, then ordered:
 * planned with the page's LIMIT instead, PostgreSQL walks an ordered index (the rating's, the
 * newest's) through every product, testing each row read at random, as it costs the count over all
 * matches as if the LIMIT stopped it early. Apart (a subquery with a window function is never
 * merged) it finds them by the filter's indexes or one scan (ADR 088). Any other listing is
 * ordered with its LIMIT, so PostgreSQL can walk the order's index and stop at the page (ADR 091).
 */
function pageQuery(db: Db, filters: ProductFilters, order: ProductOrder, anchored: boolean) {
  const counted = readsEveryMatch(filters, order);
  const t = sourceOf(filters);
  const keys = sortKeys(order, filters.words, t, byName);
  const where = and(filterConditions(filters, t, byName), anchored ? afterAnchor : undefined);
  const matches = db
    .select({
      pageId: sql<string>`${t.id}`.as('page_id'),
      total: (counted ? sql<number>`count(*) OVER ()` : sql<number>`NULL`).mapWith(Number).as('total'),
      ...keyColumns(keys),
    })
    .from(t)
    .where(where);
  const ids = counted
    ? (() => {
        const found = matches.as('matches');
        return db
          .select({ pageId: found.pageId, total: found.total, ...keyColumns(keys, 'matches') })
          .from(found)
          .orderBy(...ordered(keys, 'matches'));
      })()
    : matches.orderBy(...ordered(keys));
  const page = ids.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).as('page');
  // Each row by its key, whatever the planner guesses of the page's size: a plan for every page
  // (ADR 096) guesses a tenth of the matches, and joined would read the whole table for 12 rows.
  const row = sql<Record<string, unknown>>`(SELECT ${jsonOf('products', summaryColumns)} FROM ${products}
    WHERE ${at('products', products.id)} = ${sql.raw('"page"."page_id"')})`;
  return db
    .select({ row, total: page.total })
    .from(page)
    .orderBy(...ordered(keys, 'page'));
}

/**
 * What makes two listings one statement with different values: where they look, what they filter
 * on (not the values), their order and the area's makers, which are written into the statement.
 */
function shapeOf(filters: ProductFilters, order: ProductOrder, anchored: boolean): string {
  const { words, reach, ...rest } = filters;
  const present = Object.entries(rest)
    .filter(([, v]) => given(v))
    .map(([k]) => k)
    .sort();
  return JSON.stringify([
    present,
    words.terms.length,
    words.symbols.length,
    words.nothing,
    reach ? [...reach.makes].sort() : null,
    order,
    anchored,
  ]);
}

/** How many products a listing holds in all, every value by name. */
function countQuery(db: Db, filters: ProductFilters) {
  const t = sourceOf(filters);
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(t)
    .where(filterConditions(filters, t, byName));
}

type PagePrepared = ReturnType<ReturnType<typeof pageQuery>['prepare']>;
type CountPrepared = ReturnType<ReturnType<typeof countQuery>['prepare']>;

/**
 * Listing statements built so far, per database, by shape: Drizzle builds a listing's text in
 * about 0.4 ms, and the storefront asks for a few hundred shapes at most. The first this many
 * (the first asked, which are the most asked) are also prepared by name: PostgreSQL parses and
 * plans a named statement once per connection (planning a listing costs about what running it
 * does). Each keeps about 200 KB of plan on every connection that ran it, so any other shape is
 * sent unnamed, planned for its one use: at most about 10 MB per connection (ADR 088). A named
 * statement that reads every match (`once`) is planned once for all its values (ADR 096).
 */
const MAX_PREPARED_SHAPES = 48;
/** Past this many shapes (a client making up combinations), a listing's text is built for its one use. */
const MAX_BUILT_SHAPES = 512;
interface BuiltListings {
  statements: Map<string, PagePrepared | CountPrepared>;
  named: number;
}
const builtListings = new WeakMap<Db, BuiltListings>();
/**
 * Statement names are the process's, not a database object's: two objects over one pool (the
 * setup lock's) must never give one name to two texts on the same connection.
 */
let statementsNamed = 0;

function preparedByShape<P extends PagePrepared | CountPrepared>(
  db: Db,
  shape: string,
  once: boolean,
  query: () => { prepare: (name: string) => P },
): P {
  let built = builtListings.get(db);
  if (!built) builtListings.set(db, (built = { statements: new Map(), named: 0 }));
  const known = built.statements.get(shape);
  if (known) return known as P;
  const name = built.named < MAX_PREPARED_SHAPES ? `${once ? PLANNED_ONCE : ''}listing_${statementsNamed++}` : '';
  if (name) built.named += 1;
  const statement = query().prepare(name);
  if (built.statements.size < MAX_BUILT_SHAPES) built.statements.set(shape, statement);
  return statement;
}

const pageStatement = (db: Db, filters: ProductFilters, order: ProductOrder, anchored: boolean) =>
  preparedByShape(db, shapeOf(filters, order, anchored), readsEveryMatch(filters, order), () =>
    pageQuery(db, filters, order, anchored),
  );

/** A count's shape is its filters', whatever the order. */
const countStatement = (db: Db, filters: ProductFilters) =>
  preparedByShape(db, `count ${shapeOf(filters, { by: 'relevance' }, false)}`, true, () => countQuery(db, filters));

/** Where a page starts: after the last anchor before it, if any, and how many products on from there. */
async function startOf(
  filters: ProductFilters,
  order: ProductOrder,
  offset: number,
  anchors: Anchors | undefined,
): Promise<{ after?: ListingAnchor; offset: number }> {
  if (!anchors || offset < anchors.every || !newestFirst(filters, order)) return { offset };
  const known = await anchors.of();
  const passed = Math.min(Math.floor(offset / anchors.every), known.length);
  const after = known[passed - 1];
  return after ? { after, offset: offset - passed * anchors.every } : { offset };
}

/**
 * One page of a listing, and its total when reading the page told it (`undefined` otherwise). A
 * listing that reads every match to order them counts them in the same pass; a page that is not
 * full tells its total by itself.
 */
async function listPage(
  db: Db,
  filters: ProductFilters,
  order: ProductOrder,
  page: { limit: number; offset: number },
  now: Date,
  anchors: Anchors | undefined,
): Promise<{ rows: ProductSummaryRow[]; total: number | undefined }> {
  const counted = readsEveryMatch(filters, order);
  const start = await startOf(filters, order, page.offset, anchors);
  const found = await pageStatement(db, filters, order, start.after !== undefined).execute({
    ...listingValues(filters, now),
    limit: page.limit,
    offset: start.offset,
    anchorAt: start.after?.at,
    anchorId: start.after?.id,
  });
  const rows = found.map((f) => summaryOfJson(f.row));
  const total =
    counted && found.length
      ? found[0]!.total
      : found.length < page.limit && (found.length > 0 || page.offset === 0)
        ? page.offset + found.length
        : undefined;
  return { rows, total };
}

/** How many products a listing holds in all. */
async function countListed(db: Db, filters: ProductFilters, now: Date): Promise<number> {
  const [counted] = await countStatement(db, filters).execute(listingValues(filters, now));
  return counted?.total ?? 0;
}

/**
 * One page of a listing and how many products it holds in all. `remember` may keep a total that
 * reading the page did not tell (the answer cache does, across a listing's pages and orders).
 */
export async function listProducts(
  db: Db,
  filters: ProductFilters,
  order: ProductOrder,
  page: { limit: number; offset: number },
  now: Date,
  remember: (count: () => Promise<number>) => Promise<number> = (count) => count(),
  anchors?: Anchors,
): Promise<{ rows: ProductSummaryRow[]; total: number }> {
  const { rows, total } = await listPage(db, filters, order, page, now, anchors);
  return { rows, total: total ?? (await remember(() => countListed(db, filters, now))) };
}

/**
 * A column named with its table, as a subquery of a one-table select needs it (Drizzle leaves the
 * columns of such a select unqualified).
 */
const at = (table: string, column: AnyPgColumn) => sql.raw(`"${table}"."${column.name}"`);

/** A JSON object of these columns of `table` under their names in code, for a row read in a subquery. */
function jsonOf(table: string, columns: Record<string, AnyPgColumn>): SQL {
  return sql.raw(
    `json_build_object(${Object.entries(columns)
      .map(([key, column]) => `'${key}', "${table}"."${column.name}"`)
      .join(', ')})`,
  );
}

/**
 * Reads rows of these columns as jsonOf wrote them, their times made Dates again as Drizzle's own
 * mapping would: which columns are times is the table's to say, not a list kept here.
 */
function rowsOfJson<Row>(columns: Record<string, AnyPgColumn>): (json: Record<string, unknown>) => Row {
  const times = Object.keys(columns).filter((key) => columns[key]!.dataType === 'date');
  return (json) => {
    const row = { ...json };
    for (const key of times) row[key] = json[key] === null ? null : new Date(json[key] as string);
    return row as Row;
  };
}

/**
 * A card's row read as one JSON value (jsonOf(summaryColumns)). A listing's page reads its rows so:
 * Drizzle's mapping of 27 columns a row cost more than the JSON.
 */
const summaryOfJson = rowsOfJson<ProductSummaryRow>(summaryColumns);
const pageRowOfJson = rowsOfJson<ProductPageRow>(pageColumns);
const reviewOfJson = rowsOfJson<typeof reviews.$inferSelect>(getTableColumns(reviews));

function productPageQuery(db: Db, includeUnlisted: boolean) {
  const self = at('products', products.id);
  const relatedListed = includeUnlisted
    ? sql`true`
    : sql`${at('related', products.available)} AND ${at('related', products.name)} <> ${sql.raw(`'${SAMPLE_PRODUCT_NAME}'`)}`;
  return db
    .select({
      rowJson: sql<Record<string, unknown>>`${jsonOf('products', pageColumns)}`,
      variantsJson: sql<
        unknown[]
      >`(SELECT coalesce(json_agg(${jsonOf('product_variants', getTableColumns(productVariants))}
        ORDER BY ${at('product_variants', productVariants.position)}), '[]') FROM product_variants
        WHERE ${at('product_variants', productVariants.productId)} = ${self})`,
      relatedJson: sql<unknown[]>`(SELECT coalesce(json_agg(${jsonOf('related', summaryColumns)}
        ORDER BY ${at('product_relations', productRelations.position)}), '[]') FROM product_relations
        JOIN products AS related ON ${at('related', products.id)} = ${at('product_relations', productRelations.relatedId)}
        WHERE ${at('product_relations', productRelations.productId)} = ${self} AND ${relatedListed})`,
      reviewsJson: sql<unknown[]>`(SELECT coalesce(json_agg(${jsonOf('reviews', getTableColumns(reviews))}
        ORDER BY ${at('reviews', reviews.createdAt)} DESC, ${at('reviews', reviews.id)}), '[]') FROM reviews
        WHERE ${at('reviews', reviews.productId)} = ${self})`,
    })
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare(includeUnlisted ? 'product_page_admin' : 'product_page');
}

/**
 * The product page's statement, built once per database and prepared: PostgreSQL parses and plans
 * it once per connection, and nothing builds its text again per page.
 */
const productPages = new WeakMap<Db, Record<'shopper' | 'admin', ReturnType<typeof productPageQuery>>>();

/**
 * A product with its variants, related products and reviews, in one statement: a product page
 * costs the database one parse, one plan and one round trip (ADR 087). Admins also see related
 * products shoppers cannot. The product's own columns come as one JSON value, like its cards
 * (ADR 091): Drizzle's mapping of some 40 columns cost more than reading them so.
 */
export async function findProduct(db: Db, id: string, { includeUnlisted = false } = {}) {
  let prepared = productPages.get(db);
  if (!prepared) {
    prepared = { shopper: productPageQuery(db, false), admin: productPageQuery(db, true) };
    productPages.set(db, prepared);
  }
  const [found] = await prepared[includeUnlisted ? 'admin' : 'shopper'].execute({ id });
  if (!found) return undefined;
  const { rowJson, variantsJson, relatedJson, reviewsJson } = found;
  return {
    row: pageRowOfJson(rowJson),
    variants: variantsJson as (typeof productVariants.$inferSelect)[],
    related: (relatedJson as Record<string, unknown>[]).map(summaryOfJson),
    reviews: (reviewsJson as Record<string, unknown>[]).map(reviewOfJson),
  };
}

export function topRated(db: Db, limit: number, reach?: Reach) {
  return db
    .select(summaryColumns)
    .from(products)
    .where(and(listed, reach && reachSql(reach)))
    .orderBy(desc(products.rating), desc(products.numReviews), asc(products.id))
    .limit(limit);
}

export function featured(db: Db, limit: number, reach?: Reach) {
  return db
    .select(summaryColumns)
    .from(products)
    .where(and(listed, eq(products.isFeatured, true), reach && reachSql(reach)))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit);
}

export function newestListed(db: Db, limit: number, reach?: Reach) {
  return db
    .select(summaryColumns)
    .from(products)
    .where(and(listed, reach && reachSql(reach)))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit);
}

/** Name look-up for pickers: listed products whose name holds every word, best first, then by name. */
export async function searchByName(db: Db, keyword: string, limit: number) {
  const words = await keywordQuery(db, [keyword], 'A');
  if (words.terms.length === 0) return [];
  const bind = inline(keywordValues(words));
  return db
    .select(summaryColumns)
    .from(products)
    .where(and(listed, keywordCondition(words, bind)))
    .orderBy(desc(relevance(words, NAME_WEIGHTS, bind)), asc(products.name), asc(products.id))
    .limit(limit);
}

/** Shoppable products, most recently changed first: what the sitemap lists. */
export function listedForSitemap(db: Db, limit: number) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.available, true), ne(products.name, SAMPLE_PRODUCT_NAME)))
    .orderBy(desc(products.updatedAt))
    .limit(limit);
}

/** The ids among these that name a product, listed or not. */
export async function existingIds(db: Db | Tx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return rows.map((r) => r.id);
}

/** Card data of these products, listed or not, in no order; unknown ids are left out. */
export function summariesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(summaryColumns)
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** How each product travels and whether it can go out the day it is ordered (unknown ids are left out). */
export function deliveryTraits(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: products.id,
      sameDayDelivery: products.sameDayDelivery,
      fulfilment: products.fulfilment,
      category: products.category,
      subCategory: products.subCategory,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** Locks the product's row until the transaction ends; undefined when there is no such product. */
export async function lockProduct(db: Db | Tx, id: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
  return row;
}
