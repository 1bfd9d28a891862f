import { v5 as uuidv5 } from 'uuid';

/** The namespace of `emailCustomerId` (a fixed random UUID: the ids must stay the same across releases). */
const EMAIL_CUSTOMER_NAMESPACE = '3d1f6a52-b8c4-4e0f-9a7d-2c51e08b6f93';

/**
 * A customer id derived from an e-mail address (a name-based UUID, version 5): the same address (trimmed,
 * case-insensitive) gives the same id, so two first creations for one new address append to the same stream and
 * the event store's expected version lets only one of them create it (`CustomersService.createForEmail`).
 * `round` moves past an id already taken by a customer who no longer holds the address (deleted, or its e-mail
 * changed).
 */
export const emailCustomerId = (email: string, round = 0): string => uuidv5(`${round}:${email.trim().toLowerCase()}`, EMAIL_CUSTOMER_NAMESPACE);
