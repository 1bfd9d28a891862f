import { useCallback, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { saveFailure } from '../../api/save-failure.util.ts';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { customerFormProblems, customerPayload, type CustomerFormProblem, type CustomerFormValues } from '../utils/customer-form.util.ts';
import { useSaveCustomer } from './use-save-customer.hook.ts';

/** Refusal codes that belong to one field of the form. */
const CUSTOMER_CODE_FIELDS: Readonly<Record<string, string>> = {
  customer_email_taken: 'email',
  assign_forbidden: 'assignedTo',
  assignee_not_found: 'assignedTo',
};

/**
 * Submitting the customer form (Add, Edit, the detail's edit mode): client checks first (the server's rules),
 * then `customers.create`/`update`; the server's field errors land under the fields; toasts per spec 02 §8.
 */
export function useCustomerForm() {
  const { LL } = useI18nContext();
  const f = LL.customers.form;
  const { save, pending } = useSaveCustomer();
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const describe = useCallback(
    (p: CustomerFormProblem): string => {
      switch (p.kind) {
        case 'required':
          return f.nameRequired();
        case 'email':
          return f.emailInvalid();
        case 'phone':
          return f.phoneInvalid();
        case 'score':
          return f.scoreInvalid();
        case 'tooLong':
          return f.tooLong({ max: p.max });
        case 'tooManyTags':
          return f.tooManyTags({ max: p.max });
      }
    },
    [f],
  );

  /** True when saved. */
  const submit = useCallback(
    async (id: string | null, values: CustomerFormValues): Promise<boolean> => {
      const problems = customerFormProblems(values);
      const messages = Object.fromEntries(Object.entries(problems).map(([field, p]) => [field, describe(p)]));
      setErrors(messages);
      if (Object.keys(messages).length > 0) return false;
      const result = await save(id, customerPayload(values));
      if (result.ok) {
        toast(id ? { type: 'success', title: LL.customers.updated() } : { type: 'success', title: LL.customers.created(), description: LL.customers.createdText({ name: result.name }) });
        return true;
      }
      const { errors: fieldErrors, reason: refusal } = saveFailure(result.failure, LL, CUSTOMER_CODE_FIELDS);
      setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([field, list]) => [field, list.join('; ')])));
      const reason = refusal ?? (Object.keys(fieldErrors).length > 0 ? f.fixErrors() : null);
      toastError(LL, id ? LL.customers.updateFailed() : LL.customers.createFailed(), reason);
      return false;
    },
    [LL, describe, f, save],
  );

  const clearErrors = useCallback(() => setErrors({}), []);
  return { submit, errors, clearErrors, pending };
}
