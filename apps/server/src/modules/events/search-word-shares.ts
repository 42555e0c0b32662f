import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** How old PostgreSQL's statistics of the events' words may be here before they are read again. */
const REFRESH_MS = 5 * 60_000;

/** The words' statistics as last read: how many events, and the share of them holding each common word. */
export interface WordStatistics {
  events: number;
  /** The share of events holding one of these stored words (the sum of theirs, capped at 1; a word not among the common ones counts 0). */
  shareOf(words: readonly string[]): number;
}

/**
 * PostgreSQL's own statistics of the events' stored words (pg_stats: the most common elements of
 * `events.search_words` with their frequencies, and the table's row count), read into memory and
 * again every five minutes, for the events list's choice between its two ways of reading a search
 * (readsWordsFirst, decision 0032). What the planner knows, kept beside it: no answer is kept, and
 * a list is the same whichever way it is read. Until the first read has come back, and without
 * statistics (a table never analysed), there are none: the list walks its order (the words tested
 * in the start index's entries).
 */
export class SearchWordShares {
  private readonly db: Db;
  private statistics: WordStatistics | null = null;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;

  constructor(db: Db) {
    this.db = db;
  }

  /** The statistics as last read (null: none yet); a read is started when they are older than REFRESH_MS (nobody waits for it). */
  current(): WordStatistics | null {
    if (Date.now() - this.readAt > REFRESH_MS) void this.refresh();
    return this.statistics;
  }

  /** Reads the statistics now (one at a time); a failed read keeps the last ones and is tried again at the next use after REFRESH_MS. */
  refresh(): Promise<void> {
    if (this.reading) return this.reading;
    this.readAt = Date.now();
    this.reading = this.read()
      .then((statistics) => {
        this.statistics = statistics;
      })
      .catch(() => {})
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  private async read(): Promise<WordStatistics | null> {
    const result = await sql<{ events: number | null; elems: string[] | null; freqs: number[] | null }>`
      SELECT (SELECT c.reltuples::float8 FROM pg_class c WHERE c.oid = 'events'::regclass) AS events,
        s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs::float8[] AS freqs
      FROM (SELECT) AS one
      LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = 'events' AND s.attname = 'search_words'
    `.execute(this.db);
    const row = result.rows[0];
    if (!row || row.events === null || row.events <= 0 || !row.elems || !row.freqs) return null;
    const shares = new Map<string, number>();
    // The frequencies hold three more numbers after the elements' (their minimum, maximum and the null share).
    row.elems.forEach((word, i) => shares.set(word, row.freqs![i]!));
    return {
      events: row.events,
      shareOf: (words) => Math.min(1, words.reduce((sum, word) => sum + (shares.get(word) ?? 0), 0)),
    };
  }
}

const byDb = new WeakMap<Db, SearchWordShares>();

/** The statistics of the events' words for this database (one reader per pool). */
export function searchWordShares(db: Db): SearchWordShares {
  let shares = byDb.get(db);
  if (!shares) {
    shares = new SearchWordShares(db);
    byDb.set(db, shares);
  }
  return shares;
}
