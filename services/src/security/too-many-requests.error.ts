import type { SECURITY_ERRORS } from '@crm/contracts';

/** The throttle codes (SECURITY_ERRORS definitions of kind `too_many_requests`). */
type ThrottleDef = (typeof SECURITY_ERRORS)['login_throttled' | 'rate_limited'];

/**
 * A refusal that says when to come back: HTTP 429 with Retry-After (REST), tRPC TOO_MANY_REQUESTS with
 * `data.domainCode` and `data.retryAfterSeconds` (and the same Retry-After header).
 */
export class TooManyRequestsError extends Error {
  override readonly name = 'TooManyRequestsError';
  constructor(
    readonly code: ThrottleDef['code'],
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }

  /** The refusal a throttle definition describes: `TooManyRequestsError.of(SECURITY_ERRORS.login_throttled, { seconds })`. */
  static of<const D extends ThrottleDef>(def: D, params: Parameters<D['message']>[0]): TooManyRequestsError {
    return new TooManyRequestsError(def.code, (def.message as (p: typeof params) => string)(params), params.seconds);
  }
}
