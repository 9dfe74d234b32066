import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  statisticsPageViews,
  statisticsReferrers,
  statisticsSearches,
  statisticsVisitors,
} from '../../db/schema.ts';

/** One counted page view, as the collector hands it over. */
export type ViewRecord = {
  day: string;
  path: string;
  /** The first page of a visit: not reached from a page of this site. */
  entry: boolean;
  /** The other site the visitor came from (host only), or null. */
  referrerHost: string | null;
  /** A per-day hash of the analytics cookie, only with analytical consent; else null. */
  visitorHash: string | null;
};

export type SearchRecord = { day: string; term: string; found: boolean };

type Batch = {
  views: Map<string, { day: string; path: string; views: number; entries: number }>;
  referrers: Map<string, { day: string; host: string; views: number }>;
  searches: Map<string, { day: string; term: string; searches: number; noResults: number }>;
  visitors: Map<string, { day: string; visitorHash: string }>;
};

const emptyBatch = (): Batch => ({
  views: new Map(),
  referrers: new Map(),
  searches: new Map(),
  visitors: new Map(),
});

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

const chunks = <T>(rows: T[]): T[][] => {
  const result: T[][] = [];
  for (let index = 0; index < rows.length; index += CHUNK) result.push(rows.slice(index, index + CHUNK));
  return result;
};

/**
 * The statistics one node counted since its last flush, in memory: recording is a few map
 * operations (no I/O in the request path). `flush` writes them with upserts that add to what is
 * there, so every node flushing the same day and path adds up. A node keeps at most `maxKeys`
 * distinct rows between flushes; beyond that new rows are dropped (counted in `dropped`), so a
 * flood of odd paths cannot grow memory without bound.
 */
export class StatisticsAccumulator {
  #batch = emptyBatch();
  #size = 0;
  #flushing: Promise<void> | null = null;
  readonly maxKeys: number;
  dropped = 0;

  constructor(options: { maxKeys?: number } = {}) {
    this.maxKeys = options.maxKeys ?? 50_000;
  }

  /** Distinct rows waiting for the next flush. */
  get pending(): number {
    return this.#size;
  }

  #room(map: Map<string, unknown>, key: string): boolean {
    if (map.has(key)) return true;
    if (this.#size >= this.maxKeys) {
      this.dropped += 1;
      return false;
    }
    this.#size += 1;
    return true;
  }

  recordView(view: ViewRecord): void {
    const batch = this.#batch;
    const viewKey = `${view.day}\u0000${view.path}`;
    if (this.#room(batch.views, viewKey)) {
      const row = batch.views.get(viewKey) ?? { day: view.day, path: view.path, views: 0, entries: 0 };
      row.views += 1;
      if (view.entry) row.entries += 1;
      batch.views.set(viewKey, row);
    }
    if (view.referrerHost) {
      const key = `${view.day}\u0000${view.referrerHost}`;
      if (this.#room(batch.referrers, key)) {
        const row = batch.referrers.get(key) ?? { day: view.day, host: view.referrerHost, views: 0 };
        row.views += 1;
        batch.referrers.set(key, row);
      }
    }
    if (view.visitorHash) {
      const key = `${view.day}\u0000${view.visitorHash}`;
      if (this.#room(batch.visitors, key)) {
        batch.visitors.set(key, { day: view.day, visitorHash: view.visitorHash });
      }
    }
  }

  recordSearch(search: SearchRecord): void {
    if (!search.term) return;
    const key = `${search.day}\u0000${search.term}`;
    const batch = this.#batch;
    if (!this.#room(batch.searches, key)) return;
    const row = batch.searches.get(key) ?? { day: search.day, term: search.term, searches: 0, noResults: 0 };
    row.searches += 1;
    if (!search.found) row.noResults += 1;
    batch.searches.set(key, row);
  }

  /**
   * Writes what was counted and starts a new batch. One flush at a time: a call during a flush
   * waits for it and then flushes what came in since. When the write fails the rows go back
   * into the batch for the next try (then the error is thrown for the caller to log).
   */
  async flush(db: Executor): Promise<void> {
    while (this.#flushing) await this.#flushing.catch(() => undefined);
    if (this.#size === 0) return;
    const batch = this.#batch;
    this.#batch = emptyBatch();
    this.#size = 0;
    this.#flushing = writeBatch(db, batch);
    try {
      await this.#flushing;
    } catch (error) {
      this.#restore(batch);
      throw error;
    } finally {
      this.#flushing = null;
    }
  }

  #restore(batch: Batch): void {
    for (const [key, row] of batch.views) {
      if (!this.#room(this.#batch.views, key)) continue;
      const current = this.#batch.views.get(key) ?? { ...row, views: 0, entries: 0 };
      current.views += row.views;
      current.entries += row.entries;
      this.#batch.views.set(key, current);
    }
    for (const [key, row] of batch.referrers) {
      if (!this.#room(this.#batch.referrers, key)) continue;
      const current = this.#batch.referrers.get(key) ?? { ...row, views: 0 };
      current.views += row.views;
      this.#batch.referrers.set(key, current);
    }
    for (const [key, row] of batch.visitors) {
      if (this.#room(this.#batch.visitors, key)) this.#batch.visitors.set(key, row);
    }
    for (const [key, row] of batch.searches) {
      if (!this.#room(this.#batch.searches, key)) continue;
      const current = this.#batch.searches.get(key) ?? { ...row, searches: 0, noResults: 0 };
      current.searches += row.searches;
      current.noResults += row.noResults;
      this.#batch.searches.set(key, current);
    }
  }
}

/** One transaction of upserts that add: `views = views + excluded.views`. */
async function writeBatch(db: Executor, batch: Batch): Promise<void> {
  await db.transaction(async (tx) => {
    for (const rows of chunks([...batch.views.values()])) {
      await tx
        .insert(statisticsPageViews)
        .values(rows)
        .onConflictDoUpdate({
          target: [statisticsPageViews.day, statisticsPageViews.path],
          set: {
            views: sql`${statisticsPageViews.views} + excluded.views`,
            entries: sql`${statisticsPageViews.entries} + excluded.entries`,
          },
        });
    }
    for (const rows of chunks([...batch.referrers.values()])) {
      await tx
        .insert(statisticsReferrers)
        .values(rows)
        .onConflictDoUpdate({
          target: [statisticsReferrers.day, statisticsReferrers.host],
          set: { views: sql`${statisticsReferrers.views} + excluded.views` },
        });
    }
    for (const rows of chunks([...batch.searches.values()])) {
      await tx
        .insert(statisticsSearches)
        .values(rows)
        .onConflictDoUpdate({
          target: [statisticsSearches.day, statisticsSearches.term],
          set: {
            searches: sql`${statisticsSearches.searches} + excluded.searches`,
            noResults: sql`${statisticsSearches.noResults} + excluded.no_results`,
          },
        });
    }
    for (const rows of chunks([...batch.visitors.values()])) {
      await tx.insert(statisticsVisitors).values(rows).onConflictDoNothing();
    }
  });
}
