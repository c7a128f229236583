import "server-only";

// One table from error code to HTTP status (CONVENTIONS "Errors"). Services throw AppError; the route
// wrapper turns it into `{ error: { code, message } }` with this status.
export const errorStatus = {
  invalid_input: 400,
  blocked: 400, // login of a blocked user: the contract answers 400 ('Seu acesso foi bloqueado')
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  timeout: 408, // a request that took too long to arrive (server/serve/client-error.ts)
  conflict: 409,
  gone: 410, // a one-time link already used or expired
  too_large: 413,
  headers_too_large: 431, // headers over Node's limit (server/serve/client-error.ts)
  unsupported_media: 415,
  // The export of a month's postings refused until what its check lists is fixed (`error.errors`).
  export_blocked: 422,
  rate_limited: 429,
  // The client went away while its body was arriving: nobody reads the answer, nothing is logged.
  client_closed: 499,
  internal: 500,
  not_implemented: 501, // a method no route serves (TRACE, PROPFIND…): server/serve/client-error.ts
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type FieldIssue = { path: string; message: string };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldIssue[];
  readonly headers?: Record<string, string>;
  /** Structured facts beside the message (e.g. who holds a lease), answered as `error.details`. */
  readonly details?: Record<string, unknown>;
  /** Members of `error` beside code and message, as the contract names them (export_blocked's `errors`). */
  readonly extra?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      fields?: FieldIssue[];
      headers?: Record<string, string>;
      details?: Record<string, unknown>;
      extra?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
    this.details = options.details;
    this.extra = options.extra;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}
