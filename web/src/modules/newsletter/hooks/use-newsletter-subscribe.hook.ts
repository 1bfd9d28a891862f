import { useCallback, useState } from 'react';
import { isEmailAddress } from '@crm/contracts/contact/contact.rules';
import type { NewsletterSource } from '@crm/contracts/newsletter/newsletter.rules';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

export type NewsletterSubscribeState =
  | { phase: 'idle' }
  | { phase: 'invalid'; reason: 'required' | 'email' }
  | { phase: 'sent' }
  | { phase: 'failed'; failure: ApiFailure };

/**
 * The newsletter box: the address is checked with the server's own rule before sending; the server answers
 * the same "check your inbox" whatever the address's state (it never says whether it is already subscribed).
 */
export function useNewsletterSubscribe(source: NewsletterSource) {
  const { locale } = useI18nContext();
  const subscribe = trpc.newsletter.subscribe.useMutation();
  const [email, setEmailValue] = useState('');
  const [state, setState] = useState<NewsletterSubscribeState>({ phase: 'idle' });

  const setEmail = useCallback((value: string) => {
    setEmailValue(value);
    setState((s) => (s.phase === 'invalid' || s.phase === 'failed' ? { phase: 'idle' } : s));
  }, []);

  const submit = useCallback(async (): Promise<boolean> => {
    const value = email.trim();
    if (!value) {
      setState({ phase: 'invalid', reason: 'required' });
      return false;
    }
    if (!isEmailAddress(value)) {
      setState({ phase: 'invalid', reason: 'email' });
      return false;
    }
    try {
      await subscribe.mutateAsync({ email: value, locale, source });
      setEmailValue('');
      setState({ phase: 'sent' });
      return true;
    } catch (error) {
      const failure = describeApiError(error);
      if (failure.kind === 'server' && failure.fieldErrors.email) setState({ phase: 'invalid', reason: 'email' });
      else setState({ phase: 'failed', failure });
      return false;
    }
  }, [email, locale, source, subscribe]);

  return { email, setEmail, state, submit, submitting: subscribe.isPending };
}
