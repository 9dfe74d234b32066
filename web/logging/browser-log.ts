import { XSRF_COOKIE, XSRF_HEADER } from '../../common/auth';
import { LOG_FLUSH_INTERVAL_MS } from '../../common/layout';
import { readCookie } from '../../common/locale';
import { createLogBatcher, type LogLevel } from './log-batcher';

const LOG_ENDPOINT = '/api/logs';

// Captured before anything can wrap fetch, so sending never runs through instrumented code.
const originalFetch = typeof window === 'undefined' ? undefined : window.fetch.bind(window);

function readXsrfToken(): string | undefined {
  return readCookie(document.cookie, XSRF_COOKIE);
}

/**
 * Sends one batch. Failures are swallowed on purpose: logging a failed log request would queue a new
 * entry for the next flush and keep an unreachable endpoint busy for ever.
 */
function sendBatch(body: string, { isUnloading }: { isUnloading: boolean }) {
  // A beacon survives the page going away; fetch is used otherwise so the XSRF header can travel.
  if (isUnloading && typeof navigator.sendBeacon === 'function') {
    const blob = new Blob([body], { type: 'application/json' });
    if (navigator.sendBeacon(LOG_ENDPOINT, blob)) return;
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const xsrf = readXsrfToken();
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  originalFetch?.(LOG_ENDPOINT, {
    method: 'POST',
    body,
    headers,
    credentials: 'same-origin',
    keepalive: isUnloading,
  }).catch(() => undefined);
}

const batcher = createLogBatcher({ send: sendBatch });

type LogDetails = { code?: string; info?: Record<string, unknown> };

function record(level: LogLevel, message: string, details: LogDetails = {}) {
  // Server renders have their own logger; an unflushed queue there would only grow.
  if (typeof window === 'undefined') return;
  batcher.add({
    level,
    message,
    timestamp: new Date().toISOString(),
    url: window.location.href,
    ...(details.code ? { code: details.code } : {}),
    ...(details.info ? { info: details.info } : {}),
  });
}

/** Explicit logging from the web app: kept in the browser and shipped to the server in batches. */
export const browserLog = {
  debug: (message: string, details?: LogDetails) => record('debug', message, details),
  info: (message: string, details?: LogDetails) => record('info', message, details),
  warn: (message: string, details?: LogDetails) => record('warn', message, details),
  error: (message: string, details?: LogDetails) => record('error', message, details),
};

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function stackOf(values: readonly unknown[]): Record<string, unknown> | undefined {
  const error = values.find((value): value is Error => value instanceof Error);
  return error?.stack ? { stack: error.stack.slice(0, 4000) } : undefined;
}

/** What a browser's fetch rejects with when the request was cut off (navigation, tab closed, offline). */
const ABORTED_FETCH =
  /^(AbortError|TypeError: (Failed to fetch|NetworkError when attempting to fetch resource\.|Load failed))/;

/**
 * The level a console message is kept at. React Router fetches route manifests as links appear and
 * reports a failed fetch with console.error; when the visitor leaves the page early that fetch is
 * simply cut off, which is not an error of ours.
 */
export function consoleLevel(level: 'error' | 'warn', data: readonly unknown[]): LogLevel {
  const isManifestFetch = data[0] === 'Failed to fetch manifest patches';
  return isManifestFetch && data.slice(1).some((value) => ABORTED_FETCH.test(describe(value)))
    ? 'info'
    : level;
}

/**
 * Starts capturing console errors and warnings, uncaught errors and unhandled rejections, and
 * flushes every 5 seconds and when the page is hidden. Returns a function that undoes all of it.
 */
export function installBrowserLog(): () => void {
  const { error: consoleError, warn: consoleWarn } = console;
  let isCapturing = false;
  const capture =
    (level: 'error' | 'warn', original: (...data: unknown[]) => void) =>
    (...data: unknown[]) => {
      original.apply(console, data);
      // Formatting an odd argument may itself warn; never capture what capturing caused.
      if (isCapturing) return;
      isCapturing = true;
      try {
        const info = stackOf(data);
        record(consoleLevel(level, data), data.map(describe).join(' '), {
          code: `console.${level}`,
          ...(info ? { info } : {}),
        });
      } finally {
        isCapturing = false;
      }
    };
  console.error = capture('error', consoleError);
  console.warn = capture('warn', consoleWarn);

  const onError = (event: ErrorEvent) => {
    const info: Record<string, unknown> = { source: event.filename, line: event.lineno, column: event.colno };
    if (event.error instanceof Error && event.error.stack) info.stack = event.error.stack.slice(0, 4000);
    record('error', event.message || describe(event.error), { code: 'window.error', info });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const info = stackOf([event.reason]);
    record('error', `Unhandled rejection: ${describe(event.reason)}`, {
      code: 'window.unhandledrejection',
      ...(info ? { info } : {}),
    });
  };
  const flushOnHide = () => {
    if (document.visibilityState === 'hidden') batcher.flush({ isUnloading: true });
  };
  const flushOnPageHide = () => batcher.flush({ isUnloading: true });

  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  document.addEventListener('visibilitychange', flushOnHide);
  window.addEventListener('pagehide', flushOnPageHide);
  const timer = window.setInterval(() => batcher.flush(), LOG_FLUSH_INTERVAL_MS);

  return () => {
    console.error = consoleError;
    console.warn = consoleWarn;
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    document.removeEventListener('visibilitychange', flushOnHide);
    window.removeEventListener('pagehide', flushOnPageHide);
    window.clearInterval(timer);
    batcher.flush();
  };
}
