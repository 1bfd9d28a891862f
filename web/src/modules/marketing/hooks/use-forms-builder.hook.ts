import type { LeadFormView } from '@crm/contracts/marketing/marketing.views';
import { useCallback, useRef, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { translatedFieldErrors } from '../../api/field-issues.util.ts';
import { builderSlotOf, missingFormFields, type FormBuilderValues } from '../components/forms/form-builder.util.ts';

/** Why the last save failed: our own required check, the server's field errors, or another refusal. */
export type FormSaveError = { kind: 'required' } | { kind: 'network' } | { kind: 'fields' } | { kind: 'server'; failure: Extract<ApiFailure, { kind: 'server' }>; otherFields: string[] };

/**
 * The form builder's state (Create Form and Edit Form): the values (null while closed), errors per slot of the
 * builder (`name`, `field:<key>:options`, `notifications`, …; see builderSlotOf) and the save. A save answered
 * after the dialog closed or reopened is ignored.
 */
export function useFormsBuilder() {
  const { LL } = useI18nContext();
  const [values, setValues] = useState<FormBuilderValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<FormSaveError | null>(null);
  const [saving, setSaving] = useState(false);
  const generation = useRef(0);

  const start = useCallback((next: FormBuilderValues | null) => {
    generation.current += 1;
    setValues(next);
    setErrors({});
    setSaveError(null);
    setSaving(false);
  }, []);

  /** Changes the values; the errors of the slots named in `clear` go away. */
  const change = useCallback((update: (current: FormBuilderValues) => FormBuilderValues, ...clear: string[]) => {
    setValues((current) => (current ? update(current) : current));
    // 'Please provide form name and title' goes once the marketer types again.
    setSaveError((current) => (current?.kind === 'required' ? null : current));
    if (clear.length > 0) {
      setErrors((current) => {
        if (!clear.some((slot) => slot in current)) return current;
        const next = { ...current };
        for (const slot of clear) delete next[slot];
        return next;
      });
    }
  }, []);

  const save = useCallback(
    async (send: (values: FormBuilderValues) => Promise<LeadFormView>, onDone: (form: LeadFormView) => void) => {
      if (saving || !values) return;
      const missing = missingFormFields(values);
      if (missing.length > 0) {
        setErrors(Object.fromEntries(missing.map((slot) => [slot, LL.fieldIssues.required()])));
        setSaveError({ kind: 'required' });
        return;
      }
      const mine = ++generation.current;
      setSaving(true);
      setSaveError(null);
      setErrors({});
      try {
        const form = await send(values);
        if (mine === generation.current) onDone(form);
      } catch (caught) {
        if (mine !== generation.current) return;
        const failure = describeApiError(caught);
        if (failure.kind === 'network') {
          setSaveError({ kind: 'network' });
          return;
        }
        const bySlot: Record<string, string> = {};
        const otherFields: string[] = [];
        for (const [path, messages] of Object.entries(translatedFieldErrors(failure.fieldErrors, failure.fieldIssues, LL))) {
          const slot = builderSlotOf(path, values.fields);
          if (slot) bySlot[slot] = [bySlot[slot], ...messages].filter(Boolean).join(' ');
          else otherFields.push(...messages);
        }
        setErrors(bySlot);
        setSaveError(Object.keys(bySlot).length > 0 && otherFields.length === 0 ? { kind: 'fields' } : { kind: 'server', failure, otherFields });
      } finally {
        if (mine === generation.current) setSaving(false);
      }
    },
    [LL, saving, values],
  );

  return { values, change, errors, saveError, saving, start, save };
}

export type FormsBuilderState = ReturnType<typeof useFormsBuilder>;
