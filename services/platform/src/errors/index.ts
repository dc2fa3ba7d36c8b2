/**
 * The error model of DESIGN.md §4. Domain code throws AppError with a stable
 * code; the HTTP layer turns it into {ok:false, message, error, code}.
 */
export const ErrorCodes = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DUPLICATE_KEY: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const satisfies Record<string, number>;

export type KnownErrorCode = keyof typeof ErrorCodes;

export interface AppErrorOptions {
  /** HTTP status; defaults from the code when it is a known one. */
  status?: number;
  field?: string;
  cause?: unknown;
  /** Extra fields merged into the JSON body (e.g. rateLimited). */
  body?: Record<string, unknown>;
  /** The message is written for the caller and is sent even with a 5xx status (e.g. a 503 when shedding load). */
  expose?: boolean;
  /** Response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field: string | undefined;
  readonly body: Record<string, unknown> | undefined;
  readonly expose: boolean;
  readonly headers: Record<string, string> | undefined;

  constructor(code: KnownErrorCode | (string & {}), message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? (ErrorCodes as Record<string, number>)[code] ?? 500;
    this.field = options.field;
    this.body = options.body;
    this.expose = options.expose ?? false;
    this.headers = options.headers;
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** Everything of AppErrorOptions but the status: that follows from the code. */
export type CodedErrorOptions = Omit<AppErrorOptions, 'status'>;

/**
 * A service's error catalogue (its src/errors.ts): the status of each code the
 * service adds to the platform's, decided once, so domain code throws by code
 * and never picks an HTTP status. Returns the one constructor the service's
 * named factories use.
 */
export function errorCatalogue<const Codes extends Record<string, number>>(statuses: Codes) {
  const table: Record<string, number> = { ...ErrorCodes, ...statuses };
  return (code: KnownErrorCode | (keyof Codes & string), message: string, options: CodedErrorOptions = {}): AppError =>
    new AppError(code, message, { ...options, status: table[code] ?? 500 });
}
