import type { DealView } from '@crm/contracts';
import { useCallback, useRef, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../api/api-error.util.ts';
import { splitFieldErrors, translatedFieldErrors } from '../../api/field-issues.util.ts';
import { trpc } from '../../api/trpc.client.ts';
import { dealToForm, isDealFormField, missingDealFields, toDealUpdate, type DealFormField, type DealFormValues } from '../utils/deal-form.util.ts';
import type { DealSubmitError } from './use-create-deal.hook.ts';

/**
 * State of the deal dialog's Edit form (`deals.update`): the values (from the deal when editing starts), the
 * errors per field (our own check of the required fields, then the server's, beside the field they belong to)
 * and the submission. `onSaved` gets the saved deal.
 */
export function useEditDeal(onSaved: (deal: DealView) => void) {
  const { LL } = useI18nContext();
  const utils = trpc.useUtils();
  const update = trpc.deals.update.useMutation();
  const [values, setValues] = useState<DealFormValues | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<DealFormField, string>>>({});
  const [submitError, setSubmitError] = useState<DealSubmitError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const generation = useRef(0);

  const start = useCallback((deal: DealView) => {
    generation.current += 1;
    setValues(dealToForm(deal));
    setFieldErrors({});
    setSubmitError(null);
    setSubmitting(false);
  }, []);

  const stop = useCallback(() => {
    generation.current += 1;
    setValues(null);
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
    async (id: string, options: { withOwner: boolean }) => {
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
        const { deal } = await update.mutateAsync(toDealUpdate(id, values, options));
        if (mine !== generation.current) return;
        utils.deals.detail.setData({ id }, deal);
        void utils.deals.invalidate();
        void utils.customers.invalidate();
        setValues(null);
        onSaved(deal);
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
    [LL, onSaved, submitting, update, utils, values],
  );

  return { editing: values !== null, values, setField, fieldErrors, submitError, submitting, start, stop, submit };
}
