/** How the edge answers a refused command: `conflict` 409, `unprocessable` 422, `not_found` 404, `forbidden` 403. */
export type DomainErrorKind = 'conflict' | 'unprocessable' | 'not_found' | 'forbidden';

/**
 * A business rule refused a command. The edge maps `conflict` to HTTP 409 and `unprocessable` to 422,
 * `not_found` to 404,
 * `forbidden` (a rule about who may do it to whom, e.g. a manager changing an admin) to 403. `code` is stable (for clients and tests); `message` is for people.
 *
 * Domain code does not spell codes out: it throws `domainError(CUSTOMER_ERRORS.customer_not_found)` with a
 * definition from its domain's `<domain>.errors.ts` (see `defineDomainErrors`).
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: string,
    message: string,
    readonly kind: DomainErrorKind = 'conflict',
  ) {
    super(message);
  }

  /** The error a definition describes; same as `domainError(def, ...)`. */
  static of<const D extends DomainErrorDef>(def: D, ...args: DomainErrorArgs<D>): DomainError {
    return domainError(def, ...args);
  }
}

/**
 * How a refusal is answered: a DomainError kind, or `too_many_requests` for throttles (TooManyRequestsError, 429
 * with Retry-After), which are codes the app shows like any other.
 */
export type ErrorCodeKind = DomainErrorKind | 'too_many_requests';

/** The server's English text of a code: fixed, or built from a few values (an id, a status, seconds). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any parameter object; narrowed per definition
export type ErrorMessage = string | ((params: any) => string);

/** What a domain writes for one code in its `defineDomainErrors({...})`. */
export interface ErrorSpec {
  readonly kind: ErrorCodeKind;
  readonly message: ErrorMessage;
  /**
   * No screen shows it (a collision of generated ids, a REST-only refusal): it needs no translation, and
   * should one reach a screen, the server's English message is shown.
   */
  readonly internal?: true;
}

/** One error code of a domain: the spec with its `code` (the key it was defined under). */
export type ErrorDef<Code extends string = string, Spec extends ErrorSpec = ErrorSpec> = Spec & { readonly code: Code };

/** A definition `domainError` can throw (every kind but `too_many_requests`). */
export type DomainErrorDef = ErrorDef<string, { readonly kind: DomainErrorKind; readonly message: ErrorMessage }>;

/**
 * The arguments after the definition: a message built from values takes them; a fixed message may take
 * `{ kind }` where the same refusal is answered differently (a customer missing from a deal's input is 422,
 * the customer asked for is 404).
 */
export type DomainErrorArgs<D extends { readonly message: ErrorMessage }> = D['message'] extends (...args: infer P) => string
  ? P
  : [options?: { readonly kind?: DomainErrorKind }];

/**
 * A domain's error codes as typed constants. The keys are the codes (kept as literal types, so
 * `CUSTOMER_ERRORS.customer_not_found.code` is `'customer_not_found'`), each with its kind and English message:
 *
 * ```ts
 * export const CUSTOMER_ERRORS = defineDomainErrors({
 *   customer_not_found: { kind: 'not_found', message: 'Customer not found' },
 * });
 * throw domainError(CUSTOMER_ERRORS.customer_not_found);
 * ```
 */
export function defineDomainErrors<const T extends { readonly [Code in keyof T]: ErrorSpec }>(
  specs: T,
): { readonly [Code in keyof T & string]: ErrorDef<Code, T[Code]> } {
  const defs = Object.fromEntries(Object.entries(specs).map(([code, spec]) => [code, Object.freeze({ ...(spec as ErrorSpec), code })]));
  return Object.freeze(defs) as { readonly [Code in keyof T & string]: ErrorDef<Code, T[Code]> };
}

/** The message of a definition for the given values. */
export function errorMessage<const D extends { readonly message: ErrorMessage }>(def: D, ...args: DomainErrorArgs<D>): string {
  return typeof def.message === 'function' ? def.message(args[0]) : def.message;
}

/** The DomainError of a definition: `throw domainError(CUSTOMER_ERRORS.customer_not_found)`. */
export function domainError<const D extends DomainErrorDef>(def: D, ...args: DomainErrorArgs<D>): DomainError {
  if (typeof def.message === 'function') return new DomainError(def.code, def.message(args[0]), def.kind);
  const options = args[0] as { readonly kind?: DomainErrorKind } | undefined;
  return new DomainError(def.code, def.message, options?.kind ?? def.kind);
}
