import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";

/**
 * A shopper's search as two full-text queries over products.search_vector: `anywhere` matches
 * the name, brand, tags, section or description; `inName` only the name (weight A), which
 * ranks first. Each word matches as a prefix ("ashwa" finds Ashwagandha) and, when it is not a
 * word of the catalogue, also as its closest catalogue words within one typo ("protien" →
 * protein, "macnursh" → macnurish).
 */
export interface ProductSearch {
  anywhere: string;
  inName: string;
}

const MAX_WORDS = 6;
const MAX_WORD_LENGTH = 40;
/** Words shorter than this are too ambiguous to correct. */
const MIN_CORRECTABLE_LENGTH = 4;
/** Vocabulary candidates fetched per word before the edit-distance check. */
const CANDIDATES_PER_WORD = 20;

/** Lower-cased letters and digits runs, as the search vocabulary splits product text. */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((word) => word.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_WORDS);
}

/** Typos tolerated for a word: one, or two in long words. */
export function allowedTypos(word: string): number {
  if (word.length < MIN_CORRECTABLE_LENGTH) return 0;
  return word.length >= 9 ? 2 : 1;
}

/** Edits (insert, delete, substitute, swap two neighbours) between two words. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * Builds the full-text queries of a search, or null when it has no words (only punctuation).
 * One query to the vocabulary for all words; the catalogue itself is not scanned here.
 */
export async function productSearch(db: Database, text: string): Promise<ProductSearch | null> {
  const words = searchWords(text);
  if (words.length === 0) return null;

  const correctable = words.filter((word) => allowedTypos(word) > 0);
  const candidates = new Map<string, string[]>();
  if (correctable.length > 0) {
    // word_similarity (pg_trgm, threshold 0.4 for the session) finds the vocabulary words that
    // share most of a word's trigrams; the edit distance then keeps the real one-typo neighbours.
    const rows = await db.execute<{ input: string; word: string }>(sql`
      select input, candidate.word
      from unnest(${sql.param(correctable)}::text[]) as input
      cross join lateral (
        select search_terms.word from search_terms
        where input <% search_terms.word
        order by word_similarity(input, search_terms.word) desc, search_terms.word
        limit ${CANDIDATES_PER_WORD}
      ) as candidate`);
    for (const row of rows.rows) {
      const list = candidates.get(row.input) ?? [];
      list.push(row.word);
      candidates.set(row.input, list);
    }
  }

  const groups = words.map((word) => {
    const vocabulary = candidates.get(word) ?? [];
    const known = vocabulary.some((candidate) => candidate.startsWith(word));
    const corrections = known
      ? []
      : vocabulary.filter((candidate) => editDistance(word, candidate) <= allowedTypos(word)).slice(0, 5);
    return { word, corrections };
  });

  const build = (weight: string) =>
    groups
      .map(({ word, corrections }) => {
        const terms = [
          `${word}:*${weight}`,
          ...corrections.map((correction) => (weight ? `${correction}:${weight}` : correction)),
        ];
        // The text-search parser reads the "-3" of "Omega-3" as a signed number.
        if (/^\d/.test(word)) terms.push(`-${word}:*${weight}`);
        return `(${terms.join(" | ")})`;
      })
      .join(" & ");
  return { anywhere: build(""), inName: build("A") };
}

/** How close a product name must come to a search that found nothing to be offered instead (pg_trgm word similarity). */
const DID_YOU_MEAN_SIMILARITY = 0.4;

/**
 * "Did you mean …" for a search that found nothing: the published product name sharing most
 * trigrams with the text (pg_trgm's word similarity, on the names' trigram index), or null when
 * none comes close. Searching for that name finds the product, since every word of a name matches.
 */
export async function didYouMean(db: Database, text: string): Promise<string | null> {
  const query = searchWords(text).join(" ");
  if (query.length < MIN_CORRECTABLE_LENGTH - 1) return null;
  const rows = await db.execute<{ name: string }>(sql`
    select name from products
    where published and ${query} <% name and lower(name) <> ${query}
      and word_similarity(${query}, name) >= ${DID_YOU_MEAN_SIMILARITY}
    order by word_similarity(${query}, name) desc, similarity(${query}, name) desc, name
    limit 1`);
  return rows.rows[0]?.name ?? null;
}
