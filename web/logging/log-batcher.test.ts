import { describe, expect, it } from 'vitest';
import { LOG_BATCH_MAX_ENTRIES, LOG_MESSAGE_MAX_LENGTH } from '../../common/layout';
import { createLogBatcher, type LogEntry } from './log-batcher';

type Sent = { entries: LogEntry[]; isUnloading: boolean };

function setup() {
  const sent: Sent[] = [];
  const batcher = createLogBatcher({
    send: (body, { isUnloading }) =>
      sent.push({ ...(JSON.parse(body) as { entries: LogEntry[] }), isUnloading }),
  });
  const entry = (message: string): LogEntry => ({
    level: 'error',
    message,
    timestamp: '2026-01-01T00:00:00.000Z',
  });
  return { sent, batcher, entry };
}

describe('log batcher', () => {
  it('sends nothing when the queue is empty', () => {
    const { sent, batcher } = setup();
    batcher.flush();
    batcher.flush({ isUnloading: true });
    expect(sent).toEqual([]);
  });

  it('sends the queued entries once and then empties the queue', () => {
    const { sent, batcher, entry } = setup();
    batcher.add(entry('one'));
    batcher.add(entry('two'));
    batcher.flush();
    batcher.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.entries.map((item) => item.message)).toEqual(['one', 'two']);
    expect(batcher.size()).toBe(0);
  });

  it('splits into batches of at most 50 entries', () => {
    const { sent, batcher, entry } = setup();
    for (let index = 0; index < 120; index++) batcher.add(entry(`message ${index}`));
    batcher.flush({ isUnloading: true });
    expect(sent.map((batch) => batch.entries.length)).toEqual([
      LOG_BATCH_MAX_ENTRIES,
      LOG_BATCH_MAX_ENTRIES,
      20,
    ]);
    expect(sent.every((batch) => batch.isUnloading)).toBe(true);
  });

  it('cuts messages to 2000 characters', () => {
    const { sent, batcher, entry } = setup();
    batcher.add(entry('x'.repeat(5000)));
    batcher.flush();
    expect(sent[0]?.entries[0]?.message).toHaveLength(LOG_MESSAGE_MAX_LENGTH);
  });

  it('keeps the newest entries and reports how many it dropped when too many are queued', () => {
    const { sent, batcher, entry } = setup();
    for (let index = 0; index < 510; index++) batcher.add(entry(`message ${index}`));
    batcher.flush();
    const entries = sent.flatMap((batch) => batch.entries);
    expect(entries[0]?.code).toBe('log.dropped');
    expect(entries[0]?.message).toMatch(/^10 /);
    expect(entries.at(-1)?.message).toBe('message 509');
    expect(entries).toHaveLength(501);
  });
});
