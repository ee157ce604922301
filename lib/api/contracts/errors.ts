/**
 * Domain errors the route wrapper (lib/http/route.ts) turns into HTTP statuses. Library code throws them; it never
 * builds responses itself. Anything else that escapes a handler is a bug and becomes a logged, generic 500.
 */

/** What was not found: the code is `not_found:<entity>` (e.g. `not_found:session`), stable for clients. */
export type NotFoundEntity = "session" | "upload" | "run" | "probe" | "share_link" | "comparison" | "judgement";

/** → 404 */
export class NotFoundError extends Error {
  readonly code: `not_found:${NotFoundEntity}`;

  constructor(entity: NotFoundEntity, id: string, message?: string) {
    super(message ?? `No ${entity} with id ${JSON.stringify(id)}.`);
    this.name = "NotFoundError";
    this.code = `not_found:${entity}`;
  }
}

/** → 413. `limit` is the configured maximum in bytes. */
export class PayloadTooLargeError extends Error {
  readonly code = "payload_too_large";

  constructor(readonly limit: number, size?: number) {
    super(
      `The upload is larger than the ${formatBytes(limit)} limit${size === undefined ? "" : ` (${formatBytes(size)})`}. Raise MAX_UPLOAD_BYTES to allow it.`,
    );
    this.name = "PayloadTooLargeError";
  }
}

/** → 415. `accepted` lists the media types the endpoint reads. */
export class UnsupportedMediaTypeError extends Error {
  readonly code = "unsupported_media_type";

  constructor(received: string | null, readonly accepted: readonly string[]) {
    super(`Unsupported content type ${received ? JSON.stringify(received) : "(none)"}; send one of: ${accepted.join(", ")}.`);
    this.name = "UnsupportedMediaTypeError";
  }
}

/**
 * → 400 for a request that parses but cannot be served as asked (an unknown strategy, an anthropic run with no
 * key). `path` names the field at fault, like a zod issue's.
 */
export class BadRequestError extends Error {
  constructor(readonly code: string, message: string, readonly path?: string) {
    super(message);
    this.name = "BadRequestError";
  }
}

/**
 * → 502 when a service the request depends on failed (e.g. Anthropic's count_tokens after the SDK's retries). The
 * message says what the service answered, never the key or request content; `code` is stable for clients
 * (`count_tokens_failed`).
 */
export class UpstreamError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = "UpstreamError";
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

/** → 403. A state-changing request from another site (or otherwise refused before the handler ran). */
export class ForbiddenError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = "ForbiddenError";
  }
}

/**
 * → 421. The request names a host the lab does not serve (lib/security/served-host.ts): a page on a DNS-rebinding
 * domain that resolves to this lab would otherwise read and write it through a visitor's browser.
 */
export class MisdirectedRequestError extends Error {
  readonly code = "host_not_served";

  constructor(message: string) {
    super(message);
    this.name = "MisdirectedRequestError";
  }
}

/** → 401. Team mode: the request carries neither the access token nor the signed-in cookie. */
export class UnauthorizedError extends Error {
  readonly code = "unauthorized";

  constructor(message = "This lab requires its access token: sign in at /sign-in, or send Authorization: Bearer <LAB_ACCESS_TOKEN>.") {
    super(message);
    this.name = "UnauthorizedError";
  }
}

/**
 * The request would duplicate what is stored (409): an upload of a file already in the lab names the session it
 * became, so the client can offer to open it (or upload again with `duplicate=allow`).
 */
export class ConflictError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly existing?: { id: string; title: string },
  ) {
    super(message);
    this.name = "ConflictError";
  }
}
