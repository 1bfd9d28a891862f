import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';
import type { RouterOutputs } from '../../api/trpc.client.ts';

export type ActiveSession = RouterOutputs['profile']['sessions']['sessions'][number];

/** "Firefox 132 on Linux"; the server says "Unknown" for agents it cannot read: translated here. */
export function clientLabel(session: Pick<ActiveSession, 'browser' | 'os'>, LL: TranslationFunctions): string {
  const known = (value: string) => (value && value !== 'Unknown' ? value : LL.profile.unknown());
  return LL.profile.client({ browser: known(session.browser), os: known(session.os) });
}
