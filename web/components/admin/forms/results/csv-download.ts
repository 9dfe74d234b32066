import { ApiError } from '../../../../api/client';

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Counts the CRLF line ends of a CSV document as its bytes arrive, chunk by chunk. A line break
 * inside a quoted cell (a long answer over several lines) is part of the cell, not a row's end, so
 * the counter follows the quotes; a CR at the end of one chunk and its LF at the start of the next
 * still count once. The bytes themselves are left alone.
 */
export function createLineCounter() {
  let isQuoted = false;
  let previous = 0;
  let lines = 0;
  return {
    push(chunk: Uint8Array) {
      for (const byte of chunk) {
        // A doubled quote inside a quoted cell toggles twice: it stays quoted.
        if (byte === QUOTE) isQuoted = !isQuoted;
        else if (byte === LF && previous === CR && !isQuoted) lines += 1;
        previous = byte;
      }
    },
    /** Complete lines so far (the header row included). */
    get lines() {
      return lines;
    },
  };
}

export type CsvProgress = { rows: number; total: number | null };
export type CsvFile = { blob: Blob; fileName: string; rows: number };

/** The file name from `content-disposition: attachment; filename="…"`, if the server named one. */
export function fileNameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? null;
}

/** The error a refused export carries (JSON like every API error), as an ApiError. */
async function exportError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code?: ApiError['code']; message?: string } }
    | undefined;
  return new ApiError(
    response.status,
    body?.error?.code ?? 'internal_error',
    body?.error?.message ?? response.statusText,
    body,
  );
}

/**
 * Fetches a streamed CSV export and keeps its bytes exactly as sent (UTF-8 with BOM), reporting the
 * data rows received against the server's `x-total-count` as they come in.
 */
export async function fetchCsv(
  url: string,
  options: { signal: AbortSignal; onProgress: (progress: CsvProgress) => void; fallbackName: string },
): Promise<CsvFile> {
  const headers: Record<string, string> = { accept: 'text/csv' };
  // The column headers come in the page's language, like the API's messages.
  if (document.documentElement.lang) headers['accept-language'] = document.documentElement.lang;
  let response: Response;
  try {
    // A GET changes nothing: the session cookie goes along, no XSRF header is needed.
    response = await fetch(url, { credentials: 'same-origin', headers, signal: options.signal });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'network error');
  }
  if (!response.ok) throw await exportError(response);
  const header = response.headers.get('x-total-count');
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? options.fallbackName;
  const counter = createLineCounter();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const rowsSoFar = () => Math.max(0, counter.lines - 1);
  options.onProgress({ rows: 0, total });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      counter.push(value);
      options.onProgress({ rows: rowsSoFar(), total });
    }
  } else {
    const bytes = new Uint8Array(await response.arrayBuffer());
    chunks.push(bytes);
    counter.push(bytes);
  }
  return { blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName, rows: rowsSoFar() };
}

/** Offers a file to the browser's downloads through a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns: let it live a little.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
