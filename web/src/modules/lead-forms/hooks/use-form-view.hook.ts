import { useEffect, useRef } from 'react';
import { useCookiePreferences } from '../../consent/hooks/use-cookie-preferences.hook.ts';
import { postFormView, type FormPageContext } from '../utils/public-form.util.ts';

/**
 * Counts one view of this load (`POST /api/forms/<slug>/views`) when the form's analytics integration is on:
 * on our hosted page only with the visitor's analytics consent (also when it is given later on the page); in
 * the embed always (the host site answers for its visitors' consent). Never breaks the page.
 */
export function useFormView(slug: string, formToken: string | null, analytics: boolean, context: FormPageContext) {
  const { saved } = useCookiePreferences();
  const consent = context.channel === 'embed' || saved?.analytics === true;
  const counted = useRef(false);
  useEffect(() => {
    if (!formToken || !analytics || !consent || counted.current) return;
    counted.current = true;
    postFormView(slug, formToken, context).catch(() => undefined);
  }, [slug, formToken, analytics, consent, context]);
}
