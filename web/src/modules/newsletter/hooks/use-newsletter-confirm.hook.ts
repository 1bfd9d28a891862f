import { useEffect, useRef, useState } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

export type NewsletterConfirmState =
  | { phase: 'confirming' }
  | { phase: 'confirmed' }
  | { phase: 'missing' }
  | { phase: 'invalid' }
  | { phase: 'failed'; failure: ApiFailure };

/** Reads the token from the address bar (then removes it from there), and confirms it once. */
export function useNewsletterConfirm() {
  const confirm = trpc.newsletter.confirm.useMutation();
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token'));
  const [state, setState] = useState<NewsletterConfirmState>(token ? { phase: 'confirming' } : { phase: 'missing' });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    // The token has been read: it leaves the address bar (history, screenshots, shoulder surfing).
    if (token && window.location.search.includes('token=')) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [token]);

  useEffect(() => {
    if (!token || started.current === attempt) return;
    started.current = attempt;
    setState({ phase: 'confirming' });
    confirm
      .mutateAsync({ token })
      .then(() => setState({ phase: 'confirmed' }))
      .catch((error: unknown) => {
        const failure = describeApiError(error);
        const invalid = failure.kind === 'server' && (failure.domainCode === 'newsletter_token_invalid' || Boolean(failure.fieldErrors.token));
        setState(invalid ? { phase: 'invalid' } : { phase: 'failed', failure });
      });
  }, [token, attempt, confirm]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
