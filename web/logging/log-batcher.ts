import { LOG_BATCH_MAX_ENTRIES, LOG_MESSAGE_MAX_LENGTH } from '../../common/layout';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One entry of a POST /api/logs batch. */
export type LogEntry = {
  level: LogLevel;
  message: string;
  /** ISO 8601. */
  timestamp: string;
  url?: string;
  code?: string;
  info?: Record<string, unknown>;
};

export type LogTransport = (body: string, options: { isUnloading: boolean }) => void;

/** A page that logs in a loop must not grow without bound; beyond this the oldest entries go. */
const MAX_QUEUED_ENTRIES = 500;

/**
 * Collects log entries and hands them to the transport in batches the server accepts: at most
 * 50 entries, messages cut to 2000 characters, nothing when the queue is empty. The transport must
 * never log through this batcher itself, or a failing endpoint would feed its own queue.
 */
export function createLogBatcher(options: { send: LogTransport }) {
  let queue: LogEntry[] = [];
  let dropped = 0;

  const add = (entry: LogEntry) => {
    const message =
      entry.message.length > LOG_MESSAGE_MAX_LENGTH
        ? `${entry.message.slice(0, LOG_MESSAGE_MAX_LENGTH - 1)}…`
        : entry.message;
    queue.push({ ...entry, message });
    if (queue.length > MAX_QUEUED_ENTRIES) {
      dropped += queue.length - MAX_QUEUED_ENTRIES;
      queue = queue.slice(-MAX_QUEUED_ENTRIES);
    }
  };

  const flush = ({ isUnloading = false }: { isUnloading?: boolean } = {}) => {
    if (dropped > 0) {
      queue.unshift({
        level: 'warn',
        message: `${dropped} browser log entries were dropped because too many were queued`,
        timestamp: new Date().toISOString(),
        code: 'log.dropped',
      });
      dropped = 0;
    }
    const entries = queue;
    queue = [];
    for (let start = 0; start < entries.length; start += LOG_BATCH_MAX_ENTRIES) {
      const batch = entries.slice(start, start + LOG_BATCH_MAX_ENTRIES);
      options.send(JSON.stringify({ entries: batch }), { isUnloading });
    }
  };

  return { add, flush, size: () => queue.length };
}

export type LogBatcher = ReturnType<typeof createLogBatcher>;
