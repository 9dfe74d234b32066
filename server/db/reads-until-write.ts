/**
 * Answers of small, hot reads (a session, a viewer) kept in memory until the next write. Only for
 * the embedded database (PGlite): it belongs to this one process, so every write passes through its
 * client here and empties the map (server/db/client.ts). On PostgreSQL other nodes write too, and
 * nothing is kept. A read that was under way when a write came is not kept either: it may have
 * read what the write changed.
 *
 * Each PGlite statement costs about a millisecond of the main thread; a signed-in member's page
 * from the members' cache needed two (issue 29): with this, none while nobody writes.
 */
export class ReadsUntilWrite {
  readonly #isOn: boolean;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, Promise<unknown>>();
  #generation = 0;

  constructor(options: { isOn: boolean; maxEntries?: number }) {
    this.#isOn = options.isOn;
    this.#maxEntries = options.maxEntries ?? 10_000;
  }

  /** The kept answer for `key`, or `read()`'s, kept when no write came meanwhile. */
  get<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.#isOn) return read();
    const kept = this.#entries.get(key);
    if (kept) return kept as Promise<T>;
    const generation = this.#generation;
    const reading = read();
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(key, reading);
    reading.then(
      () => {
        if (this.#generation !== generation && this.#entries.get(key) === reading) this.#entries.delete(key);
      },
      () => {
        if (this.#entries.get(key) === reading) this.#entries.delete(key);
      },
    );
    return reading;
  }

  /** Something was (or is being) written: nothing kept holds any more. */
  written(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
