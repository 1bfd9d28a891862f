import { domainContracts } from '../domains.ts';
import type { ErrorDef } from './domain-error.ts';

type DomainWithErrors = Extract<(typeof domainContracts)[number], { errors: object }>;

/**
 * Every domain's error definitions, by domain (from each domain's contract, contracts/src/domains.ts). A domain
 * that refuses nothing (analytics, status, search) has no entry. A code belongs to exactly one domain: the one
 * that owns the rule.
 */
export const DOMAIN_ERRORS = Object.fromEntries(domainContracts.flatMap((contract) => ('errors' in contract ? [[contract.name, contract.errors]] : []))) as {
  readonly [C in DomainWithErrors as C['name']]: C['errors'];
};

export type ErrorDomain = keyof typeof DOMAIN_ERRORS;
/** The codes of one domain. */
export type ErrorCodeOf<D extends ErrorDomain> = keyof (typeof DOMAIN_ERRORS)[D] & string;
/** Every refusal code a client can receive (`DomainError.code`, `TooManyRequestsError.code`). */
export type ErrorCode = { [D in ErrorDomain]: ErrorCodeOf<D> }[ErrorDomain];

/** Every domain's list of codes (a unit test fails on a code listed by two domains). */
export const ERROR_CODES = Object.fromEntries(
  Object.entries(DOMAIN_ERRORS).map(([domain, defs]) => [domain, Object.freeze(Object.keys(defs))]),
) as unknown as { readonly [D in ErrorDomain]: readonly ErrorCodeOf<D>[] };

const definitions = new Map<string, ErrorDef>(
  Object.values(DOMAIN_ERRORS).flatMap((defs) => Object.values(defs as Record<string, ErrorDef>).map((def) => [def.code, def] as const)),
);

/** Whether a string (e.g. a response's `domainCode`) is a known refusal code. */
export const isErrorCode = (code: string | null | undefined): code is ErrorCode => !!code && definitions.has(code);

/** The definition of a code (kind and English message), if it is one. */
export const errorDefinition = (code: string): ErrorDef | undefined => definitions.get(code);
