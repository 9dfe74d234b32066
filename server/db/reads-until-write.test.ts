import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { type DatabaseHandle, queryRows } from './client.ts';
import { ReadsUntilWrite } from './reads-until-write.ts';

describe('reads kept until the next write', () => {
  it('keeps an answer, drops everything on a write, and never keeps a read a write overtook', async () => {
    const reads = new ReadsUntilWrite({ isOn: true });
    let count = 0;
    const read = async () => {
      count += 1;
      return count;
    };
    expect(await reads.get('a', read)).toBe(1);
    expect(await reads.get('a', read)).toBe(1);
    reads.written();
    expect(await reads.get('a', read)).toBe(2);
    // A write while the read is under way: its answer is used once, not kept.
    let finish: (value: number) => void = () => {};
    const slow = reads.get('b', () => new Promise<number>((resolve) => (finish = resolve)));
    reads.written();
    finish(10);
    expect(await slow).toBe(10);
    expect(await reads.get('b', async () => 11)).toBe(11);
  });

  it('keeps nothing when off (PostgreSQL: other nodes write too), nor a failed read', async () => {
    const off = new ReadsUntilWrite({ isOn: false });
    let count = 0;
    await off.get('a', async () => ++count);
    expect(await off.get('a', async () => ++count)).toBe(2);
    const on = new ReadsUntilWrite({ isOn: true });
    await expect(on.get('x', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await on.get('x', async () => 'yes')).toBe('yes');
  });

  describe('on the embedded database', () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await database.close();
    });

    it('drops what it kept on every statement that may write, not on a query', async () => {
      if (database.kind !== 'pglite') return; // PostgreSQL keeps nothing (the test above)
      const reads = database.readsUntilWrite;
      await reads.get('k', async () => 'kept');
      await queryRows(database.db, sql`SELECT 1 AS one`);
      expect(reads.size).toBe(1);
      await database.db.execute(sql`CREATE TEMP TABLE IF NOT EXISTS reads_probe (n int)`);
      expect(reads.size).toBe(0);
      await reads.get('k', async () => 'kept');
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO reads_probe VALUES (1)`);
      });
      expect(reads.size).toBe(0);
      await reads.get('k', async () => 'kept');
      await database.db.execute(
        sql`  with moved as (delete from reads_probe returning n) select count(*) from moved`,
      );
      expect(reads.size).toBe(0);
    });
  });
});
