import { useCallback, useRef, useState } from 'react';
import { CONTACT_SUBJECTS, contactFormProblems, type ContactField, type ContactFormValues, type ContactProblem, type ContactSubject } from '@crm/contracts/contact/contact.rules';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';
import { track } from '../../analytics/utils/track.util.ts';

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', subject: '', message: '' };
const FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];
const isField = (name: string): name is ContactField => (FIELDS as readonly string[]).includes(name);

/** The server's (English) field message as one of the form's problems, for a translated text. */
function problemOf(message: string): ContactProblem {
  if (/at most/.test(message)) return 'tooLong';
  if (/e-mail/.test(message)) return 'email';
  if (/one of/.test(message)) return 'subject';
  return 'required';
}

/** Why the last submission failed; the page turns it into words (so a language switch re-renders it). */
export type ContactSubmitError = { kind: 'network' } | { kind: 'fields' } | { kind: 'server'; failure: Extract<ApiFailure, { kind: 'server' }> };

/**
 * The contact form (spec 01 §2, §5): the same rules as the server (contracts/contact/contact.rules.ts) are
 * checked before sending; the server's field errors land beside their fields. On success the form clears and
 * `onSent` shows the toast; no artificial delay.
 */
export function useContactForm(onSent: () => void) {
  const { locale } = useI18nContext();
  const send = trpc.contact.send.useMutation();
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [problems, setProblems] = useState<Partial<Record<ContactField, ContactProblem>>>({});
  const [submitError, setSubmitError] = useState<ContactSubmitError | null>(null);
  const busy = useRef(false);

  const setField = useCallback((field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const submit = useCallback(async (): Promise<ContactField | null> => {
    if (busy.current) return null;
    const found = contactFormProblems(values);
    setProblems(found);
    const first = FIELDS.find((f) => found[f]) ?? null;
    if (first) {
      setSubmitError({ kind: 'fields' });
      return first;
    }
    track('contact_submit', { subject: values.subject, hasName: values.name.trim() !== '', hasEmail: values.email.trim() !== '' });
    busy.current = true;
    setSubmitError(null);
    try {
      await send.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject as ContactSubject,
        message: values.message.trim(),
        locale,
      });
      setValues(EMPTY_CONTACT_FORM);
      onSent();
      return null;
    } catch (error) {
      const failure = describeApiError(error);
      if (failure.kind === 'network') {
        setSubmitError({ kind: 'network' });
        return null;
      }
      // The server's words are English; a field it names gets our translated problem instead.
      const byField: Partial<Record<ContactField, ContactProblem>> = {};
      for (const [field, messages] of Object.entries(failure.fieldErrors)) if (isField(field)) byField[field] = problemOf(messages.join(' '));
      setProblems(byField);
      const firstServer = FIELDS.find((f) => byField[f]) ?? null;
      setSubmitError(firstServer ? { kind: 'fields' } : { kind: 'server', failure });
      return firstServer;
    } finally {
      busy.current = false;
    }
  }, [values, locale, send, onSent]);

  return { values, setField, problems, submitError, submit, submitting: send.isPending, subjects: CONTACT_SUBJECTS };
}
