import type { ErrorCode } from '../../common/errors';

/** An API answer outside 2xx, with the stable code and the server's localized message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network_error';
  readonly body: unknown;

  constructor(status: number, code: ErrorCode | 'network_error', message: string, body?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}
