/** History state marking a record URL pushed from its list, so closing the record can go back instead of forward. */
export const FROM_LIST_KEY = 'crm.fromList';
export const FROM_LIST_STATE = { [FROM_LIST_KEY]: true } as const;

export function cameFromList(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[FROM_LIST_KEY] === true;
}
