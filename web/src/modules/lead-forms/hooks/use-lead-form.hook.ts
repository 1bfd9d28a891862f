import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { checkSubmission, type SubmissionValue } from '@crm/contracts/marketing/lead-form.submission';
import type { FormField } from '@crm/contracts/marketing/marketing.constants';
import {
  answersOf,
  emptyAnswer,
  postSubmission,
  problemsOf,
  PublicFormError,
  redirectTarget,
  type EmbedMessage,
  type FieldProblem,
  type FormPageContext,
  type PublicFormAnswer,
} from '../utils/public-form.util.ts';

/** Why the last submission failed; the page turns it into words (a language switch re-renders it). */
export type LeadFormSubmitError = { kind: 'network' } | { kind: 'fields' } | { kind: 'expired' } | { kind: 'server'; code: string | null; message: string };

/**
 * The hosted form's answers and its submission: checked first with the server's own rules (`checkSubmission`
 * against the form's fields); the server's field errors land beside their fields. The honeypot `website` is
 * sent as it is (empty unless a bot filled it). Success redirects (`redirectTarget`) or thanks in place.
 */
export function useLeadForm(slug: string, loaded: PublicFormAnswer, context: FormPageContext) {
  const { form, formToken } = loaded;
  const [, navigate] = useLocation();
  const { locale } = useI18nContext();
  const [values, setValues] = useState<Record<string, SubmissionValue>>(() => Object.fromEntries(form.fields.map((f) => [f.name, emptyAnswer(f)])));
  const [honeypot, setHoneypot] = useState('');
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});
  const [submitError, setSubmitError] = useState<LeadFormSubmitError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const busy = useRef(false);

  const setAnswer = useCallback((field: FormField, value: SubmissionValue) => {
    setValues((current) => ({ ...current, [field.name]: value }));
    setProblems((current) => {
      if (!(field.name in current)) return current;
      const next = { ...current };
      delete next[field.name];
      return next;
    });
  }, []);

  /** Sends the answers; returns the first field to fix, if any. */
  const submit = useCallback(async (): Promise<string | null> => {
    if (busy.current) return null;
    const data = answersOf(form.fields, values);
    const check = checkSubmission(form.fields, data);
    const firstOf = (found: Record<string, FieldProblem>) => form.fields.find((f) => found[f.name])?.name ?? null;
    if (!check.ok) {
      const found = problemsOf(check.issues, form.fields);
      setProblems(found);
      setSubmitError({ kind: 'fields' });
      return firstOf(found);
    }
    busy.current = true;
    setSubmitting(true);
    setSubmitError(null);
    try {
      const answer = await postSubmission(slug, { formToken, data, website: honeypot, locale, context });
      const target = redirectTarget(answer.redirectUrl ?? form.redirectUrl, context.channel);
      if (target?.kind === 'url' && context.channel === 'embed' && window.parent !== window) {
        // The host page leaves for the redirect itself (a framed page may not navigate its parent).
        window.parent.postMessage({ type: 'crm-form:redirect', slug, url: target.url } satisfies EmbedMessage, '*');
        setDone(true);
      } else if (target?.kind === 'url') window.location.assign(target.url);
      else if (target?.kind === 'path') navigate(target.path);
      else setDone(true);
      return null;
    } catch (error) {
      const failure = error instanceof PublicFormError ? error.failure : ({ kind: 'network' } as const);
      if (failure.kind === 'fields') {
        const found = problemsOf(failure.issues, form.fields);
        setProblems(found);
        setSubmitError({ kind: 'fields' });
        return firstOf(found);
      }
      if (failure.kind === 'network') setSubmitError({ kind: 'network' });
      else if (failure.kind === 'not_found') setSubmitError({ kind: 'server', code: 'form_unavailable', message: '' });
      else if (failure.code === 'form_token_invalid') setSubmitError({ kind: 'expired' });
      else setSubmitError({ kind: 'server', code: failure.code, message: failure.message });
      return null;
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }, [context, form, formToken, honeypot, locale, navigate, slug, values]);

  return { values, setAnswer, honeypot, setHoneypot, problems, submitError, submitting, done, submit };
}
