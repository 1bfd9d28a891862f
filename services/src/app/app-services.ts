/** `AppServices` is declared beside the domain list (services/src/domains.ts). */
export type { AppServices } from '../domains.ts';

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Merges the modules' routers into one record, keeping each namespace's type. */
export type RoutersOf<M extends readonly { routers?: object }[]> = UnionToIntersection<NonNullable<M[number]['routers']>>;
