import type { DealView } from '@crm/contracts';
import { useCallback, useRef, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { splitFieldErrors, translatedFieldErrors } from '../../api/field-issues.util.ts';
import { isDealFormField, missingDealFields, type DealFormField, type DealFormValues } from '../utils/deal-form.util.ts';

/** Why the last submission failed; put into words by the form (`otherFields`: translated problems of no field on the form). */
export type DealSubmitError = { kind: 'network' } | { kind: 'fields' } | { kind: 'server'; failure: Extract<ApiFailure, { kind: 'server' }>; otherFields: string[] };

/**
 * The deal form's state, for Add Deal (`deals.create`) and the deal dialog's Edit (`deals.update`): the values
 * (null while no form is open), per-field errors (our own check of the required fields first, then the
 * server's, on the form field they belong to) and the submission. `submit(send)` sends the values with the
 * caller's mutation; a submission answered after the form was closed or reopened is ignored.
 */
export function useDealForm(initial: DealFormValues | null = null) {
  const { LL } = useI18nContext();
  const [values, setValues] = useState<DealFormValues | null>(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<DealFormField, string>>>({});
  const [submitError, setSubmitError] = useState<DealSubmitError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const generation = useRef(0);

  /** Opens the form with these values (or closes it with null), forgetting any submission in flight. */
  const start = useCallback((next: DealFormValues | null) => {
    generation.current += 1;
    setValues(next);
    setFieldErrors({});
    setSubmitError(null);
    setSubmitting(false);
  }, []);

  const setField = useCallback(<F extends keyof DealFormValues>(field: F, value: DealFormValues[F]) => {
    setValues((current) => (current ? { ...current, [field]: value } : current));
    setFieldErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field as DealFormField];
      return next;
    });
  }, []);

  const submit = useCallback(
    async (send: (values: DealFormValues) => Promise<DealView>, onDone: (deal: DealView) => void) => {
      if (submitting || !values) return;
      const missing = missingDealFields(values);
      if (missing.length > 0) {
        setFieldErrors(Object.fromEntries(missing.map((field) => [field, 'required'])));
        setSubmitError({ kind: 'fields' });
        return;
      }
      const mine = ++generation.current;
      setSubmitting(true);
      setSubmitError(null);
      setFieldErrors({});
      try {
        const deal = await send(values);
        if (mine !== generation.current) return;
        onDone(deal);
      } catch (caught) {
        if (mine !== generation.current) return;
        const failure = describeApiError(caught);
        if (failure.kind === 'network') {
          setSubmitError({ kind: 'network' });
        } else {
          const { byField, other: otherFields } = splitFieldErrors(translatedFieldErrors(failure.fieldErrors, failure.fieldIssues, LL), isDealFormField);
          setFieldErrors(byField);
          const onlyFields = Object.keys(byField).length > 0 && otherFields.length === 0;
          setSubmitError(onlyFields ? { kind: 'fields' } : { kind: 'server', failure, otherFields });
        }
      } finally {
        if (mine === generation.current) setSubmitting(false);
      }
    },
    [LL, submitting, values],
  );

  return { values, setField, fieldErrors, submitError, submitting, start, submit };
}

export type DealFormState = ReturnType<typeof useDealForm>;
