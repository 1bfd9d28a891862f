/**
 * A business rule refused a command. The edge maps `conflict` to HTTP 409 and `unprocessable` to 422,
 * `not_found` to 404,
 * `forbidden` (a rule about who may do it to whom, e.g. a manager changing an admin) to 403. `code` is stable (for clients and tests); `message` is for people.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: string,
    message: string,
    readonly kind: 'conflict' | 'unprocessable' | 'not_found' | 'forbidden' = 'conflict',
  ) {
    super(message);
  }
}
