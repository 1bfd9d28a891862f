import type { DealView } from '@crm/contracts';
import { useCallback, useRef, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { splitFieldErrors, translatedFieldErrors } from '../../api/field-issues.util.ts';
import { trpc } from '../../api/trpc.client.ts';
import { EMPTY_DEAL_FORM, isDealFormField, missingDealFields, toDealCreate, type DealFormField, type DealFormValues } from '../utils/deal-form.util.ts';

/** Why the last submission failed; put into words by the dialog (`otherFields`: translated problems of no field on the form). */
export type DealSubmitError = { kind: 'network' } | { kind: 'fields' } | { kind: 'server'; failure: Extract<ApiFailure, { kind: 'server' }>; otherFields: string[] };

/**
 * State of the Add Deal dialog: the values, per-field errors (our own check of the required fields first,
 * then the server's, on the form field they belong to) and the submission. `onCreated` gets the new deal.
 */
export function useCreateDeal(onCreated: (deal: DealView) => void) {
  const { LL } = useI18nContext();
  const utils = trpc.useUtils();
  const create = trpc.deals.create.useMutation();
  const [values, setValues] = useState<DealFormValues>(EMPTY_DEAL_FORM);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<DealFormField, string>>>({});
  const [submitError, setSubmitError] = useState<DealSubmitError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const generation = useRef(0);

  const setField = useCallback(<F extends keyof DealFormValues>(field: F, value: DealFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field as DealFormField];
      return next;
    });
  }, []);

  const submit = useCallback(async () => {
    if (submitting) return;
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
      const { deal } = await create.mutateAsync(toDealCreate(values));
      if (mine !== generation.current) return;
      setValues(EMPTY_DEAL_FORM);
      void utils.deals.invalidate();
      onCreated(deal);
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
  }, [LL, create, onCreated, submitting, utils, values]);

  const reset = useCallback(() => {
    generation.current += 1;
    setValues(EMPTY_DEAL_FORM);
    setFieldErrors({});
    setSubmitError(null);
    setSubmitting(false);
  }, []);

  return { values, setField, fieldErrors, submitError, submitting, submit, reset };
}
