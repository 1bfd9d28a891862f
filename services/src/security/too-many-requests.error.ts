/**
 * A refusal that says when to come back: HTTP 429 with Retry-After (REST), tRPC TOO_MANY_REQUESTS with
 * `data.domainCode` and `data.retryAfterSeconds` (and the same Retry-After header).
 */
export class TooManyRequestsError extends Error {
  override readonly name = 'TooManyRequestsError';
  constructor(
    readonly code: 'login_throttled' | 'rate_limited',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
