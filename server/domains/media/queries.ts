import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type MediaRow, media } from '../../db/schema.ts';

/** Uploaded images by guid (unknown guids are simply absent). */
export async function findMediaRows(db: Executor, guids: readonly string[]): Promise<Map<string, MediaRow>> {
  const unique = [...new Set(guids.map((guid) => guid.toLowerCase()))];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(media).where(inArray(media.id, unique));
  return new Map(rows.map((row) => [row.id.toLowerCase(), row]));
}
