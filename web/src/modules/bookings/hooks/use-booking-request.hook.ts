import { useCallback, useRef, useState } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { splitFieldErrors, translatedFieldErrors } from '../../api/field-issues.util.ts';
import { trpc } from '../../api/trpc.client.ts';
import {
  EMPTY_BOOKING_FORM,
  isBookingFormComplete,
  isBookingFormField,
  toBookingRequest,
  type BookingFormField,
  type BookingFormValues,
} from '../utils/booking-form.util.ts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { browserTimeZone } from '../utils/local-date.util.ts';

export type BookingDialogPhase = 'form' | 'submitting' | 'confirmed';

/** Why the last submission failed; turned into words by the dialog so a language switch re-renders it. */
export type BookingSubmitError =
  | { kind: 'network' }
  | {
      kind: 'server';
      failure: Extract<ApiFailure, { kind: 'server' }>;
      /** problems of fields the form does not show, in the reader's language */
      otherFields: string[];
    }
  /** Every problem is shown beside its field. */
  | { kind: 'fields' };

/**
 * State of the booking dialog (spec 01 §4): form → submitting → confirmed, or back to the form with an
 * error (the typed values are kept). Closing the dialog calls `reset`.
 */
export function useBookingRequest(businessTimeZone: string | undefined) {
  const request = trpc.bookings.request.useMutation();
  // The site's language goes with the request: the visitor's mails are written in it.
  const { locale, LL } = useI18nContext();
  const [values, setValues] = useState<BookingFormValues>(EMPTY_BOOKING_FORM);
  const [phase, setPhase] = useState<BookingDialogPhase>('form');
  const [bookingId, setBookingId] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<BookingSubmitError | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<BookingFormField, string>>>({});
  // Each submission and each reset bumps this, so an answer arriving after the dialog closed is ignored.
  const generation = useRef(0);

  const setField = useCallback(<F extends BookingFormField>(field: F, value: BookingFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const canSubmit = phase === 'form' && isBookingFormComplete(values);

  const submit = useCallback(async () => {
    if (phase !== 'form' || !isBookingFormComplete(values)) return;
    const mine = ++generation.current;
    setPhase('submitting');
    setSubmitError(null);
    setFieldErrors({});
    try {
      const result = await request.mutateAsync(toBookingRequest(values, { timeZone: businessTimeZone, visitorTimeZone: browserTimeZone() }, locale));
      if (mine !== generation.current) return;
      setBookingId(result.booking.id);
      setValues(EMPTY_BOOKING_FORM);
      setPhase('confirmed');
    } catch (error) {
      if (mine !== generation.current) return;
      const failure = describeApiError(error);
      if (failure.kind === 'network') {
        setSubmitError({ kind: 'network' });
      } else {
        const { byField, other: otherFields } = splitFieldErrors(translatedFieldErrors(failure.fieldErrors, failure.fieldIssues, LL), isBookingFormField);
        setFieldErrors(byField);
        const onlyFieldErrors = Object.keys(byField).length > 0 && otherFields.length === 0;
        setSubmitError(onlyFieldErrors ? { kind: 'fields' } : { kind: 'server', failure, otherFields });
      }
      setPhase('form');
    }
  }, [phase, values, locale, LL, request, businessTimeZone]);

  const reset = useCallback(() => {
    generation.current += 1;
    setValues(EMPTY_BOOKING_FORM);
    setPhase('form');
    setBookingId(null);
    setSubmitError(null);
    setFieldErrors({});
    request.reset();
  }, [request]);

  return { values, setField, phase, canSubmit, submit, reset, bookingId, submitError, fieldErrors };
}
