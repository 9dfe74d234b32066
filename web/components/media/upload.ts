import { XSRF_COOKIE, XSRF_HEADER } from '../../../common/auth';
import type { ErrorCode } from '../../../common/errors';
import { readCookie } from '../../../common/locale';
import { MAX_UPLOAD_BYTES } from '../../../common/media';

/** What an upload is for: the query flag of POST /a/upload (SPEC 5). */
export type UploadPurpose =
  | 'public'
  | 'profile'
  | 'api'
  /** Into the media library itself (issue 27): for a block, item or draft not saved yet. */
  | 'library'
  | { block: string }
  | { item: string };

/** The 201 answer of POST /a/upload. */
export type UploadedImage = {
  guid: string;
  width: number;
  height: number;
  type: string;
  size: number;
  fileName: string;
};

/** Why an upload failed, as the control tells the user. */
export type UploadFailure =
  | 'type'
  | 'tooLarge'
  | 'pixels'
  | 'signedOut'
  | 'notAllowed'
  | 'xsrf'
  | 'network'
  | 'aborted'
  | 'failed';

export class UploadError extends Error {
  readonly reason: UploadFailure;
  readonly status: number;
  readonly code: ErrorCode | null;

  constructor(reason: UploadFailure, status: number, code: ErrorCode | null, message: string) {
    super(message);
    this.reason = reason;
    this.status = status;
    this.code = code;
  }
}

/** `/a/upload?public`, `/a/upload?block=<guid>`, … with the page language for the server's messages. */
export function uploadUrl(purpose: UploadPurpose, language: string): string {
  const flag =
    typeof purpose === 'string'
      ? purpose
      : 'block' in purpose
        ? `block=${encodeURIComponent(purpose.block)}`
        : `item=${encodeURIComponent(purpose.item)}`;
  return `/a/upload?${flag}&lang=${encodeURIComponent(language)}`;
}

/** Maps a refused upload to the reason the control explains; the status decides when no JSON came back. */
export function failureOf(status: number, code: ErrorCode | null): UploadFailure {
  if (code === 'image_too_large') return 'pixels';
  if (code === 'xsrf_failed') return 'xsrf';
  if (status === 415 || code === 'unsupported_media_type') return 'type';
  if (status === 413 || code === 'payload_too_large') return 'tooLarge';
  if (status === 401 || code === 'unauthorized' || code === 'account_inactive') return 'signedOut';
  if (status === 403 || code === 'forbidden') return 'notAllowed';
  if (status === 0) return 'network';
  return 'failed';
}

function correlationId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `upload-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Sends one image as multipart field `Image`. XMLHttpRequest rather than fetch: only it reports
 * upload progress. Cookie auth, so the XSRF token goes along as with every unsafe API call, plus a
 * correlation id the server echoes and logs. Rejects with an UploadError; a 413 from a proxy or the
 * server's stream limit may come without a JSON body, so the status alone must be enough.
 */
export function uploadImage(options: {
  file: File;
  purpose: UploadPurpose;
  language: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<UploadedImage> {
  const { file, purpose, language, onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', uploadUrl(purpose, language));
    request.responseType = 'text';
    const token = readCookie(document.cookie, XSRF_COOKIE);
    if (token) request.setRequestHeader(XSRF_HEADER, token);
    request.setRequestHeader('x-correlation-id', correlationId());
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON (e.g. a proxy's 413 page): the status says enough
      }
      if (request.status === 201 || request.status === 200) {
        const image = body as UploadedImage | null;
        if (image && typeof image.guid === 'string') {
          resolve(image);
          return;
        }
      }
      const error = (body as { error?: { code?: ErrorCode; message?: string } } | null)?.error;
      const code = error?.code ?? null;
      reject(new UploadError(failureOf(request.status, code), request.status, code, error?.message ?? ''));
    };
    // A server that refuses an oversized body mid-stream may close the connection before the browser
    // reads its 413: for a file over the limit, a dropped connection means "too large".
    request.onerror = () =>
      reject(
        file.size > MAX_UPLOAD_BYTES
          ? new UploadError('tooLarge', 413, null, 'payload too large')
          : new UploadError('network', 0, null, 'network error'),
      );
    request.ontimeout = () => reject(new UploadError('network', 0, null, 'timeout'));
    request.onabort = () => reject(new UploadError('aborted', 0, null, 'aborted'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('Image', file, file.name);
    request.send(form);
  });
}
